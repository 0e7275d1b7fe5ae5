// A long term's rare pieces (db/term-pieces.ts): which pieces the index is given, and that the
// lists searched through them answer what the whole term's ILIKE answers, also when the sample
// misjudges a term as rare. The cap is 5 here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  calls,
  type MadeUser,
  makeUser,
  setEnv,
  setupTestApp,
  sql,
  type TestEnv,
} from '../test/harness';
import { rowsOf } from './sql';
import { choosePieces, piecesMatch, sampleTerm, termPieces } from './term-pieces';

describe('term pieces', () => {
  it('takes the 3-character pieces of ASCII letters and digits, lower-cased, once each', () => {
    expect(termPieces('Ab.c1D2')).toEqual(['c1d', '1d2']);
    expect(termPieces('aaaa')).toEqual(['aaa']);
    // A character lower-cased differently by PostgreSQL and JavaScript is never in a piece.
    expect(termPieces('\u212Aim')).toEqual([]);
    expect(termPieces('Müller')).toEqual(['lle', 'ler']);
    expect(termPieces('ab')).toEqual([]);
  });

  it('gives the index the rarest pieces, more while many rows are left, none when all are common', () => {
    const rates: Record<string, number> = { mar: 0.08, art: 0.02, rti: 0.001, tin: 0.01, xyz: 0 };
    const rate = (p: string) => rates[p] ?? 0;
    // 1,000,000 rows, 10,000 sampled: rti leaves 1,000 rows, tin then 10; mar is never taken.
    const common = choosePieces(['mar', 'art', 'rti', 'tin'], rate, 1_000_000, 10_000);
    expect(common.pieces).toEqual(['rti', 'tin']);
    expect(common.estimate).toBeCloseTo(10);
    // An unseen piece counts as half a sampled row.
    const unseen = choosePieces(['mar', 'xyz'], rate, 1_000_000, 10_000);
    expect(unseen.pieces).toEqual(['xyz']);
    expect(unseen.estimate).toBeCloseTo(50);
    expect(choosePieces(['mar'], rate, 1_000_000, 10_000)).toEqual({ pieces: [], estimate: 1_000_000 });
    // Past the estimate's target a piece with a short list (in at most 1 % of rows) still goes in.
    const short: Record<string, number> = { aaa: 0.0001, bbb: 0.005, ccc: 0.02, ddd: 0.008 };
    expect(choosePieces(['aaa', 'bbb', 'ccc', 'ddd'], (p) => short[p], 1_000_000, 10_000).pieces).toEqual([
      'aaa',
      'bbb',
      'ddd',
    ]);
  });
});

describe('lists searched through rare pieces', () => {
  let env: TestEnv;
  let admin: MadeUser;
  let restoreEnv: () => void;

  beforeAll(async () => {
    restoreEnv = setEnv({ LIST_TOTAL_CAP: '5', LIST_SEARCH_WALK: '20' });
    env = await setupTestApp();
    admin = await makeUser(env.db, { superAdmin: true });
    // 500 fillers; 'pqrstu' in two users, and decoys holding its pieces but not the term; 'Wvutsr'
    // in 25 users: each of its pieces in under 5 % of the rows, which taken as independent would
    // make one match; then, once the server has its sample, 'Zyxwvq' in 25 more (a stale sample
    // judges it rare, 25 match: past the cap).
    await env.db.execute(
      sql.raw(`INSERT INTO users (name, username, email)
        SELECT 'Filler ' || i, 'filler.' || i, 'filler' || i || '@example.com' FROM generate_series(1, 500) i`),
    );
    await env.db.execute(
      sql.raw(`INSERT INTO users (name, username, email) VALUES
        ('Ann Pqrstu', 'ann.one', 'a1@example.com'), ('Bob', 'bob.pqrstu.2', 'b2@example.com'),
        ('Pqr Stu', 'decoy.one', 'd1@example.com'), ('Qrs', 'pqrs.rstu', 'd2@example.com')`),
    );
    await env.db.execute(
      sql.raw(`INSERT INTO users (name, username, email)
        SELECT 'Wvutsr ' || i, 'w.' || i, 'w' || i || '@example.com' FROM generate_series(1, 25) i`),
    );
    expect((await listed('pqrstu', 'name', 'asc', 3)).total_users).toBe(2);
    await env.db.execute(
      sql.raw(`INSERT INTO users (name, username, email)
        SELECT 'Zyxwvq ' || i, 'z.' || i, 'z' || i || '@example.com' FROM generate_series(1, 25) i`),
    );
  });
  afterAll(async () => {
    restoreEnv();
    await env?.close();
  });

  const columns = { table: 'users', columns: ['name', 'username'] };
  const plain = async (term: string, order: string, dir: string, limit: number) =>
    rowsOf<{ id: number }>(
      await env.db.execute(
        sql`SELECT id FROM users WHERE deleted_at IS NULL AND NOT is_admin
          AND (name ILIKE ${`%${term}%`} OR username ILIKE ${`%${term}%`})
          ORDER BY ${sql.raw(order)} ${sql.raw(dir)}, id ${sql.raw(dir)} LIMIT ${limit}`,
      ),
    ).map((r) => r.id);

  const listed = async (query: string, order_by: string, direction: string, page_limit: number) => {
    const res = await callApi(
      env.app,
      calls.usersList,
      { query, order_by, direction, page: 0, page_limit },
      admin.token,
    );
    expect(res.status).toBe(200);
    return res.body as { users: { id: number }[]; total_users: number; total_is_lower_bound: boolean };
  };

  it('estimates a rare term rare and a common one not, and the share of rows holding each', async () => {
    const [{ n }] = rowsOf<{ n: number }>(await env.db.execute(sql`SELECT count(*)::int AS n FROM users`));
    const rare = await sampleTerm(env.db, 'pqrstu', columns);
    expect(rare.pieces?.estimate).toBeLessThanOrEqual(5);
    expect(rare.pieces?.pieces.every((p) => p.length > 0)).toBe(true);
    // The whole table is sampled here: the shares are exact.
    expect(rare.rate).toBeCloseTo(2 / n);
    expect(await sampleTerm(env.db, 'FILLER', columns)).toEqual({
      pieces: null,
      rate: 500 / n,
      startRate: 500 / n,
      rows: n,
    });
    // Pieces that go together: the sample's own count of the term keeps it from looking rare.
    const together = await sampleTerm(env.db, 'wvutsr', columns);
    expect(together.pieces?.pieces[0]).toHaveLength(2);
    expect(together.pieces?.estimate).toBeCloseTo(25);
    expect(together.startRate).toBeCloseTo(25 / n);
  });

  it('matches through the pieces exactly what the whole term matches (decoys hold its pieces)', async () => {
    const pieces = {
      pieces: [
        ['pqr', 'stu'],
        ['pqr', 'rst', 'stu'],
      ],
      estimate: 1,
    };
    const cols = [sql`u.name`, sql`u.username`];
    const found = rowsOf<{ username: string }>(
      await env.db.execute(
        sql`SELECT username FROM users u WHERE ${piecesMatch('pqrstu', cols, pieces)} ORDER BY username`,
      ),
    ).map((r) => r.username);
    expect(found).toEqual(['ann.one', 'bob.pqrstu.2']);
  });

  it('pages a rare term, a missing one, a common one and one a stale sample misjudges as plain SQL does, with their totals', async () => {
    for (const order of ['name', 'created_at']) {
      for (const dir of ['asc', 'desc']) {
        for (const [term, total, flagged] of [
          ['pqrstu', 2, false],
          ['PQRSTU', 2, false],
          ['bob.pqrstu.2', 1, false],
          ['zqxjv', 0, false],
          ['wvutsr', 5, true],
          ['zyxwvq', 5, true],
        ] as const) {
          const got = await listed(term, order, dir, 3);
          expect(
            got.users.map((u) => u.id),
            `${term} by ${order} ${dir}`,
          ).toEqual(await plain(term, order, dir, 3));
          expect(got, `${term} by ${order} ${dir}`).toMatchObject({
            total_users: total,
            total_is_lower_bound: flagged,
          });
        }
      }
    }
  });
});
