import type { calls, InputOf, InterestRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso, likePattern, orderBy, pagedList, rowsOf } from '../../db/sql';
import { readAfterCommit } from '../../http/audit';
import { conflict, notFound } from '../../http/errors';

interface InterestDbRow {
  id: number;
  name: string;
  created_at: Date | string;
  updated_at: Date | string;
  campaigns_count: number;
}

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
  const { rows, ...total } = await pagedList<InterestDbRow>(db, {
    select: SELECT,
    from: sql`interests i`,
    filters: [input.query && sql`i.name ILIKE ${likePattern(input.query)}`],
    order: orderBy(ORDER[input.order_by] ?? ORDER.created_at, sql`i.id`, input.direction),
    input,
    counter: 'interests',
  });
  return { data: rows.map(presentInterest), ...total };
}

async function assertNameFree(db: Db, name: string, exceptId = 0) {
  const taken = rowsOf(
    await db.execute(sql`SELECT 1 FROM interests WHERE lower(name) = lower(${name}) AND id <> ${exceptId}`),
  );
  if (taken.length > 0) {
    throw conflict(`name: an interest named '${name}' already exists`);
  }
}

async function loadInterest(db: Db, id: number) {
  const rows = rowsOf<InterestDbRow>(
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
    const code =
      (e as { code?: string; cause?: { code?: string } }).code ??
      (e as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') {
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
  const { id } = rowsOf<{ id: number }>(rows)[0];
  return readAfterCommit(() => loadInterest(db, id), id);
}

export async function updateInterest(db: Db, id: number, name: string) {
  await loadInterest(db, id);
  await assertNameFree(db, name, id);
  await db
    .execute(sql`UPDATE interests SET name = ${name}, updated_at = now() WHERE id = ${id}`)
    .catch(uniqueToConflict(name));
  return readAfterCommit(() => loadInterest(db, id));
}

/** Deletes an interest no campaign uses; the foreign key (restrict) guards against a race. */
export async function deleteInterest(db: Db, id: number) {
  const found = await loadInterest(db, id);
  if (found.campaigns_count > 0) {
    throw conflict(`This interest is used by ${found.campaigns_count} campaign(s) and cannot be deleted`);
  }
  await db.execute(sql`DELETE FROM interests WHERE id = ${id}`).catch((e: unknown) => {
    const code =
      (e as { code?: string; cause?: { code?: string } }).code ??
      (e as { cause?: { code?: string } }).cause?.code;
    if (code === '23503') {
      throw conflict('This interest is used by a campaign and cannot be deleted');
    }
    throw e;
  });
}
