import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@admin/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes } from '../../db/schema';
import { sha256 } from '../../sessions/resolver';

/** No 0/O, 1/I/L: a code is read off paper. 12 letters of 32 = 60 random bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 12;

/** The code as typed, without spaces or dashes, in capitals. */
const normal = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashOf = (userId: number, code: string) => sha256(`recovery:${userId}:${normal(code)}`);

const looksLikeRecoveryCode = (otp: string) =>
  normal(otp).length === LENGTH && [...normal(otp)].every((c) => ALPHABET.includes(c));

function newCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A fresh set of codes, replacing any earlier set; only their hashes are kept. Shown once. */
export async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashOf(userId, c) })));
  return codes;
}

/** Uses up a recovery code: true when it was one of the user's unused codes (once, even in a race). */
export async function useRecoveryCode(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) {
    return false;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashOf(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function dropRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
