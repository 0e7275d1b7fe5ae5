import { MODERATION_PERMISSION, MODERATION_ROOM, type ModerationEvent } from '@admin/contract';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';

const CHANNEL = 'moderation_reports';
/** Reports arriving together (a bulk insert) reach the desks as one batch of cases. */
const BATCH_MS = 100;

/**
 * Sends a desk event to the desks in the room (on every process through the adapter, or `local`:
 * this process's) whose staff still hold moderation_desk when it is sent: a desk whose grant was
 * withdrawn hears nothing more and leaves the room.
 */
export function emitModeration(app: FastifyInstance, event: ModerationEvent, opts: { local?: boolean } = {}) {
  app.realtime
    ?.emitToHolders(
      { room: MODERATION_ROOM, permission: MODERATION_PERMISSION, ...opts },
      'moderation',
      event,
    )
    .catch((err) => app.log.warn({ err }, 'sending a moderation event failed'));
}

/**
 * Hears the reports the database files (the trigger's NOTIFY, sent when the report commits,
 * whoever inserted it) and hands the cases they joined to `onCases`, batched. Each process listens
 * for itself and tells its own sockets. Answers the function that stops listening.
 */
export async function listenForReports(
  database: Database,
  onCases: (ids: number[]) => void,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  const [{ schema }] = rowsOf(
    z.object({ schema: z.string() }),
    await database.db.execute(sql`SELECT current_schema() AS schema`),
  );
  let pending = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  const heard = (payload: string | undefined) => {
    const at = payload?.lastIndexOf(':') ?? -1;
    if (!payload || at < 0 || payload.slice(0, at) !== schema) {
      return;
    }
    pending.add(Number(payload.slice(at + 1)));
    timer ??= setTimeout(() => {
      timer = null;
      const ids = [...pending];
      pending = new Set();
      onCases(ids);
    }, BATCH_MS);
  };
  const stopBatch = () => {
    if (timer) {
      clearTimeout(timer);
    }
  };
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(CHANNEL, heard);
    return async () => {
      stopBatch();
      await unlisten();
    };
  }
  if (!database.pool) {
    return async () => {};
  }
  const options = database.pool.options;
  let closed = false;
  let current: pg.Client | null = null;
  // One connection of its own, held for LISTEN; a dropped one is replaced after a second.
  const connect = async () => {
    const listener = new pg.Client({ connectionString: options.connectionString, options: options.options });
    current = listener;
    listener.on('notification', (msg) => heard(msg.payload));
    listener.on('error', (err) => {
      onError(err);
      listener.end().catch(() => undefined);
      if (!closed) {
        setTimeout(() => void connect().catch(onError), 1000).unref();
      }
    });
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
  };
  await connect();
  return async () => {
    closed = true;
    stopBatch();
    await current?.end().catch(() => undefined);
  };
}
