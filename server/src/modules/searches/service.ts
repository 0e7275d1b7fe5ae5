import type { calls, InputOf, SearchRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ListSearch, searchedList, searchedListQueries } from '../../db/list-search';
import {
  iso,
  orderBy,
  type PagedListSpec,
  pagedList,
  pagedListQueries,
  prefixMatch,
  rowsOf,
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

interface SearchDbRow {
  id: number;
  user_id: number;
  image: string | null;
  search_term: string;
  website: string | null;
  type: string;
  username: string;
  title: string | null;
  description: string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  thumb_url: string | null;
}

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

/** The term (trigram, or the first characters under 3), planned by the floor (db/list-search.ts). */
function searchesSearch(input: SearchesInput): ListSearch | undefined {
  if (!input.query) {
    return undefined;
  }
  const term = sql`s.search_term`;
  return {
    term: input.query,
    columns: [term],
    sort: { column: ORDER[input.order_by], direction: input.direction },
    // Newest first (the default) walks searches_term_p<n>_idx, keyed (prefix, created_at, id).
    ordered: input.order_by === 'created_at' ? [prefixMatch(input.query, term)] : undefined,
    prefixOrder: [sql`s.created_at, s.id`],
    sampled: { table: 'searches', columns: ['search_term'], whole: !input.user_id && !input.type },
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
      ? searchedList<SearchDbRow>(db, { ...spec, search: spec.search })
      : pagedList<SearchDbRow>(db, spec),
    input.user_id === undefined ? null : db.execute(ownerQuery(input.user_id)),
  ]);
  if (owner && rowsOf(owner).length === 0) {
    throw userNotFound();
  }
  return {
    data: list.rows.map(presentSearch),
    total: list.total,
    total_is_lower_bound: list.total_is_lower_bound,
  };
}
