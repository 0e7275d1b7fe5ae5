import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { totpSecrets } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { auditChanges } from '../../trail/record';
import type { SecurityDeps } from './deps';
import { enrolled, factorsOf, policyCovers, secondFactorPolicy } from './policy';
import { dropRecoveryCodes, issueRecoveryCodes } from './recovery';
import { admitRemoveCode, removeCodeAccepted, removeCodeRefused } from './totp-guard';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
const ISSUER = 'Admin Panel';

const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD);

/**
 * The 30-second step `code` belongs to (the current one, or one either side for a slow clock), or
 * null. A step at or before `lastStep` was used already: a code works once.
 */
function stepOf(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) {
    return null;
  }
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) {
    return null;
  }
  const step = stepAt(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Records `step` as used; false when a parallel request used it (or a later one) first. */
async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const taken = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(
      and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step))),
    )
    .returning({ userId: totpSecrets.userId });
  return taken.length > 0;
}

/** At sign-in: true when `code` is the confirmed authenticator app's current code, unused so far. */
export async function useTotpCode(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select()
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
  const step = row ? stepOf(row.secret, code, now, row.lastStep) : null;
  return step !== null && (await takeStep(db, userId, step));
}

/** A new secret (replacing an unconfirmed one); refused while a confirmed app is set up. */
export async function setupTotp(db: Db, user: AuthUser) {
  const secret = new Secret({ size: 20 }).base32;
  const saved = await db
    .insert(totpSecrets)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(totpSecrets.confirmedAt),
    })
    .returning({ userId: totpSecrets.userId });
  if (saved.length === 0) {
    throw conflict('An authenticator app is already set up: remove it first to set up another');
  }
  const totp = new TOTP({ issuer: ISSUER, label: user.username, secret, period: PERIOD });
  auditChanges(null, { authenticator_app: 'setup started' });
  return {
    responseMessage: 'Scan the code with your authenticator app',
    secret,
    otpauth_url: totp.toString(),
  };
}

/** Finishes enrolling with a first code: answers a fresh set of recovery codes, shown this once. */
export async function confirmTotp(db: Db, user: AuthUser, otp: string, now: Date) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
  if (!row || row.confirmedAt) {
    throw notFound(
      row ? 'The authenticator app is already confirmed' : 'Start the authenticator set-up first',
    );
  }
  const step = stepOf(row.secret, otp, now, row.lastStep);
  if (step === null) {
    throw badRequest('Invalid code: check the time on your device and try the newest code');
  }
  await db
    .update(totpSecrets)
    .set({ confirmedAt: now, lastStep: step })
    .where(eq(totpSecrets.userId, user.id));
  const codes = await issueRecoveryCodes(db, user.id);
  await enrolled(db, user.id);
  auditChanges({ authenticator_app: false }, { authenticator_app: true, recovery_issued: codes.length });
  return { responseMessage: 'Authenticator app set up', recovery_codes: codes };
}

/**
 * Removes the app with a current code from it; refused when the policy needs it as the last factor.
 * Wrong codes count toward a limit (totp-guard.ts): no session guesses the current code without end.
 */
export async function removeTotp(deps: SecurityDeps, user: AuthUser, otp: string, now: Date) {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, user.id), isNotNull(totpSecrets.confirmedAt)));
  if (!row) {
    throw notFound('No authenticator app is set up');
  }
  const count = await admitRemoveCode(deps, user, now);
  const step = stepOf(row.secret, otp, now, row.lastStep);
  if (step === null || !(await takeStep(db, user.id, step))) {
    return removeCodeRefused(deps, user, count, now);
  }
  await removeCodeAccepted(deps, user);
  const factors = await factorsOf(db, user.id);
  if (factors.passkeys === 0 && policyCovers(await secondFactorPolicy(db), user.is_sup_admin === 1)) {
    throw conflict('The second-factor policy needs one: add a passkey before removing the authenticator app');
  }
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, user.id));
  if (factors.passkeys === 0) {
    await dropRecoveryCodes(db, user.id);
  }
  auditChanges({ authenticator_app: true }, { authenticator_app: false });
  return { responseMessage: 'Authenticator app removed' };
}
