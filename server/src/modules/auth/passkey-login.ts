import { type calls, type InputOf, OTP_MAX_ATTEMPTS } from '@admin/contract';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, passkeys } from '../../db/schema';
import { conflict, unauthorized } from '../../http/errors';
import { recordSignin } from '../../trail/record';
import type { RelyingParty } from '../security';
import type { AuthDeps } from './deps';
import { DEAD_CHALLENGE, takeChallengeTry } from './otp';
import { finishSignIn } from './second-step';
import { sha256 } from './sessions';

/** The step after the password with a passkey (registering one is the security module's). */

/** The live challenge of a password step, or null. */
async function liveChallenge(db: Db, key: string, now: Date) {
  const [c] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.keyHash, sha256(key)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, OTP_MAX_ATTEMPTS),
      ),
    );
  return c ?? null;
}

/** Request options for the password step's account: its passkeys only. */
export async function loginOptions(deps: AuthDeps, key: string, rp: RelyingParty) {
  const challenge = await liveChallenge(deps.db, key, deps.clock.now());
  if (!challenge) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  const keys = await deps.db.select().from(passkeys).where(eq(passkeys.userId, challenge.userId));
  if (keys.length === 0) {
    throw conflict('This account has no passkey');
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: keys.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
    userVerification: 'preferred',
  });
  await deps.db
    .update(loginChallenges)
    .set({ passkeyChallenge: options.challenge })
    .where(eq(loginChallenges.id, challenge.id));
  await recordSignin(deps.db, 'passkey-asked', { username: null, userId: challenge.userId });
  return { options: options as unknown as Record<string, unknown> };
}

/** The step after the password, passed with a passkey: answers as verify-auth. Counts as a try. */
export async function passkeyLogin(
  deps: AuthDeps,
  input: InputOf<typeof calls.passkeyLogin>,
  rp: RelyingParty,
) {
  const now = deps.clock.now();
  const [pending] = await deps.db
    .select({ challenge: loginChallenges.passkeyChallenge })
    .from(loginChallenges)
    .where(eq(loginChallenges.keyHash, sha256(input.key)));
  const challenge = await takeChallengeTry(deps.db, input.key, now);
  if (!challenge || !pending?.challenge) {
    throw unauthorized(DEAD_CHALLENGE);
  }
  const [key] = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, input.credential.id), eq(passkeys.userId, challenge.user_id)));
  const verification = key
    ? await verifyAuthenticationResponse({
        response: input.credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: pending.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: {
          id: key.credentialId,
          publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
          counter: key.counter,
          transports: key.transports ?? undefined,
        },
        requireUserVerification: false,
      }).catch(() => null)
    : null;
  if (!key || !verification?.verified) {
    await recordSignin(deps.db, 'passkey-refused', { username: null, userId: challenge.user_id });
    throw unauthorized('The passkey could not be verified');
  }
  await deps.db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, key.id));
  return finishSignIn(deps, challenge, 'passkey');
}
