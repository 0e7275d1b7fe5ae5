// `npm test`: every test. The web app is built once (only when missing or older than its sources,
// and only when browser tests may run) and the browser tests run against a copy of it. vitest runs
// a single-worker project (e2e, faults) only after every other project, so the browser tests get a
// vitest process of their own that runs beside the rest: two processes at once, and the run fails
// when either fails.
//
// `npm test -- <what>` runs a part in one process: a project by name (`npm test -- server`), files
// or name filters (`npm test -- server/src/modules/users`), or any vitest option
// (`npm test -- --project web -t "login"`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, staleness, targets } from './build-lib.mjs';

const PROJECTS = ['contract', 'server', 'web', 'faults', 'e2e'];
const vitest = path.join(ROOT, 'node_modules/.bin/vitest');

/** Runs vitest with `args`; each output line prefixed with `label` when given. Resolves with the exit code. */
function runVitest(args, label) {
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...args], {
      cwd: ROOT,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(webCopy ? { E2E_WEB_DIST: webCopy } : {}) },
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          to.write(lines.map((l) => `${label} ${l}\n`).join(''));
        });
        from.on('end', () => rest && to.write(`${label} ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The copy of web/dist the browser tests run against, when they run. */
let webCopy;

/**
 * Builds the web app when it is missing or older than its sources (exits when the build fails),
 * then copies it for this run: an `npm start` or `npm run build` during the run rebuilds web/dist
 * and would pull the files from under the browser tests.
 */
function prepareWeb() {
  const why = staleness(targets.web);
  if (why) {
    console.log(
      `npm test: building the web app (${why === 'missing' ? 'not built yet' : 'sources changed'})`,
    );
    try {
      targets.web.build();
    } catch (err) {
      console.error(`npm test: the web build failed (${err.message})`);
      process.exit(1);
    }
  }
  webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-test-web-'));
  fs.cpSync(targets.web.dir, webCopy, { recursive: true });
  process.on('exit', () => fs.rmSync(webCopy, { recursive: true, force: true }));
  // Ctrl-C reaches vitest too (same process group); leave through 'exit' so the copy goes.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => process.exit(1));
  }
}

/**
 * Whether vitest's file filters among `args` (the words that are not options: each a part of a
 * path) may select a browser-test file: none given, or one found in an `e2e/` file's path. A word
 * that is an option's value (`-t login`) is taken as a filter too, which at worst builds for nothing.
 */
function mayRunBrowserTests(args) {
  const filters = args
    .filter((a) => !a.startsWith('-'))
    .map((a) => path.relative(ROOT, path.resolve(a)) || a);
  const files = fs.readdirSync(path.join(ROOT, 'e2e')).map((f) => `e2e/${f}`);
  return (
    filters.length === 0 || filters.some((f) => f.includes('e2e') || files.some((file) => file.includes(f)))
  );
}

const asked = process.argv.slice(2);
if (asked.length > 0) {
  // A bare project name selects that project; everything else goes to vitest as it is.
  const args = asked.flatMap((a) => (PROJECTS.includes(a) ? ['--project', a] : [a]));
  const projects = args.flatMap((a, i) =>
    args[i - 1] === '--project' ? [a] : a.startsWith('--project=') ? [a.slice(10)] : [],
  );
  if (projects.includes('e2e') || (projects.length === 0 && mayRunBrowserTests(args))) {
    prepareWeb();
  }
  // One browser-test file needs one server, not a second one started for nothing.
  if (asked.filter((a) => /(^|\/)e2e\/[^/]+\.test\.ts$/.test(a)).length === 1) {
    process.env.E2E_WORKERS ??= '1';
  }
  process.exit(await runVitest(args));
}

const started = Date.now();
prepareWeb();
const rest = PROJECTS.filter((p) => p !== 'e2e').flatMap((p) => ['--project', p]);
const parts = [
  ['browser tests (e2e)', runVitest(['--project', 'e2e'], '[e2e] ')],
  ['contract, server, web and fault tests', runVitest(rest, '[rest]')],
];
const codes = await Promise.all(parts.map(([, done]) => done));
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\nnpm test (${seconds} s):`);
parts.forEach(([name], i) => {
  console.log(`  ${codes[i] === 0 ? 'passed' : 'FAILED'}  ${name}`);
});
process.exit(codes.every((c) => c === 0) ? 0 : 1);
