import { PassThrough, type Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client';
import { CSV_HEADER, usersCsvBatches, usersCsvSelect } from './csv';
import type { UserListKind } from './list';

const dialect = new PgDialect();

/**
 * COPY takes no bind parameters, so the statement is rendered with its parameters as quoted
 * literals (pg's escapeLiteral: standard strings, E'' when a backslash is present).
 */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (typeof v === 'number' || typeof v === 'bigint') {
      return String(v);
    }
    if (typeof v === 'boolean') {
      return v ? 'true' : 'false';
    }
    if (v === null || v === undefined) {
      return 'NULL';
    }
    return pg.escapeLiteral(String(v));
  });
}

/**
 * The users CSV as a byte stream. On a PostgreSQL server: one COPY (SELECT ...) TO STDOUT on a
 * dedicated pooled connection, piped with backpressure, so the server only ever holds a socket
 * buffer of rows. On PGlite: keyset batches of 5,000 rows. Either way memory stays flat.
 * If the client goes away mid-stream, destroy() the returned stream: the connection is then
 * discarded (a COPY cannot be abandoned half-way on a live connection).
 */
export async function usersCsvStream(
  database: Database,
  kind: UserListKind,
  query: string | undefined,
): Promise<Readable> {
  const { pool } = database;
  if (!pool) {
    const out = new PassThrough();
    const source = usersCsvBatches(database.db, kind, query);
    (async () => {
      for await (const chunk of source) {
        if (out.destroyed) {
          await source.return(undefined);
          return;
        }
        if (!out.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              out.off('drain', done);
              out.off('close', done);
              resolve();
            };
            out.on('drain', done);
            out.on('close', done);
          });
        }
      }
      out.end();
    })().catch((err) => out.destroy(err as Error));
    return out;
  }
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error | boolean) => {
    if (!released) {
      released = true;
      client.release(err);
    }
  };
  const copy = client.query(
    copyTo(`COPY (${inlineSql(usersCsvSelect(kind, query))}) TO STDOUT WITH (FORMAT csv)`),
  );
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  out.write(CSV_HEADER);
  copy.on('end', () => release());
  copy.on('error', (err) => {
    release(err);
    out.destroy(err);
  });
  out.on('close', () => {
    if (!copy.readableEnded) {
      // The reader left early: drop the connection rather than return it mid-COPY.
      release(true);
      copy.destroy();
    }
  });
  copy.pipe(out);
  return out;
}
