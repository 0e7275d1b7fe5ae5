/**
 * The floor for an HTTP call on this machine: a bare node:http server (no framework, no validation,
 * no auth logic) that answers a request by running a scenario's queries through pg, exactly as the
 * SQL-alone measure does, and writing their rows as JSON. Its latency minus the SQL alone is what
 * any server adds here (the hop to another process and back, and that process waking up for each
 * database round trip); the real server against it is what our code adds on top.
 *
 * The runner starts it with startFloorServer(); run as a child process it takes scenarios over IPC.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import { runQueries } from './measure';

interface FloorScenario {
  /** Run one after another first (the guard's session query). */
  head: pg.QueryConfig[];
  list: pg.QueryConfig[];
  parallel: boolean;
}

type Message = { register: number; scenario: FloorScenario } | { registered: number } | { port: number };

function serve(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const scenarios = new Map<number, FloorScenario>();
  process.on('message', (m: Message) => {
    if ('register' in m) {
      scenarios.set(m.register, m.scenario);
      process.send?.({ registered: m.register } satisfies Message);
    }
  });
  const server = http.createServer(async (req, res) => {
    const s = scenarios.get(Number(req.url?.slice(1)));
    if (!s) {
      res.writeHead(404).end();
      return;
    }
    try {
      const results = await runQueries(pool, s.head, s.list, s.parallel);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(results.map((r) => r.rows)));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 } satisfies Message);
  });
}

export interface FloorServer {
  /** Registers a scenario's queries and resolves with the URL that runs them. */
  register(scenario: FloorScenario): Promise<string>;
  stop(): void;
}

export function startFloorServer(databaseUrl: string): Promise<FloorServer> {
  const child: ChildProcess = fork(import.meta.filename, [], {
    env: { ...process.env, FLOOR_DATABASE_URL: databaseUrl },
    execArgv: ['--import', 'tsx'],
  });
  let next = 0;
  const waiting = new Map<number, () => void>();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`floor server exited (${code})`)));
    child.on('message', (m: Message) => {
      if ('registered' in m) {
        waiting.get(m.registered)?.();
        waiting.delete(m.registered);
      } else if ('port' in m) {
        const base = `http://127.0.0.1:${m.port}`;
        resolve({
          register: (scenario) =>
            new Promise((done) => {
              const id = ++next;
              waiting.set(id, () => done(`${base}/${id}`));
              child.send({ register: id, scenario } satisfies Message);
            }),
          stop: () => child.kill(),
        });
      }
    });
  });
}

if (process.env.FLOOR_DATABASE_URL && process.send) {
  serve(process.env.FLOOR_DATABASE_URL);
}
