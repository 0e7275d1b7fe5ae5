/**
 * Fault tests with real processes: a private PostgreSQL and Redis (never the shared ones), two
 * server processes running the built bundle, and nginx in front. Skipped, saying why, where the
 * PostgreSQL binaries, redis-server or nginx are missing. Figures go to the log as `[faults] ...`
 * (docs/operations.md quotes them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../server/src/db/client';
import { uncheckedRows } from '../server/src/db/sql';
import { createSession } from '../server/src/modules/auth/sessions';
import { lastCode, makeUser } from '../server/src/test/harness';
import { chatClient } from './lib/chat';
import { startDeployNginx } from './lib/deploy-nginx';
import { heldRequest, probeReadyz, runLoad, summarize } from './lib/load';
import {
  missingTools,
  type PrivatePostgres,
  type PrivateRedis,
  type ServerNode,
  sleep,
  startNginx,
  startNode,
  startPostgres,
  startRedis,
  stopNode,
  tempDir,
  waitFor,
} from './lib/processes';

const missing = missingTools({ nginx: true });
if (missing) {
  console.warn(`[faults skipped] ${missing}`);
}
/** Seconds the nodes answer /readyz 503 while still serving after SIGTERM (test 4 watches it). */
const SHUTDOWN_DELAY_S = 1;
const report = (name: string, figures: unknown) =>
  console.log(`[faults] ${name}: ${JSON.stringify(figures)}`);

describe.skipIf(missing !== null)('a two-node cluster under faults', () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let database: Database;
  const nodes: ServerNode[] = [];
  const dataDir = tempDir('faults-data-');
  let env: Record<string, string>;
  let staff: { id: number; token: string; username: string };
  let admin: { token: string };
  let user: { id: number; username: string; token: string };

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      SHUTDOWN_DELAY: String(SHUTDOWN_DELAY_S),
      // nginx runs on this machine: the only proxy whose X-Forwarded-For counts.
      TRUST_PROXY: '127.0.0.1',
    };
    // Both at once: the advisory lock lets one migrate while the other waits.
    nodes.push(...(await Promise.all([startNode(env), startNode(env)])));
    database = await openDatabase({ url: pg.url });
    const db = database.db;
    const s = await makeUser(db, { permissions: ['user_profile'] });
    staff = { id: s.id, token: s.token, username: s.username };
    admin = await makeUser(db, { superAdmin: true });
    const u = await makeUser(db, { platform: true });
    user = { id: u.id, username: u.username, token: await createSession(db, u.id, 'user') };
  }, 240_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
    await database?.close();
    await redis?.stop();
    pg?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const api = (node: ServerNode, token = admin.token) =>
    fetch(`${node.url}/api/v2/users-list?page=1&limit=10`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
  const ready = async (node: ServerNode) => {
    const res = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: (await res.json()) as { failing?: string[] } };
  };

  it('both nodes started together migrated once and answer', async () => {
    const [{ n }] = uncheckedRows<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
    );
    const files = fs
      .readdirSync(path.resolve(import.meta.dirname, '../server/drizzle'))
      .filter((f) => f.endsWith('.sql'));
    expect(n).toBe(files.length);
    for (const node of nodes) {
      expect((await api(node)).status).toBe(200);
    }
  });

  it('deploy/nginx.conf: sign-in, a list and a chat message through it; a spoofed X-Forwarded-For moves no limit', async () => {
    const proxy = await startDeployNginx([nodes[0].port, nodes[1].port]);
    const post = (call: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${proxy.url}/api/v2/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const chats: ReturnType<typeof chatClient>[] = [];
    try {
      const signer = await makeUser(database.db, { permissions: ['users_list', 'user_profile'] });
      const login = await post('admin-login', { username: signer.username, password: signer.password });
      expect(login.status).toBe(200);
      const { key } = (await login.json()) as { key: string };
      const verify = await post('verify-auth', { key, otp: lastCode(path.join(dataDir, 'outbox')) });
      expect(verify.status).toBe(200);
      const token = ((await verify.json()) as { user: { api_token: string } }).user.api_token;
      const list = await fetch(`${proxy.url}/api/v2/users-list?page=1&limit=10`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.status).toBe(200);
      // A browser sends its page's Origin: the app must see nginx's Host to accept the socket.
      const headers = { origin: proxy.url };
      const staffChat = chatClient(
        proxy.url,
        { token, username: signer.username, usertype: 'ADMIN' },
        { headers, reconnection: false },
      );
      const userChat = chatClient(proxy.url, { ...user, usertype: 'USER' }, { headers, reconnection: false });
      chats.push(staffChat, userChat);
      await Promise.all([staffChat.connected(), userChat.connected()]);
      await staffChat.join(`user:${user.id}`);
      await userChat.send(user.id, 'through the deploy nginx');
      await waitFor(
        () => staffChat.received.some((e) => e.data.message === 'through the deploy nginx'),
        5000,
        'no message',
      );
      // Each guess claims another address; nginx overwrites the header, so all count for one.
      const target = await makeUser(database.db);
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const wrong = { username: target.username, password: `wrong-guess-${i}` };
        statuses.push((await post('admin-login', wrong, { 'x-forwarded-for': `198.51.100.${i}` })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      for (const c of chats) {
        c.close();
      }
      await proxy.stop();
    }
  });

  it('1. node A killed mid-conversation: staff reconnect through nginx to B, nothing lost or doubled', async () => {
    const nginx = await startNginx([nodes[0].port, nodes[1].port]);
    const staffClient = chatClient(nginx.url, { ...staff, usertype: 'ADMIN' });
    const userClient = chatClient(nodes[1].url, { ...user, usertype: 'USER' });
    try {
      await Promise.all([staffClient.connected(), userClient.connected()]);
      const channel = `user:${user.id}`;
      await staffClient.join(channel);
      const lastId = () => Math.max(0, ...staffClient.received.map((e) => e.data.id));
      // Every reconnect joins again asking for what was missed, like the web client.
      staffClient.socket.on('connect', () => {
        if (staffClient.connects() > 1) {
          void staffClient.join(channel, lastId());
        }
      });
      const acked: string[] = [];
      for (let i = 0; i < 10; i++) {
        await staffClient.send(user.id, `staff-before-${i}`);
        acked.push(`staff-before-${i}`);
        await userClient.send(staff.id, `user-before-${i}`);
        acked.push(`user-before-${i}`);
      }
      await waitFor(() => staffClient.received.length >= 10, 5000, 'live messages did not reach staff');

      const killedAt = Date.now();
      nodes[0].proc.kill('SIGKILL');
      // Sent while the staff socket is down: the user's go through B; staff's wait in the client.
      const staffDuring = Array.from({ length: 5 }, (_, i) => staffClient.send(user.id, `staff-during-${i}`));
      for (let i = 0; i < 5; i++) {
        await userClient.send(staff.id, `user-during-${i}`);
      }
      await waitFor(() => staffClient.connects() > 1, 15_000, 'staff did not reconnect');
      const reconnectMs = Date.now() - killedAt;
      await Promise.all(staffDuring);
      const userTexts = () => new Set(staffClient.received.map((e) => e.data.message));
      await waitFor(
        () => [0, 1, 2, 3, 4].every((i) => userTexts().has(`user-during-${i}`)),
        10_000,
        'messages sent while reconnecting did not reach staff',
      );

      const history = uncheckedRows<{ message: string; n: number }>(
        await database.db.execute(sql`SELECT message, count(*)::int AS n FROM direct_messages
          WHERE user_id = ${user.id} GROUP BY message`),
      );
      const counts = Object.fromEntries(history.map((r) => [r.message, r.n]));
      for (const text of acked) {
        expect(counts[text], text).toBe(1);
      }
      for (let i = 0; i < 5; i++) {
        expect(counts[`staff-during-${i}`]).toBe(1);
        expect(counts[`user-during-${i}`]).toBe(1);
      }
      const ids = staffClient.received.map((e) => e.data.id);
      const userIds = staffClient.received
        .filter((e) => e.data.message?.startsWith('user-'))
        .map((e) => e.data.id);
      expect(new Set(userIds).size).toBe(15);
      report('node kill', {
        reconnectMs,
        messagesInHistory: history.length,
        duplicatesInHistory: history.filter((r) => r.n > 1).length,
        receivedByStaff: ids.length,
        distinctReceived: new Set(ids).size,
      });
    } finally {
      staffClient.close();
      userClient.close();
      await nginx.stop();
    }
    // Node A comes back for the next tests (on a new port).
    nodes[0] = await startNode(env);
  });

  it('3. Redis stopped: API answers, chat works within a node, /readyz names Redis; delivery resumes', async () => {
    const staffOnA = chatClient(nodes[0].url, { ...staff, usertype: 'ADMIN' });
    const userOnA = chatClient(nodes[0].url, { ...user, usertype: 'USER' });
    const staffOnB = chatClient(nodes[1].url, { ...staff, usertype: 'ADMIN' });
    try {
      await Promise.all([staffOnA.connected(), userOnA.connected(), staffOnB.connected()]);
      const channel = `user:${user.id}`;
      await Promise.all([staffOnA.join(channel), staffOnB.join(channel)]);
      await redis.stop();
      const stoppedAt = Date.now();
      await waitFor(async () => (await ready(nodes[0])).status === 503, 5000, '/readyz did not report Redis');
      const readyAt = Date.now();
      const readyA = await ready(nodes[0]);
      expect(readyA.body.failing).toEqual(['redis']);
      expect((await api(nodes[0])).status).toBe(200);
      expect((await api(nodes[1])).status).toBe(200);

      const started = Date.now();
      await userOnA.send(staff.id, 'while-redis-down');
      await waitFor(
        () => staffOnA.received.some((e) => e.data.message === 'while-redis-down'),
        5000,
        'chat within node A stopped without Redis',
      );
      const localMs = Date.now() - started;
      const joinedWithoutRedis = await staffOnA.join(channel);
      expect(joinedWithoutRedis.ok).toBe(true);

      await redis.start();
      const restartedAt = Date.now();
      await waitFor(
        async () => (await ready(nodes[0])).status === 200 && (await ready(nodes[1])).status === 200,
        15_000,
        'not ready after Redis returned',
      );
      const readyAfterMs = Date.now() - restartedAt;
      // Cross-node: a message from the user on A reaches staff on B again.
      let crossMs = 0;
      await waitFor(
        async () => {
          const text = `after-redis-${Date.now()}`;
          const t0 = Date.now();
          await userOnA.send(staff.id, text);
          await sleep(300);
          crossMs = Date.now() - t0;
          return staffOnB.received.some((e) => e.data.message === text);
        },
        15_000,
        'cross-node delivery did not resume',
      );
      report('redis stop', {
        readyzWhileDown: readyA,
        readyz503WithinMs: readyAt - stoppedAt,
        localDeliveryMs: localMs,
        readyAfterRedisBackMs: readyAfterMs,
        crossNodeAfterRestartWithinMs: crossMs,
      });
    } finally {
      staffOnA.close();
      userOnA.close();
      staffOnB.close();
    }
  });

  it('2. PostgreSQL restarted under load: 503s, no hang past 5 s, recovered within 5 s of its return', async () => {
    let stop = false;
    const loading = runLoad(() => api(nodes[0]), { workers: 4, stop: () => stop, pauseMs: 20 });
    await sleep(1500);
    const downAt = Date.now();
    pg.stop();
    const stoppedAt = Date.now();
    await sleep(500);
    const readyDown = await ready(nodes[0]);
    await sleep(2500);
    pg.start();
    const upAt = Date.now();
    await sleep(8000);
    stop = true;
    const samples = await loading;
    const during = samples.filter((s) => s.start >= downAt && s.start < upAt);
    const recovered = samples.filter((s) => s.start >= upAt + 5000);
    const firstOk = samples.find((s) => s.start >= upAt && s.status === 200);
    report('postgres restart', {
      stopTookMs: stoppedAt - downAt,
      all: summarize(samples),
      whileDown: summarize(during),
      afterReturn: summarize(recovered),
      firstSuccessAfterReturnMs: firstOk ? firstOk.end - upAt : null,
      readyzWhileDown: readyDown,
    });
    expect(readyDown.status).toBe(503);
    expect(readyDown.body.failing).toContain('database');
    expect(nodes[0].proc.exitCode).toBeNull();
    for (const s of samples) {
      expect([200, 503]).toContain(s.status);
      expect(s.end - s.start).toBeLessThan(5000);
    }
    expect(during.some((s) => s.status === 503)).toBe(true);
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.every((s) => s.status === 200)).toBe(true);
    expect((await ready(nodes[0])).status).toBe(200);
  });

  it('4. SIGTERM under steady load: /readyz 503 at once, requests in flight finish, exit 0', async () => {
    const node = nodes[1];
    let stop = false;
    const loading = runLoad(() => api(node), { workers: 6, stop: () => stop });
    await sleep(2000);
    // Held in flight across the whole shutdown: the rest of its body goes after the probes.
    const held = heldRequest(`${node.url}/api/v2/update-profile`, {
      method: 'PUT',
      token: admin.token,
      body: { id: user.id, name: 'Held across a shutdown' },
    });
    await sleep(500);
    const signalAt = Date.now();
    node.proc.kill('SIGTERM');
    const probes = await probeReadyz(node.url, {
      since: signalAt,
      forMs: SHUTDOWN_DELAY_S * 1000 + 1500,
      everyMs: 50,
    });
    const runningAfterProbes = node.proc.exitCode === null;
    const heldStatus = await held.finish();
    const code = await node.exited;
    const exitMs = Date.now() - signalAt;
    stop = true;
    const samples = await loading;
    const before = samples.filter((s) => s.start < signalAt);
    const failedBefore = before.filter((s) => s.status !== 200);
    const turned = probes.findIndex((p) => p.status !== 200);
    const shutdown503 = probes.filter((p) => p.status === 503 && p.failing?.includes('shutdown'));
    report('sigterm', {
      exitCode: code,
      exitMs,
      heldRequest: heldStatus,
      readyz: {
        probes: probes.length,
        last200AtMs: turned > 0 ? probes[turned - 1].at : null,
        first503AtMs: shutdown503[0]?.at ?? null,
        last503AtMs: shutdown503.at(-1)?.at ?? null,
        byStatus: summarize(probes.map((p) => ({ start: 0, end: 0, status: p.status }))).byStatus,
      },
      startedBefore: summarize(before),
      startedAfter: summarize(samples.filter((s) => s.start >= signalAt)),
    });
    // /readyz turned 503 (ours, naming the shutdown) and never answered 200 again...
    expect(turned).toBeGreaterThanOrEqual(0);
    expect(probes.slice(turned).filter((p) => p.status === 200)).toEqual([]);
    expect(shutdown503.length).toBeGreaterThan(0);
    // ...while a request that started before the signal was still in flight, and it succeeded.
    expect(runningAfterProbes).toBe(true);
    expect(heldStatus).toBe(200);
    expect(code).toBe(0);
    expect(failedBefore).toEqual([]);
    expect(before.length).toBeGreaterThan(10);
  });
});
