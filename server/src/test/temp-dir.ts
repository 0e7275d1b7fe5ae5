import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new directory for a test's files, inside the run's directory (global-setup.ts), which goes at
 * the end of the run with whatever landed in it late.
 */
export function testTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(inject('serverTemplate')?.runDir ?? os.tmpdir(), prefix));
}
