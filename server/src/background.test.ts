import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackground } from './background';
import { loadConfig } from './config';
import { uncheckedRows } from './db/sql';
import { createDeps } from './deps';
import { setupTestApp, type TestEnv } from './test/harness';
import { testTempDir } from './test/temp-dir';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

const depsFor = (nodeEnv: string) => {
  const dataDir = testTempDir('background-');
  const config = loadConfig({ ...process.env, NODE_ENV: nodeEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  return createDeps(config, env.database);
};

describe('startBackground', () => {
  it('starts the push worker and prunes the trail at boot, and stops both', async () => {
    await env.db.execute(
      sql`INSERT INTO audit_log (action, created_at) VALUES ('background-old', now() - interval '400 days')`,
    );
    const deps = await depsFor('production');
    const calls: string[] = [];
    const { start, stop } = deps.pushWorker;
    deps.pushWorker.start = () => {
      calls.push('start');
      start();
    };
    deps.pushWorker.stop = async () => {
      calls.push('stop');
      await stop();
    };
    const background = startBackground(deps, pino({ level: 'silent' }));
    expect(calls).toEqual(['start']);
    await expect
      .poll(async () =>
        uncheckedRows(await env.db.execute(sql`SELECT 1 FROM audit_log WHERE action = 'background-old'`)),
      )
      .toEqual([]);
    await background.stop();
    expect(calls).toEqual(['start', 'stop']);
    await deps.redis?.close();
  });

  it('starts nothing under NODE_ENV=test', async () => {
    const deps = await depsFor('test');
    let started = false;
    deps.pushWorker.start = () => {
      started = true;
    };
    await startBackground(deps, pino({ level: 'silent' })).stop();
    expect(started).toBe(false);
    await deps.redis?.close();
  });
});
