// What `npm run build` and `npm start` share: the two build targets, their inputs, and whether
// an output is older than its inputs (so a second start does not rebuild).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(ROOT, ...p);

export const targets = {
  server: {
    output: at('server/dist/main.js'),
    inputs: [
      at('server/src'),
      at('packages/contract/src'),
      at('server/package.json'),
      at('scripts/build-server.mjs'),
    ],
    build: () => run(process.execPath, [at('scripts/build-server.mjs')]),
  },
  web: {
    dir: at('web/dist'),
    output: at('web/dist/index.html'),
    inputs: [
      at('web/src'),
      at('web/public'),
      at('web/index.html'),
      at('web/vite.config.ts'),
      at('web/call-manifest.ts'),
      at('web/package.json'),
      at('packages/contract/src'),
    ],
    // Warnings only: the list of chunks and their sizes would bury what `npm start` prints after it.
    build: () =>
      run('npm', ['run', 'build', '--silent', '-w', 'web', '--', '--logLevel', 'warn'], {
        NODE_ENV: 'production',
      }),
  },
};

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
}

/** Newest modification time under the given files and folders (tests and docs do not count). */
function newestInput(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        visit(path.join(p, name));
      }
    } else if (!/\.test\.tsx?$|\.md$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** 'missing', 'stale' or null when the output is newer than every input. */
export function staleness(target) {
  if (!fs.existsSync(target.output)) {
    return 'missing';
  }
  return newestInput(target.inputs) > fs.statSync(target.output).mtimeMs ? 'stale' : null;
}
