import http from 'node:http';

/** One timed HTTP call of a load run. status: the HTTP status, or the network error's code. */
export interface Sample {
  start: number;
  end: number;
  status: number | string;
}

/** Runs `workers` loops of calls until `stop()` says so; each call gives up after 10 s. */
export async function runLoad(
  call: () => Promise<Response>,
  opts: { workers: number; stop: () => boolean; pauseMs?: number },
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const worker = async () => {
    while (!opts.stop()) {
      const start = Date.now();
      let status: number | string;
      try {
        const res = await call();
        await res.arrayBuffer();
        status = res.status;
      } catch (err) {
        const e = err as { cause?: { code?: string }; name?: string; message?: string };
        status = e.cause?.code ?? e.name ?? String(err);
      }
      samples.push({ start, end: Date.now(), status });
      if (opts.pauseMs) {
        await new Promise((r) => setTimeout(r, opts.pauseMs));
      }
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, worker));
  return samples;
}

export function summarize(samples: Sample[]) {
  const byStatus: Record<string, number> = {};
  for (const s of samples) {
    byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
  }
  const durations = samples.map((s) => s.end - s.start).sort((a, b) => a - b);
  const pct = (p: number) =>
    durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))] ?? 0;
  return { calls: samples.length, byStatus, p50: pct(50), p99: pct(99), max: durations.at(-1) ?? 0 };
}

/**
 * A request held in flight: its headers and half its JSON body go now, the rest on `finish()`,
 * which resolves with the answer's status (or the network error's code).
 */
export function heldRequest(url: string, opts: { method: string; token: string; body: unknown }) {
  const body = JSON.stringify(opts.body);
  const req = http.request(url, {
    method: opts.method,
    agent: false,
    headers: {
      authorization: `Bearer ${opts.token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
  const status = new Promise<number | string>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return {
    finish: () => {
      req.end(body.slice(half));
      return status;
    },
  };
}

export interface Probe {
  /** ms since `since` */
  at: number;
  status: number | string;
  failing?: string[];
}

/** GET /readyz on a new connection every `everyMs` for `forMs`, as a load balancer's health check would. */
export async function probeReadyz(url: string, opts: { since: number; forMs: number; everyMs: number }) {
  const probes: Probe[] = [];
  const until = Date.now() + opts.forMs;
  while (Date.now() < until) {
    const at = Date.now() - opts.since;
    const probe = await new Promise<Probe>((resolve) => {
      const req = http.get(`${url}/readyz`, { agent: false, timeout: 2000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let failing: string[] | undefined;
          try {
            failing = (JSON.parse(Buffer.concat(chunks).toString()) as { failing?: string[] }).failing;
          } catch {
            // not JSON: keep the status alone
          }
          resolve({ at, status: res.statusCode ?? 0, failing });
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e: NodeJS.ErrnoException) => resolve({ at, status: e.code ?? e.message }));
    });
    probes.push(probe);
    await new Promise((r) => setTimeout(r, opts.everyMs));
  }
  return probes;
}
