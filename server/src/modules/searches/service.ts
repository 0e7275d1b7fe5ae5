import type { calls, InputOf, SearchRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type ListSearch, searchedList, searchedListQueries } from '../../db/list-search';
import {
  dbTime,
  iso,
  orderBy,
  type PagedListSpec,
  pagedList,
  pagedListQueries,
  uncheckedRows,
} from '../../db/sql';
import { userNotFound } from '../../http/errors';

type SearchesInput = InputOf<typeof calls.searches>;

const ORDER: Record<SearchesInput['order_by'], SQL> = {
  created_at: sql`s.created_at`,
  updated_at: sql`s.updated_at`,
  search_term: sql`s.search_term`,
  type: sql`s.type`,
  id: sql`s.id`,
};

const SearchDbRow = z.object({
  id: z.number(),
  user_id: z.number(),
  image: z.string().nullable(),
  search_term: z.string(),
  website: z.string().nullable(),
  type: z.string(),
  username: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  deleted_at: dbTime.nullable(),
  created_at: dbTime,
  updated_at: dbTime,
  thumb_url: z.string().nullable(),
});
type SearchDbRow = z.infer<typeof SearchDbRow>;

function presentSearch(r: SearchDbRow): SearchRow {
  return {
    id: r.id,
    userId: r.user_id,
    image: r.image,
    search_term: r.search_term,
    website: r.website,
    type: r.type,
    username: r.username,
    title: r.title,
    description: r.description,
    deleted_at: r.deleted_at === null ? null : iso(r.deleted_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    thumb_url: r.thumb_url,
  };
}

/** The user's filters of the searches list besides the term: user and type. */
function searchesFilters(input: Pick<SearchesInput, 'user_id' | 'type'>): (SQL | undefined)[] {
  return [
    input.user_id === undefined ? undefined : sql`s.user_id = ${input.user_id}`,
    input.type ? sql`s.type = ${input.type}` : undefined,
  ];
}

/** The term (trigram, or the first characters under 3), on the floor (db/list-search.ts). */
function searchesSearch(input: SearchesInput): ListSearch | undefined {
  if (!input.query) {
    return undefined;
  }
  return {
    term: input.query,
    columns: [sql`s.search_term`],
    sort: { column: ORDER[input.order_by], direction: input.direction },
    // searches_term_p1_idx / _p2_idx hold the term order.
    prefixOrder: input.order_by === 'search_term',
    // searches_term_idx is the narrow index PostgreSQL would walk for the cap (see ListSearch).
    countNewestFirst: true,
  };
}

/** The searches list on the floor: the narrow table is paged first, then the page's users joined. */
function searchesSpec(input: SearchesInput) {
  return {
    select: sql`s.id, s.user_id, s.image, s.search_term, s.website, s.type, u.username, s.title,
      s.description, s.deleted_at, s.created_at, s.updated_at, s.thumb_url`,
    from: sql`searches s`,
    filters: searchesFilters(input),
    order: orderBy(ORDER[input.order_by], sql`s.id`, input.direction),
    input,
    deferred: { key: sql`s.id`, rows: sql`searches s ON s.id = page.key JOIN users u ON u.id = s.user_id` },
    counter: 'searches',
    search: searchesSearch(input),
  } satisfies PagedListSpec & { search?: ListSearch };
}

const ownerQuery = (userId: number) => sql`SELECT 1 FROM users WHERE id = ${userId}`;

/**
 * The queries of listSearches, run at once: the page (for a term, the plan tried first), the
 * total, and with a user_id whether that user exists. Exported so the benchmark times exactly these.
 */
export function searchesQueries(input: SearchesInput): SQL[] {
  const spec = searchesSpec(input);
  const list: SQL[] = spec.search
    ? searchedListQueries({ ...spec, search: spec.search })
    : pagedListQueries(spec);
  if (input.user_id !== undefined) {
    list.push(ownerQuery(input.user_id));
  }
  return list;
}

/**
 * One page of searches (deleted ones included: the list shows their Deleted date) and the total
 * under the same filter. 404 when filtered by a user who does not exist.
 */
export async function listSearches(db: Db, input: SearchesInput) {
  const spec = searchesSpec(input);
  const [list, owner] = await Promise.all([
    spec.search
      ? searchedList(db, { ...spec, search: spec.search, row: SearchDbRow })
      : pagedList(db, { ...spec, row: SearchDbRow }),
    input.user_id === undefined ? null : db.execute(ownerQuery(input.user_id)),
  ]);
  if (owner && uncheckedRows(owner).length === 0) {
    throw userNotFound();
  }
  return {
    data: list.rows.map(presentSearch),
    total: list.total,
    total_is_lower_bound: list.total_is_lower_bound,
  };
}
