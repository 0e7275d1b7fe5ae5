import type { calls, InputOf } from '@admin/contract';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { passkeys, sessions } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { auditChanges } from '../../trail/record';
import { enrolled, factorsOf, hasSecondFactor, policyCovers, secondFactorPolicy } from './policy';
import { dropRecoveryCodes, issueRecoveryCodes } from './recovery';

/** The relying party a request talks to (config, or the host it reached: see config.ts). */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

const RP_NAME = 'Admin Panel';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

const present = (p: typeof passkeys.$inferSelect) => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
});

export async function listPasskeys(db: Db, userId: number) {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  return rows.map(present);
}

/** Creation options for a new passkey; the challenge is kept with the session, for one registration. */
export async function registerOptions(db: Db, user: AuthUser, rp: RelyingParty) {
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.username,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`staff:${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await db
    .update(sessions)
    .set({ passkeyChallenge: options.challenge })
    .where(eq(sessions.id, user.sessionId));
  auditChanges(null, { passkey: 'registration started' });
  return { options: options as unknown as Record<string, unknown> };
}

/** Registers the browser's new credential; an account's first second factor also gets recovery codes. */
export async function registerPasskey(
  db: Db,
  user: AuthUser,
  input: InputOf<typeof calls.passkeyRegister>,
  rp: RelyingParty,
) {
  // Taken once: a second answer to the same challenge finds none.
  const [taken] = rowsOf(
    z.object({ challenge: z.string() }),
    await db.execute(sql`
      UPDATE sessions s SET passkey_challenge = NULL
        FROM (SELECT id, passkey_challenge FROM sessions WHERE id = ${user.sessionId} FOR UPDATE) old
       WHERE s.id = old.id AND old.passkey_challenge IS NOT NULL
      RETURNING old.passkey_challenge AS challenge`),
  );
  if (!taken?.challenge) {
    throw badRequest('Start the passkey registration again');
  }
  const verification = await verifyRegistrationResponse({
    response: input.credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
  if (!verification.verified) {
    throw badRequest('The passkey could not be verified');
  }
  const { credential } = verification.registrationInfo;
  const before = await factorsOf(db, user.id);
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: b64(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name: input.name ?? `Passkey ${before.passkeys + 1}`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw conflict('This passkey is already registered');
  }
  const codes = hasSecondFactor(before) ? undefined : await issueRecoveryCodes(db, user.id);
  await enrolled(db, user.id);
  auditChanges(null, { passkey: row.name, recovery_issued: codes?.length ?? 0 });
  return {
    responseMessage: 'Passkey added',
    data: present(row),
    ...(codes ? { recovery_codes: codes } : {}),
  };
}

export async function renamePasskey(db: Db, user: AuthUser, id: number, name: string) {
  const [before] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
  if (!before) {
    throw notFound('No such passkey of yours');
  }
  const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  auditChanges({ name: before.name }, { name: row.name });
  return { responseMessage: 'Passkey renamed', data: present(row) };
}

/** Removes a passkey; refused when the policy needs it as the account's last second factor. */
export async function removePasskey(db: Db, user: AuthUser, id: number) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
  if (!row) {
    throw notFound('No such passkey of yours');
  }
  const factors = await factorsOf(db, user.id);
  const last = !factors.totp && factors.passkeys === 1;
  if (last && policyCovers(await secondFactorPolicy(db), user.is_sup_admin === 1)) {
    throw conflict('The second-factor policy needs one: add another passkey or an authenticator app first');
  }
  await db.delete(passkeys).where(eq(passkeys.id, id));
  if (last) {
    await dropRecoveryCodes(db, user.id);
  }
  auditChanges({ passkey: row.name }, null);
  return { responseMessage: 'Passkey removed' };
}
