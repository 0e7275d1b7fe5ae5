import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, notifications } from '../../db/schema';
import { silentLog } from '../../lib/log';
import { createLogPush, type PushProvider } from '../../providers/push';
import { callApi, calls, makeUser, setupTestApp, type TestEnv, testClock } from '../../test/harness';
import { createNotificationWorker } from './worker';

let env: TestEnv;
let sender: Awaited<ReturnType<typeof makeUser>>;
const quiet = silentLog;

beforeAll(async () => {
  env = await setupTestApp();
  sender = await makeUser(env.db, { permissions: ['send_notifications'] });
});
afterAll(async () => {
  await env?.close();
});

/** A push provider that records every token it was given (the transport boundary). */
function recordingPush(
  opts: { failAfterBatches?: number } = {},
): PushProvider & { sent: string[]; batches: number } {
  const log = createLogPush(quiet);
  const rec = {
    name: 'log' as const,
    maxBatch: 1000,
    sent: [] as string[],
    batches: 0,
    async send(tokens: readonly string[], message: { title: string; body: string }) {
      if (opts.failAfterBatches !== undefined && rec.batches >= opts.failAfterBatches) {
        throw new Error('push service unavailable');
      }
      rec.batches += 1;
      rec.sent.push(...tokens);
      return log.send(tokens, message);
    },
  };
  return rec;
}

/** Devices with tokens for one test: owned by fresh platform users so counts are exact. */
async function addDevices(kind: 'android' | 'ios', count: number, prefix: string) {
  const owner = await makeUser(env.db, { platform: true });
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: owner.id,
    deviceType: kind,
    pushToken: `${prefix}-${kind}-${i}`,
  }));
  return env.db.insert(devices).values(rows).returning({ id: devices.id, token: devices.pushToken });
}

async function job(id: number) {
  return (await env.db.select().from(notifications).where(eq(notifications.id, id)))[0];
}

// Tests share one database; each clears the job queue and the device tokens of earlier tests first.
async function freshQueue() {
  await env.db.execute(sql`UPDATE notifications SET status = 'done' WHERE status IN ('queued', 'running')`);
  await env.db.execute(sql`UPDATE devices SET push_token = NULL`);
}

describe('POST send-notifications', () => {
  it('stores a queued job and answers at once; a worker then delivers to every matching token', async () => {
    await freshQueue();
    await addDevices('android', 7, 'a1');
    await addDevices('ios', 4, 'a1');
    const res = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'android', message: ' Hello Android ' },
      sender.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      occupants: 'android',
      message: 'Hello Android',
      status: 'queued',
      delivered: 0,
      created_by: expect.stringContaining('Test User'),
    });
    const id = res.body.data.id;
    expect(await job(id)).toMatchObject({ status: 'queued', createdById: sender.id });

    const push = recordingPush();
    const worker = createNotificationWorker({ db: env.db, push, log: quiet, batchSize: 3 });
    expect(await worker.runOnce()).toBe(true);
    expect(push.sent).toHaveLength(7);
    expect(push.sent.every((t) => t.includes('-android-'))).toBe(true);
    expect(push.batches).toBe(3);
    expect(await job(id)).toMatchObject({
      status: 'done',
      total: 7,
      delivered: 7,
      failed: 0,
      lockedUntil: null,
    });
    expect(await worker.runOnce()).toBe(false);

    const list = await callApi(env.app, calls.notificationsList, {}, sender.token);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id, status: 'done', total: 7, delivered: 7, failed: 0 });
    expect(list.body.data[0].finished_at).not.toBeNull();
  });

  it('sends ALL to both platforms and counts malformed tokens as failed, forgetting them', async () => {
    await freshQueue();
    await addDevices('android', 3, 'all');
    const [bad] = await addDevices('ios', 2, 'all');
    await env.db.update(devices).set({ pushToken: 'has space' }).where(eq(devices.id, bad.id));
    const { body } = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'ALL', message: 'Hi all' },
      sender.token,
    );
    const worker = createNotificationWorker({ db: env.db, push: createLogPush(quiet), log: quiet });
    await worker.runOnce();
    expect(await job(body.data.id)).toMatchObject({ status: 'done', total: 5, delivered: 4, failed: 1 });
    expect((await env.db.select().from(devices).where(eq(devices.id, bad.id)))[0].pushToken).toBeNull();
  });

  it('resumes a half-done job from its cursor after the first worker died', async () => {
    await freshQueue();
    const rows = await addDevices('ios', 10, 'resume');
    const { body } = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'ios', message: 'Resume me' },
      sender.token,
    );
    const id = body.data.id;
    // The first process delivers two batches of 3, then dies: the push service goes away and the
    // process stops without releasing its claim.
    const first = recordingPush({ failAfterBatches: 2 });
    const dying = createNotificationWorker({
      db: env.db,
      push: first,
      log: quiet,
      batchSize: 3,
      maxErrors: 1000,
      lockMs: 60_000,
    });
    const running = dying.runOnce();
    await expect.poll(async () => (await job(id)).cursor, { timeout: 60_000 }).toBe(rows[5].id);
    expect(await job(id)).toMatchObject({ status: 'running', delivered: 6, total: 10 });

    // A second process cannot take the job while the first one's claim is live.
    const second = recordingPush();
    const next = createNotificationWorker({ db: env.db, push: second, log: quiet, batchSize: 3 });
    expect(await next.runOnce()).toBe(false);

    // The claim expires (as after a crash); the new worker continues from the cursor.
    await env.db
      .update(notifications)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(notifications.id, id));
    expect(await next.runOnce()).toBe(true);
    expect(second.sent).toEqual(rows.slice(6).map((r) => r.token));
    expect(first.sent).toEqual(rows.slice(0, 6).map((r) => r.token));
    expect(await job(id)).toMatchObject({ status: 'done', total: 10, delivered: 10, failed: 0 });

    // The dead worker's later saves are fenced off by the changed claim.
    await dying.stop();
    await running.catch(() => {});
    expect(await job(id)).toMatchObject({ status: 'done', delivered: 10 });
  });

  it('a stopped worker hands its job back, and a started one finishes it', async () => {
    await freshQueue();
    await addDevices('android', 5, 'stop');
    const { body } = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'android', message: 'Stop' },
      sender.token,
    );
    const w = createNotificationWorker({
      db: env.db,
      push: createLogPush(quiet),
      log: quiet,
      pollMs: 20,
      batchSize: 2,
    });
    w.start();
    await expect.poll(async () => (await job(body.data.id)).status, { timeout: 60_000 }).toBe('done');
    await w.stop();
    expect(await job(body.data.id)).toMatchObject({ delivered: 5, total: 5 });
  });

  it('marks a job failed after repeated provider errors', async () => {
    await freshQueue();
    await addDevices('android', 2, 'err');
    const { body } = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'android', message: 'Err' },
      sender.token,
    );
    const w = createNotificationWorker({
      db: env.db,
      push: recordingPush({ failAfterBatches: 0 }),
      log: quiet,
      maxErrors: 2,
    });
    await w.runOnce();
    expect(await job(body.data.id)).toMatchObject({ status: 'failed', delivered: 0 });
  });

  it("refuses missing recipients or message with the spec's texts and stores nothing", async () => {
    const before = (await env.db.select().from(notifications)).length;
    const noUsers = await callApi(env.app, calls.sendNotifications, { message: 'x' }, sender.token);
    expect(noUsers.status).toBe(400);
    expect(noUsers.body.responseMessage).toBe('occupants: Please select users');
    const badUsers = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'web', message: 'x' },
      sender.token,
    );
    expect(badUsers.body.responseMessage).toBe('occupants: Please select users');
    const noMessage = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'ALL', message: '  ' },
      sender.token,
    );
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.responseMessage).toBe('Message is required');
    expect((await env.db.select().from(notifications)).length).toBe(before);
  });

  it('needs a session and send_notifications', async () => {
    expect((await callApi(env.app, calls.sendNotifications, { occupants: 'ALL', message: 'x' })).status).toBe(
      401,
    );
    expect((await callApi(env.app, calls.notificationsList, {})).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['users_list'] });
    expect(
      (await callApi(env.app, calls.sendNotifications, { occupants: 'ALL', message: 'x' }, other.token))
        .status,
    ).toBe(403);
    expect((await callApi(env.app, calls.notificationsList, {}, other.token)).status).toBe(403);
  });
});

describe('GET notification-devices (asked before sending)', () => {
  it('counts the devices with a push token a job would reach, by platform; needs send_notifications', async () => {
    await freshQueue();
    await addDevices('android', 5, 'c1');
    await addDevices('ios', 3, 'c1');
    const count = async (occupants: 'ALL' | 'android' | 'ios') =>
      (await callApi(env.app, calls.notificationDevices, { occupants }, sender.token)).body.count;
    expect(await count('android')).toBe(5);
    expect(await count('ios')).toBe(3);
    expect(await count('ALL')).toBe(8);
    const bad = await callApi(
      env.app,
      calls.notificationDevices,
      { occupants: 'web' } as never,
      sender.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toBe('occupants: Please select users');
    expect((await callApi(env.app, calls.notificationDevices, { occupants: 'ALL' })).status).toBe(401);
    const other = await makeUser(env.db, { permissions: ['users_list'] });
    expect(
      (await callApi(env.app, calls.notificationDevices, { occupants: 'ALL' }, other.token)).status,
    ).toBe(403);
  });
});

describe('a job claim on the clock', () => {
  it('is taken over from a dead worker only when the worker clock passes the claim', async () => {
    await freshQueue();
    const rows = await addDevices('android', 2, 'lease');
    const { body } = await callApi(
      env.app,
      calls.sendNotifications,
      { occupants: 'android', message: 'Lease' },
      sender.token,
    );
    const id = body.data.id;
    const clock = testClock();
    // A worker died holding the job, claimed until 30 s from now.
    await env.db
      .update(notifications)
      .set({ status: 'running', lockedUntil: new Date(clock.now().getTime() + 30_000) })
      .where(eq(notifications.id, id));
    const push = recordingPush();
    const worker = createNotificationWorker({ db: env.db, push, log: quiet, clock });
    clock.advance(29_000);
    expect(await worker.runOnce()).toBe(false);
    clock.advance(2_000);
    expect(await worker.runOnce()).toBe(true);
    expect(push.sent).toEqual(rows.map((r) => r.token));
    expect(await job(id)).toMatchObject({ status: 'done', delivered: 2 });
  });
});
