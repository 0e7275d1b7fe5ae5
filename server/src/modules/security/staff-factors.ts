import { eq } from 'drizzle-orm';
import { passkeys, recoveryCodes, totpSecrets, users } from '../../db/schema';
import { afterCommit } from '../../db/tx';
import type { AuthUser } from '../../http/auth';
import { conflict, notFound, outranked } from '../../http/errors';
import { auditChanges } from '../../trail/record';
import { assertMayActOnUser } from '../ranks';
import type { SecurityDeps } from './deps';
import { listPasskeys } from './passkeys';
import { factorsOf, policyCovers, secondFactorPolicy } from './policy';
import { recoveryCodesLeft } from './recovery';
import { sessionRows } from './sessions';

/**
 * A staff member's second factors seen and reset by one who outranks them (ranks:
 * docs/security.md): a super admin, for a lost phone or key. Never one's own: that is /account,
 * where removing the authenticator app takes a current code.
 */

const SELF = 'Remove your own passkeys and authenticator app on your Security page';

/** The target, when the actor may act on it and it is a staff account; else the 403 or 404. */
async function staffTarget(deps: SecurityDeps, actor: AuthUser, userId: number) {
  await assertMayActOnUser(deps.db, actor, userId);
  const [target] = await deps.db
    .select({
      isAdmin: users.isAdmin,
      isSupAdmin: users.isSupAdmin,
      email: users.email,
      name: users.name,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!target?.isAdmin) {
    throw notFound('No such staff member');
  }
  return target;
}

export async function userSecurity(deps: SecurityDeps, actor: AuthUser, userId: number, now: Date) {
  await staffTarget(deps, actor, userId);
  const { totp } = await factorsOf(deps.db, userId);
  return {
    data: {
      totp,
      passkeys: await listPasskeys(deps.db, userId),
      recovery_codes_left: await recoveryCodesLeft(deps.db, userId),
      sessions: await sessionRows(deps.db, userId, now, actor.sessionId),
    },
  };
}

/**
 * Removes another staff member's authenticator app, passkeys and recovery codes, recorded with
 * what was there (names, never a key or code) and mailed to the owner once it commits. Under the
 * second-factor policy their next sign-in is held until they enrol again.
 */
export async function resetUserSecondFactors(deps: SecurityDeps, actor: AuthUser, userId: number, now: Date) {
  if (userId === actor.id) {
    throw outranked(SELF);
  }
  const target = await staffTarget(deps, actor, userId);
  const { db } = deps;
  const { totp } = await factorsOf(db, userId);
  const keys = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ name: passkeys.name });
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  const codes = await db
    .delete(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .returning({ usedAt: recoveryCodes.usedAt });
  if (!totp && keys.length === 0) {
    throw conflict('This staff member has no passkey or authenticator app to remove');
  }
  auditChanges(
    {
      authenticator_app: totp,
      passkeys: keys.map((k) => k.name),
      recovery_left: codes.filter((c) => !c.usedAt).length,
    },
    { authenticator_app: false, passkeys: [], recovery_left: 0 },
  );
  const held = policyCovers(await secondFactorPolicy(db), target.isSupAdmin);
  const what = removedText(totp, keys.length);
  const to = target.email;
  if (to) {
    afterCommit(() =>
      deps.mailer
        .send({
          to,
          subject: 'The second factors of your Admin Panel account were removed',
          text: resetMail(actor, what, held, now),
        })
        .catch((err) => deps.log.error({ err }, 'second-factor reset mail failed')),
    );
  }
  return {
    responseMessage: `Removed ${what} of ${target.name || target.username}`,
    data: { totp, passkeys: keys.length },
  };
}

function removedText(totp: boolean, keys: number): string {
  const parts = [
    ...(totp ? ['the authenticator app'] : []),
    ...(keys > 0 ? [keys === 1 ? '1 passkey' : `${keys} passkeys`] : []),
  ];
  return parts.join(' and ');
}

const resetMail = (actor: AuthUser, what: string, held: boolean, now: Date) =>
  [
    `${actor.name} (@${actor.username}) removed ${what}`,
    `of your account, and its recovery codes,`,
    `at ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    ...(held
      ? [
          'Your administrator requires a second factor: right after',
          'your next sign-in (with the code mailed to you) you will be',
          'asked to set up a passkey or an authenticator app.',
        ]
      : [
          'Your next sign-in uses the code mailed to you. Set up a',
          'passkey or an authenticator app again: user menu, Security.',
        ]),
    '',
    'If you did not ask for this, tell your administrator at once',
    'and change your password.',
  ].join('\n');
