import type { calls, InputOf, SignupCodeRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { dbTime, IdRow, iso, likePattern, orderBy, pagedList, rowsOf } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';

const CodeDbRow = z.object({
  id: z.number(),
  code: z.string(),
  used_count: z.number(),
  created_at: dbTime,
  updated_at: dbTime,
});
type CodeDbRow = z.infer<typeof CodeDbRow>;

function presentSignupCode(r: CodeDbRow): SignupCodeRow {
  return {
    id: r.id,
    code: r.code,
    used_count: Number(r.used_count),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

const ORDER: Record<string, SQL> = {
  created_at: sql`created_at`,
  updated_at: sql`updated_at`,
  code: sql`code`,
  used_count: sql`used_count`,
  id: sql`id`,
};

const COLUMNS = sql`id, code, used_count, created_at, updated_at`;

export async function listSignupCodes(db: Db, input: InputOf<typeof calls.signupCodesList>) {
  const { rows, ...total } = await pagedList(db, {
    select: COLUMNS,
    from: sql`signup_codes`,
    filters: [input.query && sql`code ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by], sql`id`, input.direction),
    input,
    counter: 'signup_codes',
    row: CodeDbRow,
  });
  return { data: rows.map(presentSignupCode), ...total };
}

/** Codes are compared case-insensitively so 'SPRING' and 'spring' cannot both exist. */
async function assertFree(db: Db, code: string, exceptId?: number) {
  const rows = rowsOf(
    IdRow,
    await db.execute(sql`
      SELECT id FROM signup_codes WHERE lower(code) = lower(${code})
        ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`),
  );
  if (rows.length > 0) {
    throw conflict(`The code ${code} already exists`);
  }
}

export async function createSignupCode(db: Db, code: string) {
  await assertFree(db, code);
  try {
    const rows = rowsOf(
      CodeDbRow,
      await db.execute(sql`INSERT INTO signup_codes (code) VALUES (${code}) RETURNING ${COLUMNS}`),
    );
    return {
      responseCode: 201,
      responseMessage: 'Signup code added successfully',
      data: presentSignupCode(rows[0]),
    };
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw conflict(`The code ${code} already exists`);
    }
    throw e;
  }
}

export async function updateSignupCode(db: Db, id: number, code: string) {
  await assertFree(db, code, id);
  try {
    const rows = rowsOf(
      CodeDbRow,
      await db.execute(sql`
        UPDATE signup_codes SET code = ${code}, updated_at = now() WHERE id = ${id} RETURNING ${COLUMNS}`),
    );
    if (rows.length === 0) {
      throw notFound('Signup code not found');
    }
    return { responseMessage: 'Signup code updated successfully', data: presentSignupCode(rows[0]) };
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw conflict(`The code ${code} already exists`);
    }
    throw e;
  }
}

export async function deleteSignupCode(db: Db, id: number) {
  const rows = rowsOf(IdRow, await db.execute(sql`DELETE FROM signup_codes WHERE id = ${id} RETURNING id`));
  if (rows.length === 0) {
    throw notFound('Signup code not found');
  }
  return { responseMessage: 'Signup code deleted successfully' };
}
