import { TEXTS } from '@admin/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { loginChallenges, signInAddresses, users } from '../../db/schema';
import { sqlTime } from '../../db/sql';
import { afterCommit } from '../../db/tx';
import { unauthorized } from '../../http/errors';
import { recordSignin } from '../../trail/record';
import {
  factorsOf,
  hasSecondFactor,
  policyCovers,
  recoveryCodesLeft,
  secondFactorPolicy,
  useRecoveryCode,
  useTotpCode,
} from '../security';
import type { AuthDeps } from './deps';
import { DEAD_CHALLENGE } from './otp';
import { createSession } from './sessions';
import { presentLoggedIn, widgetsOf } from './signed-in';

/** How the step after the password was passed (kept with the session, shown in the Sessions list). */
export type SignInMethod = 'email' | 'totp' | 'recovery' | 'passkey';

/** An address not seen for this long makes a sign-in from it mail the owner. */
const NEW_ADDRESS_DAYS = 30;

/**
 * Whether `otp` is the account's authenticator code or one of its recovery codes (an account with
 * a second factor: its mailed code is not asked for, nor taken). Answers how, or null.
 */
export async function secondFactorCode(
  deps: AuthDeps,
  userId: number,
  otp: string,
): Promise<'totp' | 'recovery' | null> {
  const now = deps.clock.now();
  if (await useTotpCode(deps.db, userId, otp, now)) {
    return 'totp';
  }
  if (await useRecoveryCode(deps.db, userId, otp, now)) {
    const left = await recoveryCodesLeft(deps.db, userId);
    await recordSignin(deps.db, 'recovery-code-used', { username: null, userId }, { recovery_left: left });
    return 'recovery';
  }
  return null;
}

/**
 * The step after the password is passed: the challenge is used up (once, even in a race), a session
 * starts (held to enrolling first when the policy asks this account for a second factor it lacks),
 * and the answer is verify-auth's.
 */
export async function finishSignIn(
  deps: AuthDeps,
  challenge: { id: number; user_id: number; must_change_password: boolean },
  method: SignInMethod,
) {
  const now = deps.clock.now();
  const used = await deps.db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  if (used.length === 0) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  const userId = challenge.user_id;
  const [{ isSupAdmin }] = await deps.db
    .select({ isSupAdmin: users.isSupAdmin })
    .from(users)
    .where(eq(users.id, userId));
  const mustEnrol =
    policyCovers(await secondFactorPolicy(deps.db), isSupAdmin) &&
    !hasSecondFactor(await factorsOf(deps.db, userId));
  const mustChange = challenge.must_change_password;
  const token = await createSession(deps.db, userId, 'admin', {
    mustChangePassword: mustChange,
    mustEnrol,
    now,
    ip: deps.client?.ip,
    userAgent: deps.client?.userAgent,
    method,
  });
  await recordSignin(deps.db, 'code-accepted', { username: null, userId }, { method });
  if (deps.client) {
    await noteAddress(deps, userId, deps.client.ip);
  }
  await deps.db.update(users).set({ lastInteracted: now }).where(eq(users.id, userId));
  return {
    responseMessage: mustChange ? TEXTS.mustChangePassword : mustEnrol ? TEXTS.mustEnrol : 'Login successful',
    user: {
      ...(await presentLoggedIn(deps.db, userId)),
      api_token: token,
      ...(mustChange ? { must_change_password: true } : {}),
      ...(mustEnrol ? { must_enrol: true } : {}),
    },
    widget: await widgetsOf(deps.db, userId),
  };
}

/**
 * Keeps the address a sign-in came from; one not seen for 30 days, on an account that has signed
 * in before, mails the owner (the first sign-in of an account has nothing to compare with).
 */
async function noteAddress(deps: AuthDeps, userId: number, ip: string) {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - NEW_ADDRESS_DAYS * 86_400_000);
  const [known] = await deps.db
    .select({
      seen: sql<boolean>`bool_or(${signInAddresses.ip} = ${ip} AND ${signInAddresses.lastSeenAt} > ${sqlTime(since)})`,
      any: sql<number>`count(*)::int`,
    })
    .from(signInAddresses)
    .where(eq(signInAddresses.userId, userId));
  await deps.db
    .insert(signInAddresses)
    .values({ userId, ip, lastSeenAt: now })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.ip], set: { lastSeenAt: now } });
  if (known?.seen || !known?.any) {
    return;
  }
  await recordSignin(deps.db, 'new-address', { username: null, userId }, { ip });
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const to = user?.email;
  if (!to) {
    return;
  }
  const agent = deps.client?.userAgent ?? 'unknown browser';
  afterCommit(() =>
    deps.mailer
      .send({
        to,
        subject: 'New sign-in to your Admin Panel account',
        text: [
          `Your account was just signed in to from address ${ip},`,
          `which it has not used in the last ${NEW_ADDRESS_DAYS} days`,
          `(${agent.slice(0, 200)}), at ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
          '',
          'If this was you, there is nothing to do.',
          'If it was not, open Security in the user menu, end that session,',
          'change your password and tell your administrator.',
        ].join('\n'),
      })
      .catch((err) => deps.log.error({ err }, 'new-address mail failed')),
  );
}
