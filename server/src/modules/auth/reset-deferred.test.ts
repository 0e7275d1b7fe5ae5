import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type Mock, vi } from 'vitest';
import { uncheckedRows } from '../../db/sql';
import { silentLog } from '../../lib/log';
import { systemClock } from '../../providers/clock';
import type { Mail } from '../../providers/mail';
import { makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import type { AuthDeps } from './deps';

const PASSWORDS = '../../lib/passwords';

let env: TestEnv;
let requestReset: typeof import('./reset').requestReset;
let hashed: Mock;
beforeAll(async () => {
  // The hash is the costly part of the deferred work: counted here to see that it runs for every
  // address. The server files share their modules (isolate: false), so the reset service is
  // imported afresh after the mock, and the modules are reset again for the next file.
  vi.resetModules();
  vi.doMock(PASSWORDS, async (importOriginal) => {
    const real = await importOriginal<typeof import('../../lib/passwords')>();
    return { ...real, hashPassword: vi.fn(real.hashPassword) };
  });
  ({ requestReset } = await import('./reset'));
  hashed = (await import('../../lib/passwords')).hashPassword as Mock;
  env = await setupTestApp();
});
afterAll(async () => {
  vi.doUnmock(PASSWORDS);
  vi.resetModules();
  await env?.close();
});

/** reset-password's service with its deferred work collected, to be run when the test says. */
function resetDeps() {
  const deferred: (() => Promise<void>)[] = [];
  const mails: Mail[] = [];
  const deps: AuthDeps = {
    db: env.db,
    mailer: {
      async send(mail) {
        mails.push(mail);
      },
    },
    clock: systemClock,
    log: silentLog,
    logCodes: false,
    defer: (task) => deferred.push(task),
  };
  const runDeferred = async () => {
    for (const task of deferred.splice(0)) {
      await task();
    }
  };
  return { deps, mails, runDeferred };
}

const liveResets = async (userId: number) =>
  uncheckedRows<{ id: number }>(
    await env.db.execute(sql`SELECT id FROM password_resets WHERE user_id = ${userId} AND used_at IS NULL`),
  ).length;

describe('reset-password defers the same work for every address (issue 32 item 7)', () => {
  it('answers before the lookup, then hashes a one-time password for an unknown address too', async () => {
    const { deps, mails, runDeferred } = resetDeps();

    hashed.mockClear();
    const unknown = await requestReset(deps, 'nobody-here@example.com', '192.0.2.10');
    expect(unknown.responseMessage).toBe('New Password will be sent to your email address');
    // Nothing looked up or hashed before the answer.
    expect(hashed).not.toHaveBeenCalled();
    await runDeferred();
    expect(hashed).toHaveBeenCalledTimes(1);
    expect(mails).toEqual([]);

    const staff = await makeUser(env.db);
    hashed.mockClear();
    const known = await requestReset(deps, staff.email, '192.0.2.10');
    expect(known).toEqual(unknown);
    expect(hashed).not.toHaveBeenCalled();
    await runDeferred();
    expect(hashed).toHaveBeenCalledTimes(1);
    expect(mails.map((m) => m.to)).toEqual([staff.email]);
    expect(await liveResets(staff.id)).toBe(1);
  });
});
