import fs from 'node:fs';
import path from 'node:path';

const RESULTS = path.resolve(import.meta.dirname, '..', 'results');

/**
 * Runs a standalone bench when its file is the one started (`npx tsx bench/<name>-bench.ts`):
 * prints its report and writes bench/results/<name>.json. Imported by the runner, it does nothing.
 */
export function runWhenStarted<R>(
  file: string,
  bench: { name: string; run: () => Promise<R>; report: (r: R) => string },
): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== path.resolve(file)) {
    return;
  }
  bench
    .run()
    .then((r) => {
      console.log(`\n${bench.report(r)}\n`);
      fs.mkdirSync(RESULTS, { recursive: true });
      fs.writeFileSync(path.join(RESULTS, `${bench.name}.json`), `${JSON.stringify(r, null, 2)}\n`);
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
