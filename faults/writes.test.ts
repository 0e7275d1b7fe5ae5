/**
 * The write path under a failing database: two server processes on a private PostgreSQL, 8
 * clients sending write calls for 30 s while a backend is terminated every 50 ms. No process may
 * exit, every call answers within 5 s with 200/201 or 503, and afterwards the data and the trail
 * agree: every change has exactly one entry, every entry's change is there, and every 200/201
 * answer's change is there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../server/src/db/client';
import { campaigns, groups } from '../server/src/db/schema';
import { uncheckedRows } from '../server/src/db/sql';
import { makeUser } from '../server/src/test/harness';
import {
  missingTools,
  type PrivatePostgres,
  type ServerNode,
  startNode,
  startPostgres,
  stopNode,
  tempDir,
} from './lib/processes';

const missing = missingTools();
const CLIENTS = 8;
const LOAD_MS = 30_000;
const KILL_EVERY_MS = 50;
const report = (name: string, figures: unknown) =>
  console.log(`[faults] ${name}: ${JSON.stringify(figures)}`);

/** What one client works on: its own rows, so every change can be traced to its call. */
interface ClientRows {
  token: string;
  profileUser: number;
  group: number;
  toggledGroup: number;
  campaigns: number[];
  dmUser: number;
}
interface Answer {
  kind: string;
  status: number | string;
  ms: number;
  /** The name, message or id the call set, to find its change afterwards. */
  value: string | number;
}

describe.skipIf(missing !== null)('write calls while PostgreSQL drops connections', () => {
  let pgServer: PrivatePostgres;
  let database: Database;
  const nodes: ServerNode[] = [];
  const dataDir = tempDir('faults-writes-');
  const clients: ClientRows[] = [];
  let permissionId: number;

  beforeAll(async () => {
    pgServer = await startPostgres();
    const env = { DATABASE_URL: pgServer.url, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') };
    nodes.push(...(await Promise.all([startNode(env), startNode(env)])));
    // The test's own connections are named, so the killer leaves them alone.
    database = await openDatabase({ url: `${pgServer.url}?application_name=faults` });
    const db = database.db;
    const owner = await makeUser(db, { platform: true });
    [{ id: permissionId }] = uncheckedRows<{ id: number }>(
      await db.execute(sql`SELECT id FROM permissions ORDER BY id LIMIT 1`),
    );
    for (let c = 0; c < CLIENTS; c++) {
      const admin = await makeUser(db, { superAdmin: true });
      const [group, toggled] = await db
        .insert(groups)
        .values([{ name: `wedit-${c}-start` }, { name: `wtoggle-${c}` }])
        .returning({ id: groups.id });
      const made = await db
        .insert(campaigns)
        .values(
          Array.from({ length: 400 }, (_, i) => ({
            userId: owner.id,
            campaignName: `wcampaign-${c}-${i}`,
            status: 'Pending' as const,
          })),
        )
        .returning({ id: campaigns.id });
      clients.push({
        token: admin.token,
        profileUser: (await makeUser(db, { platform: true })).id,
        group: group.id,
        toggledGroup: toggled.id,
        campaigns: made.map((m) => m.id),
        dmUser: (await makeUser(db, { platform: true })).id,
      });
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
    await database?.close();
    pgServer?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('keeps every process up, answers 200/201 or 503 within 5 s, and the trail matches the data', async () => {
    const answers: Answer[] = [];
    let stop = false;
    const killer = new pg.Client({ connectionString: pgServer.url, application_name: 'faults' });
    await killer.connect();
    let kills = 0;
    const killing = (async () => {
      while (!stop) {
        const res = await killer.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()
            AND application_name <> 'faults' AND datname = current_database()
          ORDER BY random() LIMIT 1`);
        kills += res.rowCount ?? 0;
        await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      }
    })();

    const send = async (node: ServerNode, token: string, method: string, call: string, body: object) => {
      const res = await fetch(`${node.url}/api/v2/${call}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const client = async (c: number) => {
      const rows = clients[c];
      const node = nodes[c % nodes.length];
      const steps: [string, () => [string, string, object, string | number]][] = [
        [
          'update-profile',
          () => [
            'PUT',
            'update-profile',
            { id: rows.profileUser, name: `wprofile ${c} ${seq}` },
            `wprofile ${c} ${seq}`,
          ],
        ],
        ['group add', () => ['POST', 'group', { name: `wadd-${c}-${seq}` }, `wadd-${c}-${seq}`]],
        [
          'group edit',
          () => ['PUT', 'group', { id: rows.group, name: `wedit-${c}-${seq}` }, `wedit-${c}-${seq}`],
        ],
        [
          'toggle',
          () => [
            'POST',
            'group-permissions',
            { group_id: rows.toggledGroup, permission_id: permissionId },
            seq,
          ],
        ],
        ['approve', () => ['PATCH', `approve-campaign?id=${rows.campaigns[seq]}`, {}, rows.campaigns[seq]]],
        [
          'message',
          () => [
            'POST',
            'direct-messages',
            { user_id: rows.dmUser, message: `wdm-${c}-${seq}` },
            `wdm-${c}-${seq}`,
          ],
        ],
      ];
      let seq = 0;
      while (!stop && seq < rows.campaigns.length) {
        for (const [kind, make] of steps) {
          const [method, call, body, value] = make();
          const start = Date.now();
          const status = await send(node, rows.token, method, call, body).catch((err: Error) => err.name);
          answers.push({ kind, status, ms: Date.now() - start, value });
        }
        seq++;
      }
    };
    const timer = setTimeout(() => {
      stop = true;
    }, LOAD_MS);
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    clearTimeout(timer);
    stop = true;
    await killing;
    await killer.end();

    const byStatus: Record<string, number> = {};
    for (const a of answers) {
      byStatus[`${a.kind} ${a.status}`] = (byStatus[`${a.kind} ${a.status}`] ?? 0) + 1;
    }
    const slowest = Math.max(...answers.map((a) => a.ms));
    report('writes under backend kills', { calls: answers.length, kills, slowest, byStatus });
    for (const node of nodes) {
      expect(node.proc.exitCode, node.log.join('').slice(-3000)).toBeNull();
    }
    expect(answers.filter((a) => ![200, 201, 503].includes(a.status as number))).toEqual([]);
    expect(answers.filter((a) => a.status === 200 || a.status === 201).length).toBeGreaterThan(CLIENTS * 6);
    await expectTrailMatchesData(database, clients, answers);
    expect(slowest).toBeLessThanOrEqual(5000);
  }, 120_000);

  async function expectTrailMatchesData(database: Database, rowsOfClients: ClientRows[], answers: Answer[]) {
    const db = database.db;
    const entries = uncheckedRows<{
      id: number;
      action: string;
      target_id: string;
      after: Record<string, unknown> | null;
    }>(
      await db.execute(
        sql`SELECT id::int, action, target_id, changes->'after' AS after FROM audit_log ORDER BY id`,
      ),
    );
    const ok = (kind: string) =>
      answers.filter((a) => a.kind === kind && (a.status === 200 || a.status === 201)).map((a) => a.value);

    // Group add: each group made has exactly one entry, each entry's group exists.
    const added = uncheckedRows<{ id: number; name: string }>(
      await db.execute(sql`SELECT id, name FROM groups WHERE name LIKE 'wadd-%'`),
    );
    const addEntries = entries.filter((e) => e.action === 'POST group');
    expect(addEntries.map((e) => Number(e.target_id)).sort()).toEqual(added.map((g) => g.id).sort());
    expect(new Set(added.map((g) => g.name))).toEqual(
      new Set([...new Set(addEntries.map((e) => e.after?.name))]),
    );
    expect(ok('group add').filter((name) => !added.some((g) => g.name === name))).toEqual([]);

    // Messages: each stored message has exactly one entry, and each entry's message is stored.
    const messages = uncheckedRows<{ message: string }>(
      await db.execute(sql`SELECT message FROM direct_messages WHERE message LIKE 'wdm-%'`),
    ).map((m) => m.message);
    const messageEntries = entries.filter((e) => e.action === 'direct-messages').map((e) => e.after?.message);
    expect([...messageEntries].sort()).toEqual([...messages].sort());
    expect(ok('message').filter((m) => !messages.includes(m as string))).toEqual([]);

    // Approvals: each approved campaign has exactly one entry, and each entry's campaign is approved.
    const approved = uncheckedRows<{ id: number }>(
      await db.execute(sql`SELECT id FROM campaigns WHERE is_approved AND campaign_name LIKE 'wcampaign-%'`),
    ).map((r) => r.id);
    const approveEntries = entries
      .filter((e) => e.action === 'approve-campaign')
      .map((e) => Number(e.target_id));
    expect([...approveEntries].sort()).toEqual([...approved].sort());
    expect(ok('approve').filter((id) => !approved.includes(id as number))).toEqual([]);

    for (const rows of rowsOfClients) {
      // Edits: the row holds what the last entry says, and every 200's value has its entry.
      const [profile] = uncheckedRows<{ name: string }>(
        await db.execute(sql`SELECT name FROM users WHERE id = ${rows.profileUser}`),
      );
      const profileEntries = entries.filter(
        (e) => e.action === 'update-profile' && e.target_id === String(rows.profileUser),
      );
      expect(profile.name).toBe(profileEntries.at(-1)?.after?.name ?? profile.name);
      const [group] = uncheckedRows<{ name: string }>(
        await db.execute(sql`SELECT name FROM groups WHERE id = ${rows.group}`),
      );
      const editEntries = entries.filter(
        (e) => e.action === 'PUT group' && e.target_id === String(rows.group),
      );
      expect(group.name).toBe(editEntries.at(-1)?.after?.name ?? group.name);
      // Toggles start from 'not granted': the state is the parity of the entries.
      const [{ n: held }] = uncheckedRows<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM group_permissions
          WHERE group_id = ${rows.toggledGroup} AND permission_id = ${permissionId}`),
      );
      const toggles = entries.filter(
        (e) => e.action === 'group-permissions' && e.target_id === String(rows.toggledGroup),
      );
      expect(held).toBe(toggles.length % 2);
    }
    const profileNames = new Set(
      entries.filter((e) => e.action === 'update-profile').map((e) => e.after?.name),
    );
    expect(ok('update-profile').filter((name) => !profileNames.has(name))).toEqual([]);
    const editNames = new Set(entries.filter((e) => e.action === 'PUT group').map((e) => e.after?.name));
    expect(ok('group edit').filter((name) => !editNames.has(name))).toEqual([]);
    const toggleCount = entries.filter((e) => e.action === 'group-permissions').length;
    expect(toggleCount).toBeGreaterThanOrEqual(ok('toggle').length);
  }
});
