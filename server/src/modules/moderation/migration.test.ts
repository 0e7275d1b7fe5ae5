import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths';

// The migration that opens the desk files the reports already there: run the migrations before it,
// add reports, then run it.
const files = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const desk = files.findIndex((f) => f.endsWith('_moderation_cases.sql'));

let db: PGlite;
const run = async (file: string) => {
  for (const statement of fs
    .readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')) {
    if (statement.trim()) {
      await db.exec(statement);
    }
  }
};

beforeAll(async () => {
  db = await PGlite.create(undefined, { extensions: { pg_trgm } });
  await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const f of files.slice(0, desk)) {
    await run(f);
  }
});
afterAll(async () => {
  await db?.close();
});

describe('the moderation migration', () => {
  it('turns the existing reports into one case per target, open unless the target is deleted', async () => {
    await db.exec(`
      INSERT INTO users (id, name, username) VALUES (1, 'Author', 'author'), (2, 'A', 'a'), (3, 'B', 'b'), (4, 'Gone', 'gone');
      UPDATE users SET deleted_at = now() WHERE id = 4;
      INSERT INTO posts (id, user_id, title) VALUES (10, 1, 'live'), (11, 1, 'deleted');
      UPDATE posts SET deleted_at = now() WHERE id = 11;
      INSERT INTO post_reports (post_id, reported_by_id, reason, created_at) VALUES
        (10, 2, 'Spam', '2026-01-01'), (10, 3, 'Harassment', '2026-01-03'), (10, 2, 'Spam', '2026-01-02'),
        (11, 3, 'Spam', '2026-01-05');
      INSERT INTO user_reports (reported_user_id, reported_by_id, reason, created_at) VALUES
        (1, 2, 'Fake account', '2026-02-01'), (4, 2, 'Spam', '2026-02-02');`);
    await run(files[desk]);
    const { rows } = await db.query<Record<string, unknown>>(`
      SELECT target_type, target_id, author_id, status, decision, reason, report_count, reporter_count,
             first_report_at::date::text AS first, last_report_at::date::text AS last
        FROM moderation_cases ORDER BY target_type, target_id`);
    expect(rows).toEqual([
      {
        target_type: 'post',
        target_id: 10,
        author_id: 1,
        status: 'open',
        decision: null,
        reason: 'harassment',
        report_count: 3,
        reporter_count: 2,
        first: '2026-01-01',
        last: '2026-01-03',
      },
      {
        target_type: 'post',
        target_id: 11,
        author_id: 1,
        status: 'decided',
        decision: 'remove_post',
        reason: 'spam',
        report_count: 1,
        reporter_count: 1,
        first: '2026-01-05',
        last: '2026-01-05',
      },
      {
        target_type: 'user',
        target_id: 1,
        author_id: 1,
        status: 'open',
        decision: null,
        reason: 'misinformation',
        report_count: 1,
        reporter_count: 1,
        first: '2026-02-01',
        last: '2026-02-01',
      },
      {
        target_type: 'user',
        target_id: 4,
        author_id: 4,
        status: 'decided',
        decision: 'dismiss',
        reason: 'spam',
        report_count: 1,
        reporter_count: 1,
        first: '2026-02-02',
        last: '2026-02-02',
      },
    ]);
    const unfiled = await db.query(`SELECT id FROM post_reports WHERE case_id IS NULL
      UNION ALL SELECT id FROM user_reports WHERE case_id IS NULL`);
    expect(unfiled.rows).toEqual([]);
    // Reports that come after join the open case (the trigger), or open one linked to the decided one.
    await db.exec(`INSERT INTO post_reports (post_id, reported_by_id) VALUES (10, 3), (11, 2)`);
    const after = await db.query<{
      target_id: number;
      status: string;
      report_count: number;
      previous_case_id: number | null;
    }>(`
      SELECT target_id, status, report_count, previous_case_id FROM moderation_cases
       WHERE target_type = 'post' ORDER BY id`);
    expect(
      after.rows.map((r) => [r.target_id, r.status, r.report_count, r.previous_case_id !== null]),
    ).toEqual([
      [10, 'open', 4, false],
      [11, 'decided', 1, false],
      [11, 'open', 1, true],
    ]);
  });
});
