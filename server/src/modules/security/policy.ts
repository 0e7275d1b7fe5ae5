import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '@admin/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { staticSettings } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { outranked } from '../../http/errors';
import { auditChanges } from '../../trail/record';

const KEY = 'SECOND_FACTOR_POLICY';

export async function secondFactorPolicy(db: Db): Promise<SecondFactorPolicy> {
  const [row] = await db
    .select({ data: staticSettings.data })
    .from(staticSettings)
    .where(eq(staticSettings.dataKey, KEY));
  const value = row?.data as SecondFactorPolicy | undefined;
  return value && SECOND_FACTOR_POLICIES.includes(value) ? value : 'off';
}

/** Super admins only; recorded in the trail with the value before and after. */
export async function setSecondFactorPolicy(db: Db, actor: AuthUser, policy: SecondFactorPolicy, now: Date) {
  if (actor.is_sup_admin !== 1) {
    throw outranked('Only a super admin can change the second-factor policy');
  }
  const before = await secondFactorPolicy(db);
  await db
    .insert(staticSettings)
    .values({ dataKey: KEY, data: policy, updatedById: actor.id, updatedAt: now })
    .onConflictDoUpdate({
      target: staticSettings.dataKey,
      set: { data: policy, updatedById: actor.id, updatedAt: now },
    });
  auditChanges({ second_factor_policy: before }, { second_factor_policy: policy });
  return { responseMessage: 'Second-factor policy saved', data: { policy } };
}

/** Whether the policy asks this account for a second factor other than e-mail. */
export function policyCovers(policy: SecondFactorPolicy, isSuperAdmin: boolean): boolean {
  return policy === 'all_staff' || (policy === 'super_admins' && isSuperAdmin);
}

/** The account's second factors other than e-mail (a confirmed authenticator app, passkeys). */
export async function factorsOf(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const [row] = rowsOf(
    z.object({ totp: z.boolean(), passkeys: z.number() }),
    await db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM totp_secrets WHERE user_id = ${userId} AND confirmed_at IS NOT NULL) AS totp,
             (SELECT count(*)::int FROM passkeys WHERE user_id = ${userId}) AS passkeys`),
  );
  return { totp: !!row?.totp, passkeys: row?.passkeys ?? 0 };
}

export const hasSecondFactor = (f: { totp: boolean; passkeys: number }) => f.totp || f.passkeys > 0;

/** Once the account has a second factor, its sessions waiting for one are free again. */
export async function enrolled(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE sessions SET must_enrol = false WHERE user_id = ${userId} AND must_enrol`);
}
