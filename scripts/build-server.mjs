// Bundles the server (and the contract package it imports as TypeScript) into server/dist/ for
// plain `node`. npm packages stay outside the bundle and load from node_modules at run time.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER = path.resolve(import.meta.dirname, '../server');
const pkg = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
const outdir = path.join(SERVER, 'dist');
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(SERVER, 'src/main.ts'),
    'user-token': path.join(SERVER, 'src/cli/user-token.ts'),
    'admin-password': path.join(SERVER, 'src/cli/admin-password.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Every runtime dependency of the server, and anything below it (e.g. 'drizzle-orm/pg-core').
  external: Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
// Written last: its time is what `npm start` compares with the sources.
fs.utimesSync(path.join(outdir, 'main.js'), new Date(), new Date());
