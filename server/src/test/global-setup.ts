import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { syncPermissions } from '../seed/bootstrap';

/** What the server tests' global setup hands to each test file (read by harness.ts). */
export interface ServerTemplate {
  /** PGlite: a dumped data directory (tar) with every migration applied and the permissions synced. */
  pgliteDump?: string;
  /** DATABASE_URL: a database in that state, which each test file copies with CREATE DATABASE … TEMPLATE. */
  pgTemplate?: string;
  /**
   * The run's directory for the files' data directories, removed at the end of the run: a mail a
   * test's request sends after its response (afterCommit) may land after the file removed its own.
   */
  runDir?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: ServerTemplate;
  }
}

/** The database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates once per run into a template, so a test file starts from a copy of it instead of
 * creating a database and applying every migration itself (PGlite's own set-up alone took 3-4 s
 * per file on a quiet machine, a minute and more on a busy one).
 */
export default async function setup(project: TestProject) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-test-run-'));
  const removeRunDir = () => fs.rmSync(runDir, { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `admin_test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    await database.migrate();
    await syncPermissions(database.db);
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
    await database.close();
    project.provide('serverTemplate', { pgTemplate: name, runDir });
    return async () => {
      removeRunDir();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const tmp = path.join(runDir, 'template');
  fs.mkdirSync(tmp);
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await syncPermissions(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = path.join(tmp, 'pgdata.tar');
  fs.writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('serverTemplate', { pgliteDump: dump, runDir });
  return removeRunDir;
}
