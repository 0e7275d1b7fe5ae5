import { type CallDef, calls, WIDGET_CATALOGUE } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, moderationCases, permissions, postReports, posts } from '../../db/schema';
import { callApi, lastMail, type MadeUser, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { softAuthenticator } from '../../test/soft-authenticator';
import { actionOf } from '../../trail/record';
import { entriesAfter as entriesAfterIn, lastEntryId } from './test-support';

let env: TestEnv;
let boss: MadeUser;
const ALL = Object.values(calls as Record<string, CallDef>);
const WRITES = Object.entries(calls as Record<string, CallDef>).filter(([, c]) => c.method !== 'GET');

interface Entry {
  id: number;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: unknown;
  ip: string | null;
  request_id: string | null;
}

const entriesAfter = (id: number) => entriesAfterIn<Entry>(env.db, id);
const lastId = () => lastEntryId(env.db);

beforeAll(async () => {
  env = await setupTestApp();
  boss = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  await env?.close();
});

/** Secrets sent in the steps below; none may appear in any entry. */
const SECRETS = [
  'audit-credential',
  'audit-public-key',
  'App-password-9x',
  'New-password-77',
  'secret-password',
  'SPRINGCODE',
  'SUMMERCODE',
];

interface Step {
  name: keyof typeof calls;
  input: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  token?: () => string;
  /** The action recorded, when not the call's own (sign-in events). */
  action?: string;
  actor?: () => number | null;
  target?: () => string | number | null;
  after?: (body: Record<string, unknown>) => void;
}

describe('every write call of the contract', () => {
  const ids: Record<string, number> = {};
  const id = (k: string) => ids[k];
  let platform: MadeUser;
  let staff: MadeUser;
  let staff2: MadeUser;
  let leaver: MadeUser;
  let signer: MadeUser;
  let challengeKey = '';
  let totpSecret = '';
  let webauthnOptions: Record<string, unknown> = {};
  let passkeyToken = '';
  // app.inject reaches the server as http://localhost:80: the relying party by default.
  const passkey = softAuthenticator('http://localhost:80');
  const totpCode = (steps: number) =>
    TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: Date.now() + steps * 30_000 });
  let permissionId = 0;

  beforeAll(async () => {
    platform = await makeUser(env.db, { platform: true });
    staff = await makeUser(env.db);
    staff2 = await makeUser(env.db);
    leaver = await makeUser(env.db);
    signer = await makeUser(env.db);
    [{ id: permissionId }] = await env.db.select().from(permissions).where(eq(permissions.name, 'searches'));
    const made = await env.db
      .insert(campaigns)
      .values([
        { userId: platform.id, campaignName: 'Audit A', status: 'Pending' },
        { userId: platform.id, campaignName: 'Audit B', status: 'Pending' },
      ])
      .returning({ id: campaigns.id });
    ids.campaignA = made[0].id;
    ids.campaignB = made[1].id;
    const [post] = await env.db
      .insert(posts)
      .values({ userId: platform.id, title: 'Audit post', website: 'example.com', type: 'image' })
      .returning({ id: posts.id });
    ids.post = post.id;
    // A report files the post into a moderation case (a trigger).
    await env.db.insert(postReports).values({ postId: post.id, reportedById: platform.id });
    [{ id: ids.case }] = await env.db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(eq(moderationCases.targetId, post.id));
  });

  const keep = (k: string) => (body: Record<string, unknown>) => {
    ids[k] = (body.data as { id: number }).id;
  };
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  const steps: Step[] = [
    {
      name: 'groupAdd',
      input: () => ({ name: 'Audit group' }),
      after: keep('group'),
      target: () => id('group'),
    },
    {
      name: 'groupEdit',
      input: () => ({ id: id('group'), name: 'Audit group 2' }),
      target: () => id('group'),
    },
    {
      name: 'assignGroups',
      input: () => ({ user_id: staff.id, group_ids: [id('group')] }),
      target: () => staff.id,
    },
    {
      name: 'groupPermissionToggle',
      input: () => ({ group_id: id('group'), permission_id: permissionId }),
      target: () => id('group'),
    },
    {
      name: 'userPermissionToggle',
      input: () => ({ user_id: staff.id, permission_id: permissionId }),
      target: () => staff.id,
    },
    { name: 'groupDelete', input: () => ({ id: id('group'), isDelete: 1 }), target: () => id('group') },
    { name: 'interestsCreate', input: () => ({ name: 'Audit sport' }), after: keep('interest') },
    {
      name: 'interestsUpdate',
      input: () => ({ id: id('interest'), name: 'Audit sports' }),
      target: () => id('interest'),
    },
    { name: 'interestsDelete', input: () => ({ id: id('interest') }), target: () => id('interest') },
    { name: 'signupCodeCreate', input: () => ({ code: 'SPRINGCODE' }), after: keep('code') },
    {
      name: 'signupCodeUpdate',
      input: () => ({ id: id('code'), code: 'SUMMERCODE' }),
      target: () => id('code'),
    },
    { name: 'signupCodeDelete', input: () => ({ id: id('code') }), target: () => id('code') },
    {
      name: 'campaignChargesCreate',
      input: () => ({ goal: 'CPC', cost_per_click: 0.25, cost_per_view: 0.02, min_daily_budget: 5 }),
      after: keep('charge'),
    },
    {
      name: 'campaignChargesUpdate',
      input: () => ({ id: id('charge'), cost_per_click: 0.3 }),
      target: () => id('charge'),
    },
    {
      name: 'campaignSettingsSave',
      input: () => ({
        date_from: `${day} 00:00:00`,
        date_to: `${day} 23:59:59`,
        setting_key: 'cost_per_view',
        setting_value: 1,
        setting_label: 'Audit',
      }),
      after: keep('setting'),
    },
    { name: 'campaignSettingsDelete', input: () => ({ id: id('setting') }), target: () => id('setting') },
    {
      name: 'campaignStatusChange',
      input: () => ({ id: id('campaignA'), status: 'Declined', decline_reason: 'Misleading' }),
      target: () => id('campaignA'),
    },
    { name: 'approveCampaign', input: () => ({ id: id('campaignB') }), target: () => id('campaignB') },
    {
      name: 'sendDirectMessage',
      input: () => ({ user_id: platform.id, message: 'Hello', timestamp: new Date().toISOString() }),
      target: () => platform.id,
    },
    {
      name: 'conversationAccessRequest',
      input: () => ({ message: 'Please' }),
      token: () => staff.token,
      actor: () => staff.id,
      after: keep('ask1'),
    },
    {
      name: 'grantConversationAccess',
      input: () => ({ id: id('ask1') }),
      target: () => id('ask1'),
    },
    {
      name: 'conversationAccessRequest',
      input: () => ({ message: 'Me too' }),
      token: () => staff2.token,
      actor: () => staff2.id,
      after: keep('ask2'),
    },
    { name: 'denyConversationAccess', input: () => ({ id: id('ask2') }), target: () => id('ask2') },
    { name: 'issueUserChatToken', input: () => ({ user_id: platform.id }), target: () => platform.id },
    {
      name: 'saveSettings',
      input: () => ({ data_key: 'about', data: '<p>About</p>' }),
      target: () => 'about',
    },
    {
      name: 'saveDashboardWidget',
      input: () => ({ type: 'ADS', widget_json: [WIDGET_CATALOGUE.ADS[0]] }),
      target: () => 'ADS',
    },
    { name: 'sendNotifications', input: () => ({ occupants: 'android', message: 'Hi' }) },
    { name: 'moderationClaim', input: () => ({ id: id('case') }), target: () => id('case') },
    {
      name: 'moderationDecision',
      input: () => ({ id: id('case'), decision: 'dismiss', reason: 'spam' }),
      target: () => id('case'),
    },
    { name: 'moderationUndo', input: () => ({ id: id('case') }), target: () => id('case') },
    {
      name: 'moderationBulkDismiss',
      input: () => ({ ids: [id('case')], reason: 'spam' }),
      target: () => id('case'),
    },
    { name: 'deletePost', input: () => ({ id: id('post') }), target: () => id('post') },
    { name: 'suspendAccount', input: () => ({ user_id: platform.id }), target: () => platform.id },
    {
      name: 'revokeSuspendedAccount',
      input: () => ({ user_id: platform.id, revoke: 1 }),
      target: () => platform.id,
    },
    { name: 'updateProfile', input: () => ({ id: platform.id, name: 'Renamed' }), target: () => platform.id },
    {
      name: 'changeAppPassword',
      input: () => ({
        user_id: platform.id,
        password: 'App-password-9x',
        password_confirmation: 'App-password-9x',
      }),
      target: () => platform.id,
    },
    { name: 'makeUserAutofollow', input: () => ({ user_id: platform.id }), target: () => platform.id },
    { name: 'enableAdvertise', input: () => ({ id: platform.id }), target: () => platform.id },
    {
      name: 'changeEnrichmentSettings',
      input: () => ({ data_key: 'ENRICHMENT_SERVICE', data: 0 }),
      target: () => 'ENRICHMENT_SERVICE',
    },
    {
      name: 'saveAppVersionSetting',
      input: () => ({ device_type: 'android', app_version: '3.8.0', notify_for_update: 2 }),
      target: () => 'android',
    },
    {
      name: 'createUser',
      input: () => ({
        name: 'New',
        username: 'audit_new',
        email: 'audit_new@example.com',
        password: 'secret-password',
      }),
      after: keep('created'),
      target: () => id('created'),
    },
    {
      name: 'changePassword',
      input: () => ({
        currentPassword: 'secret-password',
        newPassword: 'New-password-77',
        confirmPassword: 'New-password-77',
      }),
      token: () => leaver.token,
      actor: () => leaver.id,
      target: () => leaver.id,
    },
    {
      name: 'logout',
      input: () => ({}),
      token: () => leaver.token,
      actor: () => leaver.id,
      target: () => leaver.id,
    },
    {
      name: 'adminLogin',
      input: () => ({ username: signer.username, password: 'secret-password' }),
      token: () => '',
      action: 'password-accepted',
      actor: () => signer.id,
      target: () => signer.id,
      after: (body) => {
        challengeKey = String(body.key);
      },
    },
    {
      name: 'resendOtp',
      input: async () => {
        await env.db.execute(sql`UPDATE login_challenges SET last_sent_at = now() - interval '2 minutes'`);
        return { key: challengeKey, action: 'resend' };
      },
      token: () => '',
      action: 'code-resent',
      actor: () => signer.id,
      target: () => signer.id,
    },
    {
      name: 'verifyAuth',
      input: () => ({ key: challengeKey, otp: /code is (\d{6})/.exec(lastMail(env.outboxDir))?.[1] ?? '' }),
      token: () => '',
      action: 'code-accepted',
      actor: () => signer.id,
      target: () => signer.id,
    },
    {
      name: 'totpSetup',
      input: () => ({}),
      target: () => boss.id,
      after: (body) => {
        totpSecret = String(body.secret);
      },
    },
    { name: 'totpConfirm', input: () => ({ otp: totpCode(0) }), target: () => boss.id },
    { name: 'totpRemove', input: () => ({ otp: totpCode(1) }), target: () => boss.id },
    {
      name: 'passkeyRegisterOptions',
      input: () => ({}),
      target: () => boss.id,
      after: (body) => {
        webauthnOptions = body.options as Record<string, unknown>;
      },
    },
    {
      name: 'passkeyRegister',
      input: () => ({ name: 'Audit key', credential: passkey.register(webauthnOptions) }),
      after: keep('passkey'),
      target: () => id('passkey'),
    },
    {
      name: 'passkeyRename',
      input: () => ({ id: id('passkey'), name: 'Audit key 2' }),
      target: () => id('passkey'),
    },
    {
      name: 'adminLogin',
      input: () => ({ username: boss.username, password: 'secret-password' }),
      token: () => '',
      action: 'password-accepted',
      target: () => boss.id,
      after: (body) => {
        challengeKey = String(body.key);
      },
    },
    {
      name: 'passkeyLoginOptions',
      input: () => ({ key: challengeKey }),
      token: () => '',
      action: 'passkey-asked',
      target: () => boss.id,
      after: (body) => {
        webauthnOptions = body.options as Record<string, unknown>;
      },
    },
    {
      name: 'passkeyLogin',
      input: () => ({ key: challengeKey, credential: passkey.assert(webauthnOptions) }),
      token: () => '',
      action: 'code-accepted',
      target: () => boss.id,
      after: (body) => {
        passkeyToken = String((body.user as { api_token: string }).api_token);
      },
    },
    {
      name: 'endMySessions',
      input: async () => {
        const mine = await callApi(env.app, calls.mySessions, {}, passkeyToken);
        ids.session = mine.body.data.find((s: { current: boolean }) => s.current).id;
        return { id: ids.session };
      },
      token: () => passkeyToken,
      target: () => id('session'),
    },
    { name: 'passkeyRemove', input: () => ({ id: id('passkey') }), target: () => id('passkey') },
    { name: 'endUserSessions', input: () => ({ user_id: staff2.id }), target: () => staff2.id },
    {
      name: 'resetUserSecondFactors',
      input: async () => {
        await env.db.execute(sql`
          INSERT INTO passkeys (user_id, credential_id, public_key, name)
          VALUES (${staff2.id}, 'audit-credential', 'audit-public-key', 'Lost phone')`);
        return { user_id: staff2.id };
      },
      target: () => staff2.id,
    },
    { name: 'setSecondFactorPolicy', input: () => ({ policy: 'off' }), target: () => null },
    {
      name: 'resetPassword',
      input: () => ({ email: signer.email }),
      token: () => '',
      action: 'reset-requested',
      // Answered before the account is looked up (same time for every address): the email only.
      actor: () => null,
      target: () => null,
    },
  ];

  it('has a step, and an audit target in its contract entry, for each of them', () => {
    const covered = new Set(steps.map((s) => s.name));
    expect(WRITES.map(([name]) => name).filter((n) => !covered.has(n as keyof typeof calls))).toEqual([]);
    expect(WRITES.filter(([, c]) => !c.audit).map(([n]) => n)).toEqual([]);
  });

  // One test per call, in order (a step may use what an earlier one made): each has its own time limit.
  for (const step of steps) {
    it(`${step.name} records exactly one entry: action, actor, target, and no secret`, async () => {
      const call = calls[step.name] as CallDef;
      const before = await lastId();
      const token = step.token ? step.token() : boss.token;
      const res = await callApi(env.app, call, await step.input(), token || undefined);
      expect(res.status, `${step.name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      step.after?.(res.body);
      const rows = await entriesAfter(before);
      expect(rows, step.name).toHaveLength(1);
      const [row] = rows;
      expect(row.action, step.name).toBe(step.action ?? actionOf(call, ALL));
      expect(row.actor_id, step.name).toBe(step.actor ? step.actor() : boss.id);
      const target = step.target?.();
      if (target === null) {
        expect(row.target_id, step.name).toBeNull();
      } else {
        expect(row.actor_username, step.name).not.toBeNull();
        expect(row.target_type, step.name).toBe(call.audit?.target);
        if (target !== undefined) {
          expect(row.target_id, step.name).toBe(String(target));
        }
      }
      expect(row.ip, step.name).toBeTruthy();
      expect(row.request_id, step.name).toBeTruthy();
      const text = JSON.stringify(row);
      for (const secret of [...SECRETS, token].filter(Boolean)) {
        expect(text, `${step.name} leaks a secret`).not.toContain(secret);
      }
    });
  }
});
