/**
 * The rare pieces of a long search term (issue 12). `column ILIKE '%term%'` hands the trigram
 * index every trigram of the term, and a GIN bitmap scan reads each trigram's posting list whole:
 * a full username ('isabella.martin.1000011') pays for the lists of 'isa', 'mar', '100' and '000',
 * which grow with the table (415 index pages per column at 1,000,000 users, ten times that at
 * 10,000,000), to find one row. Every 3-character piece of a term is a necessary condition of a
 * match, so the index can be handed only the term's rarest pieces (short lists) and the exact test
 * (rowMatch) run on the few rows they leave. Which pieces are rare comes from a sample of each
 * searched column kept in memory (SAMPLE_ROWS rows, renewed after SAMPLE_TTL_MS); a sample that
 * misjudges a piece costs time, never a wrong answer.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { isShortTerm, likePattern, rowMatch, rowsOf, searchMatch } from './sql';

/** A searched table and its columns, as code constants (they are written into the SQL). */
export interface SampledColumns {
  table: string;
  columns: string[];
  /** The list is (nearly) the whole table: the sample's share of a term is the list's too. */
  whole?: boolean;
}

/** Rows sampled per table: a piece seen in none of them is in under ~1/10,000 of the rows. */
const SAMPLE_ROWS = 5000;
const SAMPLE_TTL_MS = 10 * 60_000;
/** A piece in more of the rows than this is no help to the index: its list is a long one. */
const MAX_PIECE_RATE = 0.05;
/** Pieces are added, rarest first, until the rows they leave to test are estimated at most this. */
const TARGET_ROWS = 20;
const MAX_PIECES = 4;
/** A piece in at most this share of the rows has a short list: worth adding past the target. */
const SHORT_LIST_RATE = 0.01;

/** The sampled rows' texts (lower case, per column), each column's piece counts, the table's rows. */
interface Sample {
  rows: number;
  texts: (string | null)[][];
  counts: Map<string, number>[];
  at: number;
}

export interface TermPieces {
  /** Per searched column, the pieces its index is given (empty: the whole term, as ILIKE). */
  pieces: string[][];
  /**
   * Rows the term is estimated to match in all: the pieces taken as independent, or the sample's
   * share of the term, whichever is more.
   */
  estimate: number;
}

/**
 * What the sample says of a term: its rare pieces (null: none), its share of the sampled rows, the
 * share that start with it (in some column), and the table's rows.
 */
export interface TermSample {
  pieces: TermPieces | null;
  rate: number;
  startRate: number;
  rows: number;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const PIECE = /^[a-z0-9]{3}$/;

/**
 * The term's 3-character pieces that hold only ASCII letters and digits, lower-cased: taken from
 * the term as typed, so lower case is the same in JavaScript and PostgreSQL (the Kelvin sign, which
 * JavaScript lowers to 'k', is in none).
 */
export function termPieces(term: string): string[] {
  const chars = [...term];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const piece = chars.slice(i, i + 3).join('');
    if (/^[A-Za-z0-9]{3}$/.test(piece)) {
      out.add(piece.toLowerCase());
    }
  }
  return [...out];
}

/** The distinct pieces of a sampled text (already lower-cased by the database). */
function textPieces(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) {
    const piece = text.slice(i, i + 3);
    if (PIECE.test(piece)) {
      out.add(piece);
    }
  }
  return out;
}

/**
 * Which pieces one column's index is given: the rarest first, more while the rows they leave are
 * estimated above TARGET_ROWS or the next one's list is short; none when even the rarest is common
 * (the whole term then, as ILIKE).
 * A piece the sample never saw counts as half a row of it.
 */
export function choosePieces(
  pieces: string[],
  rate: (piece: string) => number,
  rows: number,
  sampled: number,
): { pieces: string[]; estimate: number } {
  const floor = 0.5 / Math.max(1, sampled);
  const ranked = pieces
    .map((p) => ({ p, r: Math.max(rate(p), floor) }))
    .filter((x) => x.r <= MAX_PIECE_RATE)
    .sort((a, b) => a.r - b.r || (a.p < b.p ? -1 : 1));
  const chosen: string[] = [];
  let estimate = rows;
  for (const { p, r } of ranked) {
    // Past the target, a piece still goes in while its list is short: it costs a few index pages
    // and spares heap rows (pieces that go together, the digits of consecutive usernames, leave
    // more rows than the product says: 312 for a full username at 10,000,000 users, 21 with '011').
    if (
      chosen.length >= MAX_PIECES ||
      (chosen.length > 0 && estimate <= TARGET_ROWS && r > SHORT_LIST_RATE)
    ) {
      break;
    }
    chosen.push(p);
    estimate *= r;
  }
  return { pieces: chosen, estimate: chosen.length > 0 ? estimate : rows };
}

const samples = new WeakMap<object, Map<string, Promise<Sample>>>();

async function loadSample(db: Db, { table, columns }: SampledColumns): Promise<Sample> {
  if (!IDENT.test(table) || !columns.every((c) => IDENT.test(c))) {
    throw new Error(`sampled columns out of the expected form: ${table}(${columns.join(', ')})`);
  }
  // The table's rows as the planner reckons them: the last ANALYZE's rows a page, times its pages now.
  const [stat] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT CASE WHEN relpages > 0 AND reltuples > 0
        THEN reltuples / relpages * (pg_relation_size(oid) / current_setting('block_size')::float8)
        ELSE -1 END AS n
      FROM pg_class WHERE oid = to_regclass(${table})`),
  );
  const known = Number(stat?.n ?? -1);
  // SYSTEM sampling reads whole pages at random: SAMPLE_ROWS rows from a few hundred pages.
  const percent = known > 0 ? Math.min(100, ((SAMPLE_ROWS * 1.5) / known) * 100) : 100;
  const list = columns.map((c, i) => sql.raw(`lower(${c}) AS c${i}`));
  const found = rowsOf<Record<string, string | null>>(
    await db.execute(
      sql`SELECT ${sql.join(list, sql`, `)} FROM ${sql.raw(table)} TABLESAMPLE SYSTEM (${sql.raw(percent.toFixed(6))}) LIMIT ${SAMPLE_ROWS}`,
    ),
  );
  const texts = found.map((row) => columns.map((_, i) => row[`c${i}`] ?? null));
  const counts = columns.map(() => new Map<string, number>());
  for (const row of texts) {
    row.forEach((text, i) => {
      for (const piece of text ? textPieces(text) : []) {
        counts[i].set(piece, (counts[i].get(piece) ?? 0) + 1);
      }
    });
  }
  const sampled = texts.length;
  const rows = percent >= 100 && sampled < SAMPLE_ROWS ? sampled : Math.max(known, sampled);
  return { rows, texts, counts, at: Date.now() };
}

/** The table's sample, loaded once and renewed in the background once older than SAMPLE_TTL_MS. */
async function sampleOf(db: Db, target: SampledColumns): Promise<Sample> {
  let byTable = samples.get(db);
  if (!byTable) {
    byTable = new Map();
    samples.set(db, byTable);
  }
  const key = `${target.table}(${target.columns.join(',')})`;
  const current = byTable.get(key);
  if (!current) {
    const loading = loadSample(db, target);
    byTable.set(key, loading);
    loading.catch(() => byTable.delete(key));
    return loading;
  }
  const sample = await current;
  if (Date.now() - sample.at > SAMPLE_TTL_MS) {
    // The old sample answers until the new one is in.
    sample.at = Date.now();
    loadSample(db, target).then(
      (fresh) => byTable.set(key, Promise.resolve(fresh)),
      () => undefined,
    );
  }
  return sample;
}

/**
 * What the sample says of `term`: the pieces each searched column's index is given and the matches
 * they are estimated to leave (null when no column has a rare piece: the whole term is searched as
 * ILIKE), and the share of the sampled rows holding the term (lower-cased, as a first guess).
 */
export async function sampleTerm(db: Db, term: string, target: SampledColumns): Promise<TermSample> {
  const sample = await sampleOf(db, target);
  const lower = term.toLowerCase();
  // One pass over the sampled rows: those holding the term, and of them those starting with it.
  let holding = 0;
  let starting = 0;
  for (const row of sample.texts) {
    if (row.some((text) => text?.includes(lower))) {
      holding += 1;
      starting += row.some((text) => text?.startsWith(lower)) ? 1 : 0;
    }
  }
  const sampled = Math.max(1, sample.texts.length);
  const known = { rate: holding / sampled, startRate: starting / sampled, rows: sample.rows };
  const pieces = termPieces(term);
  const perColumn = sample.counts.map((counts) =>
    choosePieces(pieces, (p) => (counts.get(p) ?? 0) / sampled, sample.rows, sample.texts.length),
  );
  if (pieces.length === 0 || perColumn.every((c) => c.pieces.length === 0)) {
    return { pieces: null, ...known };
  }
  // Pieces that go together ('cof', 'off', 'fee' in 'coffee') make the product too small: the
  // sample's own count of the term bounds it from below.
  const estimate = Math.max(
    perColumn.reduce((sum, c) => sum + c.estimate, 0),
    known.rate * sample.rows,
  );
  return { pieces: { pieces: perColumn.map((c) => c.pieces), estimate }, ...known };
}

/**
 * `columns` matching `term` for an index bitmap: a column with rare pieces gives its index only
 * those (each `column ILIKE '%piece%'`) and tests the whole term on the rows found, in a form the
 * index cannot take (rowMatch's `lower(column) LIKE lower(pattern)`); any other column, the whole
 * term as ILIKE (searchMatch).
 */
export function piecesMatch(term: string, columns: SQL[], found: TermPieces | undefined): SQL {
  if (!found || isShortTerm(term)) {
    return searchMatch(term, columns);
  }
  const parts = columns.map((c, i) => {
    const pieces = found.pieces[i] ?? [];
    if (pieces.length === 0) {
      return searchMatch(term, [c]);
    }
    const index = pieces.map((p) => sql`${c} ILIKE ${likePattern(p)}`);
    return sql`(${sql.join(index, sql` AND `)} AND ${rowMatch(term, [c])})`;
  });
  return sql`(${sql.join(parts, sql` OR `)})`;
}
