import type { SearchRow } from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  iso,
  orderBy,
  type PagedListSpec,
  pagedListQueries,
  rowsOf,
  searchMatch,
  totalOf,
} from '../../db/sql';
import { userNotFound } from '../../http/errors';

export interface SearchesInput {
  query?: string;
  page: number;
  page_limit: number;
  order_by: 'created_at' | 'updated_at' | 'search_term' | 'type' | 'id';
  direction: 'asc' | 'desc';
  user_id?: number;
  type?: string;
}

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

export function presentSearch(r: SearchDbRow): SearchRow {
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

/** The user's filters of the searches list: user, type and term (trigram, or prefix under 3 characters). */
function searchesFilters(input: Pick<SearchesInput, 'query' | 'user_id' | 'type'>): (SQL | undefined)[] {
  return [
    input.user_id === undefined ? undefined : sql`s.user_id = ${input.user_id}`,
    input.type ? sql`s.type = ${input.type}` : undefined,
    input.query ? searchMatch(input.query, [sql`s.search_term`]) : undefined,
  ];
}

/** The searches list on the floor: the narrow table is paged first, then the page's users joined. */
function searchesSpec(input: SearchesInput): PagedListSpec {
  return {
    select: sql`s.id, s.user_id, s.image, s.search_term, s.website, s.type, u.username, s.title,
      s.description, s.deleted_at, s.created_at, s.updated_at, s.thumb_url`,
    from: sql`searches s`,
    filters: searchesFilters(input),
    order: orderBy(ORDER[input.order_by], sql`s.id`, input.direction),
    input,
    deferred: { key: sql`s.id`, rows: sql`searches s ON s.id = page.key JOIN users u ON u.id = s.user_id` },
    counter: 'searches',
  };
}

/**
 * The queries of listSearches, run at once: the page, the total, and with a user_id whether that
 * user exists. Exported so the benchmark times exactly these.
 */
export function searchesQueries(input: SearchesInput): SQL[] {
  const list: SQL[] = pagedListQueries(searchesSpec(input));
  if (input.user_id !== undefined) {
    list.push(sql`SELECT 1 FROM users WHERE id = ${input.user_id}`);
  }
  return list;
}

/**
 * One page of searches (deleted ones included: the list shows their Deleted date) and the total
 * under the same filter. 404 when filtered by a user who does not exist.
 */
export async function listSearches(db: Db, input: SearchesInput) {
  const [page, counted, owner] = await Promise.all(searchesQueries(input).map((q) => db.execute(q)));
  if (owner && rowsOf(owner).length === 0) {
    throw userNotFound();
  }
  return {
    data: rowsOf<SearchDbRow>(page).map(presentSearch),
    ...totalOf(counted),
  };
}
