// CI's architecture rules (issue 16): no import cycles in server/src or web/src (type imports
// included), and the layers point one way: server/src/http, db and sessions never import
// server/src/modules; a web feature never imports another feature.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
let failed = false;

const cycles = spawnSync(
  path.join(ROOT, 'node_modules/.bin/dpdm'),
  ['--no-warning', '--no-tree', '--exit-code', 'circular:1', 'server/src/main.ts', 'web/src/main.tsx'],
  { cwd: ROOT, encoding: 'utf8' },
);
if (cycles.status !== 0) {
  console.error(`import cycles:\n${cycles.stdout}${cycles.stderr}`);
  failed = true;
}

const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g;
function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* sources(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => m[1])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.relative(ROOT, path.resolve(path.dirname(file), spec)));
}

const rules = [
  ...['server/src/http', 'server/src/db', 'server/src/sessions'].map((layer) => ({
    files: layer,
    bad: (_from, to) => to.startsWith('server/src/modules/') && `${layer} imports a module`,
  })),
  {
    files: 'web/src/features',
    bad: (from, to) => {
      const feature = (p) => p.split('/')[3];
      return (
        to.startsWith('web/src/features/') &&
        feature(from) !== feature(to) &&
        'a feature imports another feature'
      );
    },
  },
];
for (const rule of rules) {
  const dir = path.join(ROOT, rule.files);
  if (!fs.existsSync(dir)) {
    continue;
  }
  for (const file of sources(dir)) {
    const from = path.relative(ROOT, file);
    for (const to of importsOf(file)) {
      const why = rule.bad(from, to);
      if (why) {
        console.error(`${from} -> ${to}: ${why}`);
        failed = true;
      }
    }
  }
}

if (failed) {
  process.exit(1);
}
console.log('architecture: no import cycles, layers point one way');
