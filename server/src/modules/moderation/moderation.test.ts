import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReports, posts, sessions, users } from '../../db/schema';
import { uncheckedRows } from '../../db/sql';
import { callApi, calls, makeUser, setupTestApp, type TestEnv, testClock } from '../../test/harness';
import { entriesAfter, lastEntryId } from '../audit/test-support';
import { createSession } from '../auth/sessions';
import { reportedPost, reportedUser } from './fixtures';

let env: TestEnv;
const clock = testClock();
beforeAll(async () => {
  env = await setupTestApp({ clock });
});
afterAll(async () => {
  await env?.close();
});

const DESK = ['moderation_desk'];
const FULL = ['moderation_desk', 'delete_post', 'suspend_account'];

async function caseRow(id: number) {
  return uncheckedRows<Record<string, unknown>>(
    await env.db.execute(sql`SELECT * FROM moderation_cases WHERE id = ${id}`),
  )[0];
}

describe('reports become cases', () => {
  it('files the reports of one target into one case, counting reporters once', async () => {
    const { post, caseId } = await reportedPost(env.db, 3);
    const [first] = await env.db.select().from(postReports).where(eq(postReports.postId, post.id)).limit(1);
    // The same reporter again: one more report, not one more reporter.
    await env.db
      .insert(postReports)
      .values({ postId: post.id, reportedById: first.reportedById, reason: 'Hate speech' });
    const c = await caseRow(caseId);
    expect(c).toMatchObject({
      target_type: 'post',
      status: 'open',
      report_count: 4,
      reporter_count: 3,
      reason: 'harassment',
    });
    const linked = await env.db.select().from(postReports).where(eq(postReports.postId, post.id));
    expect(linked.every((r) => r.caseId === caseId)).toBe(true);
  });

  it('a report after the decision opens a new case linked to the decided one', async () => {
    const mod = await makeUser(env.db, { permissions: DESK });
    const { post, caseId } = await reportedPost(env.db, 1);
    const res = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'dismiss', reason: 'other' },
      mod.token,
    );
    expect(res.status).toBe(200);
    const by = await makeUser(env.db, { platform: true });
    await env.db.insert(postReports).values({ postId: post.id, reportedById: by.id });
    const [again] = uncheckedRows<{ id: number; previous_case_id: number }>(
      await env.db.execute(sql`SELECT id, previous_case_id FROM moderation_cases WHERE target_id = ${post.id}
        AND target_type = 'post' AND status = 'open'`),
    );
    expect(again.id).not.toBe(caseId);
    expect(again.previous_case_id).toBe(caseId);
    const detail = await callApi(env.app, calls.moderationCase, { id: again.id }, mod.token);
    expect(detail.body.data.author_cases.map((x: { id: number }) => x.id)).toContain(caseId);
  });
});

describe('permissions and ranks', () => {
  it('needs moderation_desk for every call', async () => {
    const other = await makeUser(env.db, { permissions: ['reported_posts', 'delete_post'] });
    const { caseId } = await reportedPost(env.db, 1);
    for (const [call, input] of [
      [calls.moderationCases, {}],
      [calls.moderationCase, { id: caseId }],
      [calls.moderationStats, {}],
      [calls.moderationClaim, { id: caseId }],
      [calls.moderationDecision, { id: caseId, decision: 'dismiss', reason: 'spam' }],
      [calls.moderationBulkDismiss, { ids: [caseId], reason: 'spam' }],
    ] as const) {
      const res = await callApi(env.app, call, input, other.token);
      expect(res.status, call.path).toBe(403);
    }
    expect((await caseRow(caseId)).status).toBe('open');
  });

  it('removing needs delete_post, suspending needs suspend_account; nothing changes when refused', async () => {
    const desk = await makeUser(env.db, { permissions: DESK });
    const { post, authorId, caseId } = await reportedPost(env.db, 2);
    const remove = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'remove_post', reason: 'spam' },
      desk.token,
    );
    expect(remove.status).toBe(403);
    expect(remove.body.responseMessage).toBe('Removing a post needs the delete_post permission');
    const both = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'remove_post_and_suspend', reason: 'spam' },
      (await makeUser(env.db, { permissions: ['moderation_desk', 'delete_post'] })).token,
    );
    expect(both.status).toBe(403);
    const [p] = await env.db.select().from(posts).where(eq(posts.id, post.id));
    expect(p.deletedAt).toBeNull();
    const [u] = await env.db.select().from(users).where(eq(users.id, authorId));
    expect(u.isSuspended).toBe(false);
    expect((await caseRow(caseId)).status).toBe('open');
  });

  it('suspending a staff account takes a super admin (ranks); a super admin passes without grants', async () => {
    const mod = await makeUser(env.db, { permissions: FULL });
    const staffAuthor = await makeUser(env.db, { permissions: ['users_list'] });
    const { caseId } = await reportedPost(env.db, 1, { authorId: staffAuthor.id });
    const res = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'suspend_user', reason: 'spam' },
      mod.token,
    );
    expect(res.status).toBe(403);
    expect(res.body.responseMessage).toBe('Only a super admin can change a staff account');
    expect((await caseRow(caseId)).status).toBe('open');
    const boss = await makeUser(env.db, { superAdmin: true });
    const ok = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'suspend_user', reason: 'spam' },
      boss.token,
    );
    expect(ok.status).toBe(200);
    const [u] = await env.db.select().from(users).where(eq(users.id, staffAuthor.id));
    expect(u.isSuspended).toBe(true);
  });

  it('refuses removing a post on a user case, and suspending oneself', async () => {
    const mod = await makeUser(env.db, { permissions: FULL });
    const { caseId } = await reportedUser(env.db, 1);
    const res = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'remove_post', reason: 'spam' },
      mod.token,
    );
    expect(res.status).toBe(400);
    const own = await reportedPost(env.db, 1, { authorId: mod.id });
    const self = await callApi(
      env.app,
      calls.moderationDecision,
      { id: own.caseId, decision: 'suspend_user', reason: 'spam' },
      mod.token,
    );
    expect(self.status).toBe(409);
    expect(self.body.responseMessage).toBe('You cannot suspend your own account');
  });

  it('refuses a decision without a reason or with an unknown one', async () => {
    const mod = await makeUser(env.db, { permissions: FULL });
    const { caseId } = await reportedPost(env.db, 1);
    expect(
      (await callApi(env.app, calls.moderationDecision, { id: caseId, decision: 'dismiss' }, mod.token))
        .status,
    ).toBe(400);
    expect(
      (
        await callApi(
          env.app,
          calls.moderationDecision,
          { id: caseId, decision: 'dismiss', reason: 'boring' },
          mod.token,
        )
      ).status,
    ).toBe(400);
    expect((await caseRow(caseId)).status).toBe('open');
  });
});

describe('claims', () => {
  it('holds a case for its reviewer; another needs a take-over, which the trail records', async () => {
    const maria = await makeUser(env.db, { permissions: FULL, name: 'Maria Lopez' });
    const kevin = await makeUser(env.db, { permissions: FULL, name: 'Kevin Nguyen' });
    const { caseId } = await reportedPost(env.db, 1);
    const claim = await callApi(env.app, calls.moderationClaim, { id: caseId }, maria.token);
    expect(claim.status).toBe(200);
    expect(claim.body.data).toMatchObject({
      status: 'in_review',
      reviewer: { id: maria.id, name: 'Maria Lopez' },
    });
    const refused = await callApi(env.app, calls.moderationClaim, { id: caseId }, kevin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.responseMessage).toBe('Maria Lopez is reviewing this case');
    const decide = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'dismiss', reason: 'spam' },
      kevin.token,
    );
    expect(decide.status).toBe(409);
    expect(decide.body.responseMessage).toBe('Maria Lopez is reviewing this case; take it over to decide it');
    const before = await lastEntryId(env.db);
    const takeOver = await callApi(
      env.app,
      calls.moderationClaim,
      { id: caseId, take_over: true },
      kevin.token,
    );
    expect(takeOver.status).toBe(200);
    expect(takeOver.body.data.reviewer.name).toBe('Kevin Nguyen');
    const [entry] = await entriesAfter<{
      action: string;
      target_id: string;
      changes: { before: object; after: object };
    }>(env.db, before);
    expect(entry).toMatchObject({
      action: 'moderation-claim',
      target_id: String(caseId),
      changes: {
        before: { reviewer: 'Maria Lopez' },
        after: { reviewer: 'Kevin Nguyen', took_over_from: 'Maria Lopez' },
      },
    });
  });

  it('a claim lapses after 10 minutes: the case is open again', async () => {
    const maria = await makeUser(env.db, { permissions: DESK, name: 'Maria Lopez' });
    const kevin = await makeUser(env.db, { permissions: DESK });
    const { caseId } = await reportedPost(env.db, 1);
    await callApi(env.app, calls.moderationClaim, { id: caseId }, maria.token);
    clock.advance(10 * 60_000 + 1);
    const list = await callApi(
      env.app,
      calls.moderationCases,
      { status: 'open', page_limit: 100 },
      kevin.token,
    );
    expect(list.body.cases.map((c: { id: number }) => c.id)).toContain(caseId);
    expect((await callApi(env.app, calls.moderationClaim, { id: caseId }, kevin.token)).status).toBe(200);
  });
});

describe('decisions', () => {
  it('two moderators deciding one case at once: one wins, the other gets 409 naming who decided', async () => {
    const maria = await makeUser(env.db, { permissions: FULL, name: 'Maria Lopez' });
    const kevin = await makeUser(env.db, { permissions: FULL, name: 'Kevin Nguyen' });
    const { post, caseId } = await reportedPost(env.db, 2);
    const [a, b] = await Promise.all([
      callApi(
        env.app,
        calls.moderationDecision,
        { id: caseId, decision: 'remove_post', reason: 'spam' },
        maria.token,
      ),
      callApi(
        env.app,
        calls.moderationDecision,
        { id: caseId, decision: 'dismiss', reason: 'other' },
        kevin.token,
      ),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = won === a ? 'Maria Lopez (post removed)' : 'Kevin Nguyen (dismissed)';
    expect(lost.body.responseMessage).toBe(`This case was already decided by ${winner}`);
    const c = await caseRow(caseId);
    expect(c.decision).toBe(won === a ? 'remove_post' : 'dismiss');
    const [p] = await env.db.select().from(posts).where(eq(posts.id, post.id));
    expect(p.deletedAt === null).toBe(won !== a);
  });

  it('remove and suspend: closes the case, resolves its reports, one audit entry; Undo restores it all', async () => {
    const mod = await makeUser(env.db, { permissions: FULL });
    const { post, authorId, caseId } = await reportedPost(env.db, 2);
    await createSession(env.db, authorId, 'user');
    const before = await lastEntryId(env.db);
    const res = await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'remove_post_and_suspend', reason: 'violence', note: 'Threats in the caption' },
      mod.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'decided',
      decision: 'remove_post_and_suspend',
      reason: 'violence',
      note: 'Threats in the caption',
      decided_by: { id: mod.id },
      target: { removed: true, suspended: true },
    });
    const entries = await entriesAfter<{ action: string; changes: { after: Record<string, unknown> } }>(
      env.db,
      before,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].action).toBe('moderation-decision');
    expect(entries[0].changes.after).toMatchObject({
      decision: 'remove_post_and_suspend',
      post_removed: post.id,
      user_suspended: authorId,
    });
    const reports = await env.db.select().from(postReports).where(eq(postReports.caseId, caseId));
    expect(reports.every((r) => r.resolvedAt !== null)).toBe(true);
    const live = await env.db.select().from(sessions).where(eq(sessions.userId, authorId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    clock.advance(9_000);
    const undo = await callApi(env.app, calls.moderationUndo, { id: caseId }, mod.token);
    expect(undo.status).toBe(200);
    expect(undo.body.data).toMatchObject({
      status: 'in_review',
      decision: null,
      reason: 'spam',
      target: { removed: false, suspended: false },
    });
    const [p] = await env.db.select().from(posts).where(eq(posts.id, post.id));
    expect(p.deletedAt).toBeNull();
    const restored = await env.db.select().from(sessions).where(eq(sessions.userId, authorId));
    expect(restored.every((s) => s.revokedAt === null)).toBe(true);
    const open = await env.db.select().from(postReports).where(eq(postReports.caseId, caseId));
    expect(open.every((r) => r.resolvedAt === null)).toBe(true);
  });

  it('refuses Undo 10 seconds after the decision, and changes nothing', async () => {
    const mod = await makeUser(env.db, { permissions: FULL });
    const { post, caseId } = await reportedPost(env.db, 1);
    await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'remove_post', reason: 'nudity' },
      mod.token,
    );
    clock.advance(10_001);
    const undo = await callApi(env.app, calls.moderationUndo, { id: caseId }, mod.token);
    expect(undo.status).toBe(409);
    expect(undo.body.responseMessage).toBe('Too late to undo: a decision can be undone for 10 seconds');
    const [p] = await env.db.select().from(posts).where(eq(posts.id, post.id));
    expect(p.deletedAt).not.toBeNull();
    expect((await caseRow(caseId)).status).toBe('decided');
  });

  it('Undo folds back a case a new report opened in the meantime', async () => {
    const mod = await makeUser(env.db, { permissions: FULL });
    const { post, caseId } = await reportedPost(env.db, 1);
    await callApi(
      env.app,
      calls.moderationDecision,
      { id: caseId, decision: 'dismiss', reason: 'other' },
      mod.token,
    );
    const late = await makeUser(env.db, { platform: true });
    await env.db.insert(postReports).values({ postId: post.id, reportedById: late.id });
    const undo = await callApi(env.app, calls.moderationUndo, { id: caseId }, mod.token);
    expect(undo.status).toBe(200);
    expect(undo.body.data).toMatchObject({ report_count: 2, reporter_count: 2, status: 'in_review' });
    const cases = uncheckedRows(
      await env.db.execute(
        sql`SELECT id FROM moderation_cases WHERE target_type = 'post' AND target_id = ${post.id}`,
      ),
    );
    expect(cases).toHaveLength(1);
  });
});

describe('bulk dismissal, the queue and the counts', () => {
  it('dismisses the cases given in one go, one audit entry each, skipping one another reviewer holds', async () => {
    const mod = await makeUser(env.db, { permissions: DESK });
    const other = await makeUser(env.db, { permissions: DESK, name: 'Aisha Khan' });
    const a = await reportedPost(env.db, 1);
    const b = await reportedUser(env.db, 1);
    const held = await reportedPost(env.db, 1);
    await callApi(env.app, calls.moderationClaim, { id: held.caseId }, other.token);
    const before = await lastEntryId(env.db);
    const res = await callApi(
      env.app,
      calls.moderationBulkDismiss,
      { ids: [a.caseId, b.caseId, held.caseId], reason: 'spam' },
      mod.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dismissed: [a.caseId, b.caseId], skipped: 1 });
    const entries = await entriesAfter<{ target_id: string; action: string }>(env.db, before);
    expect(entries.map((e) => [e.action, e.target_id])).toEqual([
      ['moderation-bulk-dismiss', String(a.caseId)],
      ['moderation-bulk-dismiss', String(b.caseId)],
    ]);
    expect((await caseRow(held.caseId)).status).toBe('in_review');
    expect((await caseRow(b.caseId)).decision).toBe('dismiss');
  });

  it('dismisses all that match the filters', async () => {
    const mod = await makeUser(env.db, { permissions: DESK });
    const crowd = await reportedPost(env.db, 4, { reason: 'Scam or fraud' });
    const single = await reportedPost(env.db, 1, { reason: 'Scam or fraud' });
    const res = await callApi(
      env.app,
      calls.moderationBulkDismiss,
      { target_type: 'post', min_reporters: 4, reason: 'spam' },
      mod.token,
    );
    expect(res.body.dismissed).toContain(crowd.caseId);
    expect(res.body.dismissed).not.toContain(single.caseId);
  });

  it('lists the queue oldest first with filters, and counts the desk', async () => {
    const mod = await makeUser(env.db, { permissions: DESK });
    const many = await reportedPost(env.db, 5);
    const user = await reportedUser(env.db, 2);
    const all = await callApi(env.app, calls.moderationCases, { page_limit: 100 }, mod.token);
    expect(all.status).toBe(200);
    const firsts = all.body.cases.map((c: { first_report_at: string }) => c.first_report_at);
    expect([...firsts].sort()).toEqual(firsts);
    const crowded = await callApi(env.app, calls.moderationCases, { min_reporters: 5 }, mod.token);
    expect(crowded.body.cases.map((c: { id: number }) => c.id)).toContain(many.caseId);
    expect(crowded.body.cases.every((c: { reporter_count: number }) => c.reporter_count >= 5)).toBe(true);
    const users = await callApi(
      env.app,
      calls.moderationCases,
      { target_type: 'user', page_limit: 100 },
      mod.token,
    );
    expect(users.body.cases.map((c: { id: number }) => c.id)).toContain(user.caseId);
    expect(users.body.cases.every((c: { target_type: string }) => c.target_type === 'user')).toBe(true);
    const one = await callApi(
      env.app,
      calls.moderationCases,
      { target_type: 'user', target_id: user.user.id, status: 'undecided' },
      mod.token,
    );
    expect(one.body.cases).toHaveLength(1);
    expect(one.body.cases[0].target).toMatchObject({ title: 'Reported User', author: { id: user.user.id } });

    const stats = await callApi(env.app, calls.moderationStats, {}, mod.token);
    expect(stats.status).toBe(200);
    const [{ open }] = uncheckedRows<{ open: number }>(
      await env.db.execute(sql`SELECT count(*)::int AS open FROM moderation_cases WHERE status <> 'decided'`),
    );
    expect(stats.body.open + stats.body.in_review).toBe(open);
    expect(stats.body.decided_today).toBeGreaterThan(0);
    expect(stats.body.median_minutes_to_decision).not.toBeNull();
  });

  it('shows a case with its target, reports and the author earlier cases', async () => {
    const mod = await makeUser(env.db, { permissions: DESK });
    const { post, authorId, caseId } = await reportedPost(env.db, 2);
    const res = await callApi(env.app, calls.moderationCase, { id: caseId }, mod.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ post: { id: post.id, title: post.title }, user: { id: authorId } });
    expect(res.body.data.reports).toHaveLength(2);
    // The profile's Moderation section: every case about the user, decided or not.
    const ofAuthor = await callApi(
      env.app,
      calls.moderationCases,
      { author_id: authorId, status: 'all' },
      mod.token,
    );
    expect(ofAuthor.body.cases.map((c: { id: number }) => c.id)).toEqual([caseId]);
    expect((await callApi(env.app, calls.moderationCase, { id: 999_999 }, mod.token)).status).toBe(404);
  });
});
