/**
 * Real processes for the fault tests: a private PostgreSQL (initdb + pg_ctl in a temp dir), a
 * private redis-server, nginx with a temp config, and server processes running the built bundle.
 * Nothing here touches the shared PostgreSQL or Redis on the default ports.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));

/** Why the fault tests cannot run here, or null. */
export function missingTools(opts: { nginx?: boolean } = {}): string | null {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    return `no PostgreSQL binaries in ${PG_BIN} (set FAULTS_PG_BIN)`;
  }
  if (!REDIS) {
    return 'no redis-server';
  }
  if (opts.nginx && !NGINX) {
    return 'no nginx (apt-get install -y nginx)';
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o777);
  return dir;
}

/** initdb refuses root: run PostgreSQL's tools as the postgres user then. */
function asPostgres(cmd: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
  } else {
    execFileSync(cmd, args, { stdio: 'pipe' });
  }
}

export interface PrivatePostgres {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startPostgres(): Promise<PrivatePostgres> {
  const dir = tempDir('faults-pg-');
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) {
    execFileSync('chown', ['postgres', dir]);
  }
  asPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const pgCtl = (action: string, extra: string[] = []) =>
    asPostgres(path.join(PG_BIN, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '30',
      ...extra,
      action,
    ]);
  const options = ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`];
  pgCtl('start', options);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pgCtl('stop', ['-m', 'fast']),
    start: () => pgCtl('start', options),
    destroy() {
      try {
        pgCtl('stop', ['-m', 'immediate']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn(
      REDIS as string,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(() => portOpen(port), 10_000, 'redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const p = proc;
      if (p && p.exitCode === null) {
        const gone = new Promise((r) => p.once('exit', r));
        p.kill('SIGKILL');
        await gone;
      }
    },
  };
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export async function waitFor(check: () => Promise<boolean> | boolean, ms: number, message: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) {
      return;
    }
    await sleep(100);
  }
  throw new Error(message);
}

export interface ServerNode {
  url: string;
  port: number;
  proc: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

/** The built server bundle (built first when missing or stale) on a free port, ready when it returns. */
export async function startNode(env: Record<string, string>): Promise<ServerNode> {
  const { staleness, targets } = (await import(path.join(ROOT, 'scripts/build-lib.mjs'))) as {
    staleness: (t: unknown) => string | null;
    targets: Record<string, { build(): void }>;
  };
  if (staleness(targets.server)) {
    targets.server.build();
  }
  const port = await freePort();
  const log: string[] = [];
  const proc = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      ADMIN_PASSWORD: 'faults-admin-password',
      LOG_LEVEL: 'warn',
      MAIL_URL: '',
      // Limits on (their Redis store must not stall calls while Redis is down), high enough
      // that the load of a test never reaches them.
      RATE_LIMIT_SESSION: '100000',
      RATE_LIMIT_ADDRESS: '100000',
      RATE_LIMIT_SIGN_IN: '100000',
      RATE_LIMIT_CHAT_HANDSHAKE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (c: Buffer) => log.push(c.toString()));
  proc.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (proc.exitCode !== null) {
        throw new Error(`server exited (${proc.exitCode}):\n${log.join('')}`);
      }
      return (await fetch(`${url}/readyz`).catch(() => null))?.status === 200;
    },
    90_000,
    'server did not become ready',
  );
  return { url, port, proc, log, exited };
}

export async function stopNode(node: ServerNode | undefined): Promise<void> {
  if (!node || node.proc.exitCode !== null || node.proc.signalCode !== null) {
    return;
  }
  const timer = setTimeout(() => node.proc.kill('SIGKILL'), 15_000);
  node.proc.kill('SIGTERM');
  await node.exited;
  clearTimeout(timer);
}

/** nginx in the foreground with its own config, pid and logs; `backends` in order (the rest back up the first). */
export async function startNginx(backends: number[]): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = tempDir('faults-nginx-');
  const port = await freePort();
  const [first, ...rest] = backends;
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream app {
    server 127.0.0.1:${first} max_fails=1 fail_timeout=2s;
    ${rest.map((p) => `server 127.0.0.1:${p} backup;`).join('\n    ')}
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_connect_timeout 1s;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout http_502 http_503;
    location / {
      proxy_pass http://app;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 120s;
    }
  }
}`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const proc = spawn(
    NGINX as string,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    {
      stdio: 'ignore',
    },
  );
  await waitFor(() => portOpen(port), 10_000, `nginx did not start: ${readIf(path.join(dir, 'error.log'))}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGQUIT');
        await Promise.race([gone, sleep(5000)]);
        proc.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readIf(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}
