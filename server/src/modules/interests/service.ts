import type { calls, InputOf, InterestRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation, pgErrorCode } from '../../db/errors';
import { dbTime, IdRow, iso, likePattern, orderBy, pagedList, rowsOf, uncheckedRows } from '../../db/sql';
import { conflict, notFound } from '../../http/errors';
import { auditTarget } from '../../trail/record';

const InterestDbRow = z.object({
  id: z.number(),
  name: z.string(),
  created_at: dbTime,
  updated_at: dbTime,
  campaigns_count: z.number(),
});
type InterestDbRow = z.infer<typeof InterestDbRow>;

function presentInterest(r: InterestDbRow): InterestRow {
  return {
    id: r.id,
    name: r.name,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    campaigns_count: Number(r.campaigns_count),
  };
}

const ORDER: Record<string, SQL> = {
  name: sql`i.name`,
  created_at: sql`i.created_at`,
  updated_at: sql`i.updated_at`,
  id: sql`i.id`,
};

const SELECT = sql`i.id, i.name, i.created_at, i.updated_at,
  (SELECT count(*)::int FROM campaign_interests ci WHERE ci.interest_id = i.id) AS campaigns_count`;

export async function listInterests(db: Db, input: InputOf<typeof calls.interestsList>) {
  const { rows, ...total } = await pagedList(db, {
    select: SELECT,
    from: sql`interests i`,
    filters: [input.query && sql`i.name ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by] ?? ORDER.created_at, sql`i.id`, input.direction),
    input,
    counter: 'interests',
    row: InterestDbRow,
  });
  return { data: rows.map(presentInterest), ...total };
}

async function assertNameFree(db: Db, name: string, exceptId = 0) {
  const taken = uncheckedRows(
    await db.execute(sql`SELECT 1 FROM interests WHERE lower(name) = lower(${name}) AND id <> ${exceptId}`),
  );
  if (taken.length > 0) {
    throw conflict(`name: an interest named '${name}' already exists`);
  }
}

async function loadInterest(db: Db, id: number) {
  const rows = rowsOf(
    InterestDbRow,
    await db.execute(sql`SELECT ${SELECT} FROM interests i WHERE i.id = ${id}`),
  );
  if (!rows[0]) {
    throw notFound('Interest not found');
  }
  return presentInterest(rows[0]);
}

/** Unique-index violations from a concurrent save become the same 409 as the check before it. */
function uniqueToConflict(name: string) {
  return (e: unknown) => {
    if (isUniqueViolation(e)) {
      throw conflict(`name: an interest named '${name}' already exists`);
    }
    throw e;
  };
}

export async function createInterest(db: Db, name: string) {
  await assertNameFree(db, name);
  const rows = await db
    .execute(sql`INSERT INTO interests (name) VALUES (${name}) RETURNING id`)
    .catch(uniqueToConflict(name));
  const { id } = rowsOf(IdRow, rows)[0];
  auditTarget(id);
  return loadInterest(db, id);
}

export async function updateInterest(db: Db, id: number, name: string) {
  await loadInterest(db, id);
  await assertNameFree(db, name, id);
  await db
    .execute(sql`UPDATE interests SET name = ${name}, updated_at = now() WHERE id = ${id}`)
    .catch(uniqueToConflict(name));
  return loadInterest(db, id);
}

/** Deletes an interest no campaign uses; the foreign key (restrict) guards against a race. */
export async function deleteInterest(db: Db, id: number) {
  const found = await loadInterest(db, id);
  if (found.campaigns_count > 0) {
    throw conflict(`This interest is used by ${found.campaigns_count} campaign(s) and cannot be deleted`);
  }
  await db.execute(sql`DELETE FROM interests WHERE id = ${id}`).catch((e: unknown) => {
    // foreign_key_violation: a campaign took the interest since the check.
    if (pgErrorCode(e) === '23503') {
      throw conflict('This interest is used by a campaign and cannot be deleted');
    }
    throw e;
  });
}
