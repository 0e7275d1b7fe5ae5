import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Latencies } from './measure';

/** A query as the pg driver takes it; or a drizzle `sql` template, rendered the way drizzle would. */
export type SqlQuery = string | { text: string; values?: unknown[]; name?: string } | SQL;

/** One call to load: the HTTP request, and the SQL its service runs (timed through the driver alone). */
export interface Scenario {
  /** Shown in the table, e.g. 'users-list search+sort+page'. */
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query string, e.g. '/api/v2/users-list?query=mar&order_by=name&page=3'. */
  url: string;
  /** Several calls taken in turn (`url` is the first, the checked one): a mix of requests at once. */
  urls?: string[];
  /** JSON body for non-GET calls. */
  body?: unknown;
  /** The queries the service runs for this call, in order (the runner adds the guard's session query). */
  sql?: SqlQuery | SqlQuery[];
  /** Run the queries concurrently, as a service does with Promise.all (default: one after another). */
  sqlParallel?: boolean;
  /** Concurrent requests for the loaded measure (default BENCH_CONNECTIONS, 10). */
  connections?: number;
}

/** What scenario files may use to build their requests. */
export interface BenchContext {
  /** Platform users seeded. */
  users: number;
  sizes: Record<string, number>;
  superAdminId: number;
  /** The user with many followers (`followersOfOneUser`). */
  popularUserId: number | null;
  /** The session token the requests carry (super admin). */
  token: string;
  /** The bench database, for looking up ids. */
  pool: pg.Pool;
}

/** What a file in bench/scenarios/ exports. */
export type ScenarioList = Scenario[] | ((ctx: BenchContext) => Scenario[] | Promise<Scenario[]>);

/**
 * One load level: the call over HTTP, its SQL through the driver alone, and the floor server
 * (bench/lib/floor-server.ts) running that SQL behind a bare node:http, at the same concurrency.
 */
export interface LoadPair {
  concurrency: number;
  http: Latencies;
  sql: Latencies | null;
  floor: Latencies | null;
  /** HTTP p50 / SQL p50 */
  ratio: number | null;
  /** floor p50 / SQL p50: the least any server reaches here */
  floorRatio: number | null;
}

export interface ScenarioResult {
  area: string;
  name: string;
  url: string;
  /** One request at a time. */
  one: LoadPair | null;
  /** BENCH_CONNECTIONS (or the scenario's own) at once. */
  loaded: LoadPair | null;
  error?: string;
}
