import { randomBytes } from 'node:crypto';
import { type calls, type InputOf, type LoggedInUser, OTP_TTL_SECONDS, TEXTS } from '@admin/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, sessions, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { recordSignin } from '../../http/audit';
import type { AuthUser } from '../../http/auth';
import { AppError, badRequest, unauthorized } from '../../http/errors';
import { signinFailures } from '../../lib/metrics';
import { assertNewPassword } from '../../lib/password-strength';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthDeps } from './deps';
import { admitPasswordAttempt, passwordAccepted } from './guessing';
import {
  assertNotCodeLocked,
  checkCode,
  codeHash,
  DEAD_CHALLENGE,
  mailCode,
  newCode,
  resendCode,
  takeChallengeTry,
} from './otp';

import { dropOneTimePasswords, isRecentOneTimePassword, useOneTimePassword } from './reset';
import { createSession, loadPermissions, revokeOtherSessions, revokeSession, sha256 } from './sessions';

export type { AuthDeps } from './deps';

const BAD_CREDENTIALS = 'Invalid username or password';

/**
 * Step one: password (or a mailed one-time password). Mails a code and answers the challenge key.
 * The attempt is counted before the password is checked (guessing.ts).
 */
export async function login(deps: AuthDeps, input: InputOf<typeof calls.adminLogin>, ip: string) {
  const username = input.username.toLowerCase();
  const now = deps.clock.now();
  await admitPasswordAttempt(deps.db, username, ip, now);
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username}`, eq(users.isAdmin, true), isNull(users.deletedAt)))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  const viaReset = !!user && !ok && (await useOneTimePassword(deps.db, user.id, input.password, now));
  if (!user || !(ok || viaReset)) {
    signinFailures.inc({ reason: 'password' });
    await recordSignin(deps.db, 'password-refused', { username, userId: user?.id });
    throw unauthorized(BAD_CREDENTIALS);
  }
  await passwordAccepted(deps.db, username, ip, now);
  if (user.isSuspended) {
    await recordSignin(deps.db, 'password-refused', { username, userId: user.id }, { reason: 'suspended' });
    throw new AppError('forbidden', 'This account has been suspended');
  }
  await assertNotCodeLocked(deps.db, user.id, now);
  const key = randomBytes(24).toString('base64url');
  const code = newCode();
  const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
  await deps.db.insert(loginChallenges).values({
    keyHash: sha256(key),
    userId: user.id,
    codeHash: codeHash(key, code),
    mustChangePassword: viaReset,
    lastSentAt: now,
    expiresAt,
  });
  await mailCode(deps, user.email, code, expiresAt);
  await recordSignin(deps.db, 'password-accepted', { username: user.username, userId: user.id });
  return { key, responseMessage: 'OTP has been sent to your email address' };
}

/** A new code for the same challenge; the previous code stops working (limits in otp.ts). */
export function resendOtp(deps: AuthDeps, key: string) {
  return resendCode(deps, key);
}

export async function widgetsOf(db: Db, userId: number): Promise<string> {
  const rows = rowsOf<{ type: string; widget_json: unknown }>(await db.execute(widgetsQuery(userId)));
  const widget: Record<string, unknown> = { POST: [], ADS: [] };
  for (const row of rows) {
    widget[row.type] = row.widget_json;
  }
  return JSON.stringify(widget);
}

async function presentLoggedIn(db: Db, userId: number): Promise<LoggedInUser> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    avatar: u.avatar,
    is_sup_admin: u.isSupAdmin ? 1 : 0,
    ...(await loadPermissions(db, userId)),
  };
}

/**
 * Step two: the code. Single use, 10 minutes from the first code, 5 tries a challenge, and wrong
 * codes add up per account (otp.ts).
 */
export async function verifyOtp(deps: AuthDeps, input: InputOf<typeof calls.verifyAuth>) {
  const now = deps.clock.now();
  const challenge = await takeChallengeTry(deps.db, input.key, now);
  if (!challenge) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  await checkCode(deps, challenge, input.key, input.otp);
  // Conditional update so two concurrent verifications cannot both succeed.
  const used = await deps.db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  if (used.length === 0) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  const mustChange = challenge.must_change_password;
  const token = await createSession(deps.db, challenge.user_id, 'admin', {
    mustChangePassword: mustChange,
    now,
  });
  await recordSignin(deps.db, 'code-accepted', { username: null, userId: challenge.user_id });
  await deps.db.update(users).set({ lastInteracted: now }).where(eq(users.id, challenge.user_id));
  return {
    responseMessage: mustChange ? TEXTS.mustChangePassword : 'Login successful',
    user: {
      ...(await presentLoggedIn(deps.db, challenge.user_id)),
      api_token: token,
      ...(mustChange ? { must_change_password: true } : {}),
    },
    widget: await widgetsOf(deps.db, challenge.user_id),
  };
}

/** The guard has just read the user and their grants: only the widgets are left to load. */
export async function loginData(db: Db, user: AuthUser) {
  const { sessionId: _session, mustChangePassword, ...me } = user;
  return {
    user: { ...me, ...(mustChangePassword ? { must_change_password: true } : {}) },
    widget: await widgetsOf(db, user.id),
  };
}

export function widgetsQuery(userId: number) {
  return sql`SELECT type, widget_json FROM dashboard_widgets WHERE user_id = ${userId}`;
}

export async function logout(db: Db, user: AuthUser, now: Date) {
  await revokeSession(db, user.sessionId, now);
  return { responseMessage: 'You have logout successfully' };
}

/**
 * Changes one's own password: the current one must be given (in a session started with a mailed
 * one-time password, that one counts as current), the new one must differ and be hard to guess.
 */
export async function changePassword(
  db: Db,
  user: AuthUser,
  input: InputOf<typeof calls.changePassword>,
  now: Date,
) {
  if (input.newPassword !== input.confirmPassword) {
    throw badRequest('Confirm Password does not match New Password');
  }
  const [row] = await db
    .select({ passwordHash: users.passwordHash, name: users.name })
    .from(users)
    .where(eq(users.id, user.id));
  const currentOk =
    (await verifyPassword(row?.passwordHash, input.currentPassword)) ||
    (!!user.mustChangePassword && (await isRecentOneTimePassword(db, user.id, input.currentPassword, now)));
  if (!currentOk) {
    throw badRequest('Current password is incorrect');
  }
  if (input.newPassword === input.currentPassword) {
    throw badRequest('New Password must differ from the current password');
  }
  await assertNewPassword(input.newPassword, {
    label: 'New Password',
    currentHash: row?.passwordHash,
    userInputs: [user.username, user.email, row?.name],
  });
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
    .where(eq(users.id, user.id));
  await db.update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, user.sessionId));
  await revokeOtherSessions(db, user.id, user.sessionId, now);
  await dropOneTimePasswords(db, user.id);
  return { responseMessage: 'Password changed successfully' };
}
