// `npm test`: builds the web app (the browser tests run against the built app), then every
// vitest project: contract, server (PGlite, or DATABASE_URL when set), web units and e2e.
import { spawnSync } from 'node:child_process';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const extra = process.argv.slice(2);
if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.error('\nnpm test: the web build failed');
  process.exit(1);
}
process.exit(run('npx', ['vitest', 'run', ...extra]));
