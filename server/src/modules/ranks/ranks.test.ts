import { randomBytes } from 'node:crypto';
import { type CallDef, type CallName, calls } from '@admin/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationAccessRequests,
  groupPermissions,
  groups,
  permissions,
  userGroups,
  userPermissions,
  users,
} from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import { hashPassword } from '../../lib/passwords';
import { callApi, setupTestApp, type TestEnv } from '../../test/harness';
import { createSession } from '../auth';

/**
 * The ranks table (docs/security.md, "Ranks: who may act on whom"): every call of the contract that
 * writes and takes a user or group id, for each actor x each target, answers the status below, and
 * a refused call changes nothing.
 */

type Actor = 'superAdmin' | 'holder';
type Target = 'platform' | 'staff' | 'superAdmin' | 'self';
/** Expected HTTP status per target; null = the target cannot exist for this call (see `why`). */
type Row = Record<Target, number | null>;

interface Ctx {
  /** The target user; for group calls, the group's member (none for `platform`). */
  userId: number;
  /** For group calls the group (empty for `platform`); otherwise a spare empty group. */
  groupId: number;
  /** A permission every holder holds, so only the rank decides. */
  permissionId: number;
  /** A pending conversation access request of the target user. */
  requestId: number;
}

interface Case {
  /** `group` calls act on a group whose members are the target (the `platform` target: empty). */
  on: 'user' | 'group';
  input: (c: Ctx) => Record<string, unknown>;
  prepare?: (c: Ctx, target: Target) => Promise<void>;
  expect: Record<Actor, Row>;
  why?: string;
}

const ANYONE = (s: number): Row => ({ platform: s, staff: s, superAdmin: s, self: s });
/** The usual rule: staff change platform users; only a super admin changes staff accounts. */
const RANKED = (ok: number, selfBySuper = ok): Record<Actor, Row> => ({
  superAdmin: { platform: ok, staff: ok, superAdmin: ok, self: selfBySuper },
  holder: { platform: ok, staff: 403, superAdmin: 403, self: 403 },
});
/** Grants (permissions, groups): staff accounts only, super admins only, never one's own. */
const GRANTS = (platform: number | null): Record<Actor, Row> => ({
  superAdmin: { platform, staff: 200, superAdmin: 200, self: 403 },
  holder: { platform, staff: 403, superAdmin: 403, self: 403 },
});

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const strongPassword = 'Tangerine-Viaduct-Oboe-4417';

const TABLE: Partial<Record<CallName, Case>> = {
  updateProfile: {
    on: 'user',
    input: (c) => ({ id: c.userId, name: `Renamed ${c.userId}` }),
    expect: RANKED(200),
  },
  changeAppPassword: {
    on: 'user',
    input: (c) => ({ user_id: c.userId, password: strongPassword, password_confirmation: strongPassword }),
    expect: RANKED(200),
  },
  suspendAccount: { on: 'user', input: (c) => ({ user_id: c.userId }), expect: RANKED(200, 409) },
  revokeSuspendedAccount: {
    on: 'user',
    input: (c) => ({ user_id: c.userId, revoke: 1 }),
    // A suspended actor could not call at all, so `self` is tried unsuspended: nothing to revoke.
    prepare: async (c, target) => {
      if (target !== 'self') {
        await env.db.execute(sql`UPDATE users SET is_suspended = true WHERE id = ${c.userId}`);
      }
    },
    expect: RANKED(200, 409),
  },
  makeUserAutofollow: { on: 'user', input: (c) => ({ user_id: c.userId }), expect: RANKED(200) },
  enableAdvertise: { on: 'user', input: (c) => ({ id: c.userId }), expect: RANKED(200) },
  campaignSettingsSave: {
    on: 'user',
    input: (c) => ({
      user_id: c.userId,
      date_from: `${tomorrow} 00:00:00`,
      date_to: `${tomorrow} 23:59:59`,
      setting_key: 'ads_per_day',
      setting_value: 5,
    }),
    expect: RANKED(201),
  },
  assignGroups: {
    on: 'user',
    input: (c) => ({ user_id: c.userId, group_ids: [c.groupId] }),
    expect: GRANTS(404),
    why: 'only backend users have groups: a platform user is a 404',
  },
  userPermissionToggle: {
    on: 'user',
    input: (c) => ({ user_id: c.userId, permission_id: c.permissionId }),
    expect: GRANTS(404),
    why: 'only backend users have permissions: a platform user is a 404',
  },
  grantConversationAccess: {
    on: 'user',
    input: (c) => ({ id: c.requestId }),
    expect: GRANTS(null),
    why: 'the id is an access request; only staff ask for access (sessions are staff sessions)',
  },
  denyConversationAccess: {
    on: 'user',
    input: (c) => ({ id: c.requestId }),
    expect: GRANTS(null),
    why: 'as grantConversationAccess',
  },
  sendDirectMessage: {
    on: 'user',
    input: (c) => ({ user_id: c.userId, message: 'Hello from the ranks table' }),
    expect: { superAdmin: { ...ANYONE(404), platform: 201 }, holder: { ...ANYONE(404), platform: 201 } },
    why: 'threads belong to platform users; a staff account has none (404)',
  },
  issueUserChatToken: {
    on: 'user',
    input: (c) => ({ user_id: c.userId }),
    expect: { superAdmin: { ...ANYONE(404), platform: 200 }, holder: ANYONE(403) },
    why: 'super admins only, and only for platform users (staff have no USER token)',
  },
  groupEdit: {
    on: 'group',
    input: (c) => ({ id: c.groupId, name: `Renamed group ${c.groupId}` }),
    expect: RANKED(200),
    why: 'renaming changes no grant, so a super admin may rename a group they belong to',
  },
  endUserSessions: {
    on: 'user',
    input: (c) => ({ user_id: c.userId }),
    expect: {
      superAdmin: { platform: 404, staff: 200, superAdmin: 200, self: 200 },
      holder: { platform: 404, staff: 403, superAdmin: 403, self: 403 },
    },
    why: 'only staff have staff sessions: a platform user is a 404',
  },
  resetUserSecondFactors: {
    on: 'user',
    input: (c) => ({ user_id: c.userId }),
    prepare: async (c) => {
      await env.db.execute(sql`
        INSERT INTO passkeys (user_id, credential_id, public_key, name)
        VALUES (${c.userId}, ${`cred-${c.userId}`}, 'pk', 'Rank key')`);
    },
    expect: {
      superAdmin: { platform: 404, staff: 200, superAdmin: 200, self: 403 },
      holder: { platform: 404, staff: 403, superAdmin: 403, self: 403 },
    },
    why: 'only staff have second factors (404); one removes one’s own on /account, with a current code',
  },
  groupDelete: { on: 'group', input: (c) => ({ id: c.groupId, isDelete: 1 }), expect: GRANTS(200) },
  groupPermissionToggle: {
    on: 'group',
    input: (c) => ({ group_id: c.groupId, permission_id: c.permissionId }),
    expect: GRANTS(200),
  },
};

/** Non-GET calls with an id that names neither a user nor a group, and why they are not ranked. */
const NOT_RANKED: Partial<Record<CallName, string>> = {
  campaignStatusChange: 'id is a campaign (an advertiser’s record, reviewed by campaign_status holders)',
  approveCampaign: 'id is a campaign',
  campaignChargesUpdate: 'id is a price row of a campaign goal',
  campaignSettingsDelete: 'id is a calendar setting; it changes no account or grant',
  interestsUpdate: 'id is an interest',
  interestsDelete: 'id is an interest',
  endMySessions: "id is one of the caller's own sessions",
  passkeyRename: "id is one of the caller's own passkeys",
  passkeyRemove: "id is one of the caller's own passkeys",
  deletePost: 'id is a post (content moderation by delete_post holders)',
  moderationClaim: 'id is a moderation case',
  moderationDecision: 'id is a moderation case; its suspension is ranked (moderation.test.ts)',
  moderationUndo: 'id is a moderation case',
  moderationBulkDismiss: 'ids are moderation cases; a dismissal changes no account',
  signupCodeUpdate: 'id is a signup code',
  signupCodeDelete: 'id is a signup code',
};

/** The keys of a call's request object, through refinements and transforms. */
function inputKeys(call: CallDef): string[] {
  let schema = call.request as unknown as { shape?: object; _zod?: { def: Record<string, unknown> } };
  for (let i = 0; i < 10 && schema; i++) {
    if (schema.shape) {
      return Object.keys(schema.shape);
    }
    const def = schema._zod?.def;
    schema = (def?.innerType ?? def?.in ?? def?.schema) as typeof schema;
  }
  return [];
}
const ID_KEY = /(^id$|_id$|Id$|_ids$)/;
const idWrites = Object.entries(calls as Record<string, CallDef>)
  .filter(([, c]) => c.method !== 'GET')
  .filter(([, c]) =>
    [...inputKeys(c), ...[...c.path.matchAll(/:(\w+)/g)].map((m) => m[1])].some((k) => ID_KEY.test(k)),
  )
  .map(([name]) => name);

let env: TestEnv;
let passwordHash: string;
let sharedPermissionId: number;
beforeAll(async () => {
  env = await setupTestApp();
  passwordHash = await hashPassword('secret-password');
  const [p] = await env.db
    .select()
    .from(permissions)
    .where(inArray(permissions.name, ['users_list']));
  sharedPermissionId = p.id;
});
afterAll(async () => {
  await env?.close();
});

/** A person straight in the database (one password hash for all: the table makes hundreds). */
async function person(kind: 'platform' | 'staff' | 'superAdmin', grants: string[] = []) {
  const tag = randomBytes(5).toString('hex');
  const [row] = await env.db
    .insert(users)
    .values({
      name: `Rank ${tag}`,
      username: `rank_${tag}`,
      email: `rank_${tag}@example.com`,
      passwordHash: kind === 'platform' ? null : passwordHash,
      isAdmin: kind !== 'platform',
      isSupAdmin: kind === 'superAdmin',
    })
    .returning({ id: users.id });
  if (grants.length > 0) {
    const perms = await env.db.select().from(permissions).where(inArray(permissions.name, grants));
    await env.db.insert(userPermissions).values(perms.map((p) => ({ userId: row.id, permissionId: p.id })));
  }
  const token = kind === 'platform' ? '' : await createSession(env.db, row.id, 'admin');
  return { id: row.id, token };
}

async function group(memberId?: number) {
  const [g] = await env.db
    .insert(groups)
    .values({ name: `Rank group ${randomBytes(4).toString('hex')}` })
    .returning({ id: groups.id });
  await env.db.insert(groupPermissions).values({ groupId: g.id, permissionId: sharedPermissionId });
  if (memberId) {
    await env.db.insert(userGroups).values({ userId: memberId, groupId: g.id });
  }
  return g.id;
}

/** Everything a ranked call could change about its target, as one JSON value. */
async function snapshot(c: Ctx) {
  const [row] = uncheckedRows<{ s: unknown }>(
    await env.db.execute(sql`SELECT jsonb_build_object(
      'user', (SELECT to_jsonb(u) FROM users u WHERE u.id = ${c.userId}),
      'perms', (SELECT jsonb_agg(permission_id ORDER BY permission_id) FROM user_permissions WHERE user_id = ${c.userId}),
      'groups', (SELECT jsonb_agg(group_id ORDER BY group_id) FROM user_groups WHERE user_id = ${c.userId}),
      'sessions', (SELECT jsonb_agg(jsonb_build_array(id, revoked_at) ORDER BY id) FROM sessions WHERE user_id = ${c.userId}),
      'factors', (SELECT jsonb_agg(id ORDER BY id) FROM passkeys WHERE user_id = ${c.userId}),
      'settings', (SELECT count(*) FROM campaign_settings WHERE user_id = ${c.userId}),
      'messages', (SELECT count(*) FROM direct_messages WHERE user_id = ${c.userId}),
      'requests', (SELECT jsonb_agg(status ORDER BY id) FROM conversation_access_requests WHERE requester_id = ${c.userId}),
      'group', (SELECT to_jsonb(g) FROM groups g WHERE g.id = ${c.groupId}),
      'group_perms', (SELECT jsonb_agg(permission_id ORDER BY permission_id) FROM group_permissions WHERE group_id = ${c.groupId}),
      'members', (SELECT jsonb_agg(user_id ORDER BY user_id) FROM user_groups WHERE group_id = ${c.groupId})
    ) AS s`),
  );
  return row.s;
}

describe('ranks: who may act on whom', () => {
  it('the table names every non-GET call of the contract that takes a user or group id', () => {
    const listed = [...Object.keys(TABLE), ...Object.keys(NOT_RANKED)].sort();
    const missing = idWrites.filter((n) => !listed.includes(n));
    expect(missing, 'calls missing from TABLE (or NOT_RANKED, with a reason)').toEqual([]);
    const stale = listed.filter((n) => !idWrites.includes(n));
    expect(stale, 'entries that are no longer such calls').toEqual([]);
  });

  const cases = Object.entries(TABLE).flatMap(([name, spec]) =>
    (['superAdmin', 'holder'] as const).flatMap((actor) =>
      (['platform', 'staff', 'superAdmin', 'self'] as const)
        .filter((target) => spec?.expect[actor][target] !== null)
        .map((target) => [name, actor, target, spec?.expect[actor][target] as number] as const),
    ),
  );

  it.each(cases)('%s by %s on %s answers %i', async (name, actor, target, status) => {
    const call = (calls as Record<string, CallDef>)[name];
    const spec = TABLE[name as CallName] as Case;
    const held = [
      ...(typeof call.permission === 'string' ? [call.permission] : (call.permission ?? [])),
      'users_list',
    ];
    const me = await person(actor === 'superAdmin' ? 'superAdmin' : 'staff', actor === 'holder' ? held : []);
    const other = target === 'self' ? me : await person(target, target === 'staff' ? ['users_list'] : []);
    const ctx: Ctx = { userId: other.id, groupId: 0, permissionId: sharedPermissionId, requestId: 0 };
    ctx.groupId =
      spec.on === 'group' ? await group(target === 'platform' ? undefined : other.id) : await group();
    if (target !== 'platform') {
      const [r] = await env.db
        .insert(conversationAccessRequests)
        .values({ requesterId: other.id })
        .returning({ id: conversationAccessRequests.id });
      ctx.requestId = r.id;
    }
    await spec.prepare?.(ctx, target);
    const before = await snapshot(ctx);

    const res = await callApi(env.app, call, spec.input(ctx), me.token);

    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const after = await snapshot(ctx);
    if (status < 300) {
      expect(after, 'an allowed call changes its target').not.toEqual(before);
    } else {
      expect(after, 'a refused call changes nothing').toEqual(before);
    }
    if (status === 403) {
      expect(res.body.responseCode).toBe(403);
      expect(res.body.responseMessage).toMatch(/super admin|your own|group you belong to/);
    }
  });
});

describe('the profile answer names the rank, for the web app to disable what the viewer may not do', () => {
  it('answers platform, staff or super_admin', async () => {
    const viewer = await person('staff', ['user_profile']);
    for (const kind of ['platform', 'staff', 'superAdmin'] as const) {
      const target = await person(kind);
      const res = await callApi(env.app, calls.userProfile, { id: target.id }, viewer.token);
      expect(res.body.userdetails.rank).toBe(kind === 'superAdmin' ? 'super_admin' : kind);
    }
  });
});

describe('nobody grants what they do not hold', () => {
  it('a holder of group_permissions_update switches on an empty group only permissions they hold', async () => {
    const me = await person('staff', ['group_permissions_update', 'users_list']);
    const g = await group();
    const [foreign] = await env.db
      .select()
      .from(permissions)
      .where(inArray(permissions.name, ['create_user']));
    const refused = await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id: g, permission_id: foreign.id },
      me.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.responseMessage).toBe(
      'You can only grant or remove permissions you hold yourself (create_user)',
    );
    const held = await env.db
      .select()
      .from(groupPermissions)
      .where(inArray(groupPermissions.groupId, [g]));
    expect(held.map((h) => h.permissionId)).toEqual([sharedPermissionId]);

    const allowed = await callApi(
      env.app,
      calls.groupPermissionToggle,
      { group_id: g, permission_id: sharedPermissionId },
      me.token,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.body.data).toMatchObject({ name: 'users_list', granted: false });
  });

  it('create-user with is_admin needs a super admin; a platform user needs only create_user', async () => {
    const me = await person('staff', ['create_user']);
    const body = (tag: string, is_admin: boolean) => ({
      name: 'New person',
      username: `new_${tag}`,
      email: `new_${tag}@example.com`,
      password: strongPassword,
      is_admin,
    });
    const refused = await callApi(env.app, calls.createUser, body('staffer', true), me.token);
    expect(refused.status).toBe(403);
    expect(refused.body.responseMessage).toBe('Only a super admin can create a staff account');
    const none = uncheckedRows(await env.db.execute(sql`SELECT 1 FROM users WHERE username = 'new_staffer'`));
    expect(none).toEqual([]);

    expect((await callApi(env.app, calls.createUser, body('platform1', false), me.token)).status).toBe(201);
    const boss = await person('superAdmin');
    expect((await callApi(env.app, calls.createUser, body('staffer2', true), boss.token)).status).toBe(201);
  });
});
