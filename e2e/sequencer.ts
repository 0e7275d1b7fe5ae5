import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files that take longest (seconds in a quiet full run), started first so neither
 * worker ends the run alone on one of them. Without this, a fresh clone (CI) has no timings
 * cached and vitest starts the biggest files first: the accessibility scan, a short file, came
 * last and ran alone for four minutes.
 */
const SLOWEST_FIRST = [
  'a11y.test.ts', // 266
  'daily-ui.test.ts', // 264
  'lists.test.ts', // 186
  'session-and-missing.test.ts', // 156
  'shell-a11y.test.ts', // 133
];

export default class SlowestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST_FIRST.indexOf(path.basename(f.moduleId));
      return i === -1 ? SLOWEST_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}
