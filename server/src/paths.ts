import path from 'node:path';

/**
 * Folders the server reads at run time. This file sits one level below `server/` both as source
 * (`server/src/paths.ts`, run by tsx) and bundled (`server/dist/main.js`), so one `..` finds it.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');
export const SEED_ASSETS_DIR = path.join(SERVER_DIR, 'src/seed/assets');
