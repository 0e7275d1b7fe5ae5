// CI's architecture rules: no import cycles in server/src or web/src (type imports
// included), and the layers point one way: server/src/http, db, sessions and trail never import
// server/src/modules, sessions never imports http, a module reaches another only through its
// index.ts; the bench reaches a module only through its bench.ts; a web feature never
// imports another feature. No small-files offender: no
// source file over 400 lines, no function over 120 lines (see checkSizes below).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

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

const moduleOf = (p) =>
  p.startsWith('server/src/modules/') && p.split('/').length > 4 ? p.split('/')[3] : null;
const rules = [
  ...['server/src/http', 'server/src/db', 'server/src/sessions', 'server/src/trail'].map((layer) => ({
    files: layer,
    bad: (_from, to) => to.startsWith('server/src/modules/') && `${layer} imports a module`,
  })),
  {
    // Below HTTP: the session and the trail's records know nothing of requests' plumbing.
    files: 'server/src/sessions',
    bad: (_from, to) => to.startsWith('server/src/http/') && 'sessions imports http',
  },
  {
    // A module reaches another module only through the other's index.ts (its public surface).
    files: 'server/src/modules',
    bad: (from, to) =>
      moduleOf(from) !== null &&
      moduleOf(to) !== null &&
      moduleOf(from) !== moduleOf(to) &&
      to.split('/').length > 4 &&
      'a module imports another module other than through its index.ts',
  },
  {
    // The bench reaches a module only through the module's bench.ts (its small timed surface).
    files: 'bench',
    bad: (_from, to) =>
      to.startsWith('server/src/modules/') &&
      !/^server\/src\/modules\/[\w-]+\/bench$/.test(to) &&
      'the bench imports a module other than through its bench.ts',
  },
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

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;
const SIZED_DIRS = ['server/src', 'web/src', 'packages/contract/src', 'bench', 'scripts'];
// The projects that parse every file under SIZED_DIRS (scripts/tsconfig.json only for parsing).
const PROJECTS = ['server/tsconfig.json', 'web/tsconfig.json', 'scripts/tsconfig.json'];
// Reviewed exemptions, one file a line with its reason; an entry that no longer breaks a rule
// fails the check, so the list only shrinks. None today.
const OVERSIZE_ALLOWED = {};
const FUNCTION_KINDS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

function* sizedFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') {
        yield* sizedFiles(full);
      }
    } else if (/\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

function functionOffenders(sourceFile) {
  const lineOf = (pos) => sourceFile.getLineAndCharacterOfPosition(pos).line + 1;
  const found = [];
  const visit = (node) => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const start = lineOf(node.getStart(sourceFile));
      const lines = lineOf(node.end) - start + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const name = node.name?.text ?? node.parent?.name?.text ?? '(anonymous)';
        found.push(`function ${name} at line ${start} has ${lines} lines (max ${MAX_FUNCTION_LINES})`);
      }
    }
    node.forEachChild(visit);
  };
  sourceFile.forEachChild(visit);
  return found;
}

function checkSizes() {
  const api = new API({ cwd: ROOT });
  const programs = api
    .updateSnapshot({ openProjects: PROJECTS.map((p) => path.join(ROOT, p)) })
    .getProjects()
    .map((project) => project.program);
  const offenders = new Map();
  try {
    for (const dir of SIZED_DIRS) {
      for (const file of sizedFiles(path.join(ROOT, dir))) {
        const rel = path.relative(ROOT, file);
        const problems = [];
        const lines = fs.readFileSync(file, 'utf8').split('\n').length - 1;
        if (lines > MAX_FILE_LINES) {
          problems.push(`${lines} lines (max ${MAX_FILE_LINES})`);
        }
        const sourceFile = programs.map((p) => p.getSourceFile(file)).find(Boolean);
        if (!sourceFile) {
          problems.push(`not in any of ${PROJECTS.join(', ')}, so its functions cannot be measured`);
        } else {
          problems.push(...functionOffenders(sourceFile));
        }
        if (problems.length > 0) {
          offenders.set(rel, problems);
        }
      }
    }
  } finally {
    api.close();
  }
  let ok = true;
  for (const [file, problems] of offenders) {
    if (!OVERSIZE_ALLOWED[file]) {
      for (const problem of problems) {
        console.error(`${file}: ${problem}`);
      }
      ok = false;
    }
  }
  for (const file of Object.keys(OVERSIZE_ALLOWED)) {
    if (!offenders.has(file)) {
      console.error(`${file} is within the size limits now: remove it from OVERSIZE_ALLOWED`);
      ok = false;
    }
  }
  return ok;
}
if (!checkSizes()) {
  failed = true;
}

if (failed) {
  process.exit(1);
}
console.log(
  `architecture: no import cycles, layers point one way, no file over ${MAX_FILE_LINES} lines, no function over ${MAX_FUNCTION_LINES} lines`,
);
