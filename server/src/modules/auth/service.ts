import { randomBytes } from 'node:crypto';
import { type calls, type InputOf, OTP_TTL_SECONDS } from '@admin/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, sessions, users } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { AppError, badRequest, unauthorized } from '../../http/errors';
import { signinFailures } from '../../lib/metrics';
import { assertNewPassword } from '../../lib/password-strength';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { recordSignin } from '../../trail/record';
import { factorsOf, hasSecondFactor } from '../security';
import { admitCurrentPassword, currentPasswordAccepted, currentPasswordRefused } from './change-guard';
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
import { finishSignIn, type SignInMethod, secondFactorCode } from './second-step';
import { revokeOtherSessions, revokeSession, sha256 } from './sessions';
import { widgetsOf } from './signed-in';

export type { AuthDeps } from './deps';
export { widgetsOf, widgetsQuery } from './signed-in';

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
  await recordSignin(deps.db, 'password-accepted', { username: user.username, userId: user.id });
  // With a passkey or authenticator app nothing is mailed: the mailbox alone never passes this step.
  const factors = await factorsOf(deps.db, user.id);
  if (hasSecondFactor(factors)) {
    return {
      key,
      factors: [
        ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
        ...(factors.totp ? (['totp'] as const) : []),
      ],
      responseMessage: 'Confirm it is you with your passkey or authenticator app',
    };
  }
  await mailCode(deps, user.email, code, expiresAt);
  return { key, factors: ['email' as const], responseMessage: 'OTP has been sent to your email address' };
}

/** A new code for the same challenge; the previous code stops working (limits in otp.ts). */
export async function resendOtp(deps: AuthDeps, key: string) {
  const [challenge] = await deps.db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(eq(loginChallenges.keyHash, sha256(key)));
  if (challenge && hasSecondFactor(await factorsOf(deps.db, challenge.userId))) {
    throw new AppError(
      'conflict',
      'This account signs in with its passkey or authenticator app, not a mailed code',
    );
  }
  return resendCode(deps, key);
}

/**
 * Step two: the mailed code (single use, 10 minutes from the first code, 5 tries a challenge, and
 * wrong codes add up per account: otp.ts). An account with a passkey or authenticator app gives its
 * authenticator code or a recovery code instead, under the same limits; its mailed code is not taken.
 */
export async function verifyOtp(deps: AuthDeps, input: InputOf<typeof calls.verifyAuth>) {
  const now = deps.clock.now();
  const challenge = await takeChallengeTry(deps.db, input.key, now);
  if (!challenge) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  let method: SignInMethod = 'email';
  const strong = hasSecondFactor(await factorsOf(deps.db, challenge.user_id));
  await checkCode(
    deps,
    challenge,
    input.key,
    input.otp,
    strong
      ? async () => {
          method = (await secondFactorCode(deps, challenge.user_id, input.otp)) ?? method;
          return method !== 'email';
        }
      : undefined,
  );
  return finishSignIn(deps, challenge, method);
}

/** The guard has just read the user and their grants: only the widgets are left to load. */
export async function loginData(db: Db, user: AuthUser) {
  const { sessionId: _session, mustChangePassword, mustEnrol, ...me } = user;
  return {
    user: {
      ...me,
      ...(mustChangePassword ? { must_change_password: true } : {}),
      ...(mustEnrol ? { must_enrol: true } : {}),
    },
    widget: await widgetsOf(db, user.id),
  };
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
  deps: AuthDeps,
  user: AuthUser,
  input: InputOf<typeof calls.changePassword>,
) {
  const { db } = deps;
  const now = deps.clock.now();
  if (input.newPassword !== input.confirmPassword) {
    throw badRequest('Confirm Password does not match New Password');
  }
  const attempt = await admitCurrentPassword(deps, user, now);
  const [row] = await db
    .select({ passwordHash: users.passwordHash, name: users.name })
    .from(users)
    .where(eq(users.id, user.id));
  const currentOk =
    (await verifyPassword(row?.passwordHash, input.currentPassword)) ||
    (!!user.mustChangePassword && (await isRecentOneTimePassword(db, user.id, input.currentPassword, now)));
  if (!currentOk) {
    return currentPasswordRefused(deps, user, attempt, now);
  }
  await currentPasswordAccepted(deps, user);
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
