import type { SignupCodeRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';

interface CodeDbRow {
  id: number;
  code: string;
  used_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export function presentSignupCode(r: CodeDbRow): SignupCodeRow {
  return {
    id: r.id,
    code: r.code,
    used_count: Number(r.used_count),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
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

export async function listSignupCodes(
  db: Db,
  input: { query?: string; page: number; page_limit: number; order_by: string; direction: 'asc' | 'desc' },
) {
  const where = input.query
    ? sql`code ILIKE ${`%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : sql`true`;
  const dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const [page, total] = await Promise.all([
    db.execute(sql`
      SELECT ${COLUMNS} FROM signup_codes WHERE ${where}
       ORDER BY ${ORDER[input.order_by]} ${dir}, id ${dir}
       LIMIT ${input.page_limit} OFFSET ${input.page * input.page_limit}`),
    db.execute(sql`SELECT count(*)::int AS n FROM signup_codes WHERE ${where}`),
  ]);
  return { data: rowsOf<CodeDbRow>(page).map(presentSignupCode), total: rowsOf<{ n: number }>(total)[0].n };
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Codes are compared case-insensitively so 'SPRING' and 'spring' cannot both exist. */
async function assertFree(db: Db, code: string, exceptId?: number) {
  const rows = rowsOf<{ id: number }>(
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
    const rows = rowsOf<CodeDbRow>(
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
    const rows = rowsOf<CodeDbRow>(
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
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`DELETE FROM signup_codes WHERE id = ${id} RETURNING id`),
  );
  if (rows.length === 0) {
    throw notFound('Signup code not found');
  }
  return { responseMessage: 'Signup code deleted successfully' };
}
