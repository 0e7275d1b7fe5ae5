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
