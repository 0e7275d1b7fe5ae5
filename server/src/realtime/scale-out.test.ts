/**
 * Two server processes on one PostgreSQL and one Redis: a message from a user connected to one
 * reaches staff connected to the other (socket.io's Redis adapter). Skipped, saying why, only when
 * PostgreSQL at 127.0.0.1:5432 or Redis at 127.0.0.1:6379 does not answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  ChatAck,
  ChatClientEvents,
  ChatServerEvents,
  ChatTextEvent,
  ChatTypingEvent,
} from '@admin/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createSession } from '../modules/auth/sessions';
import { makeUser } from '../test/harness';

type Client = Socket<ChatServerEvents, ChatClientEvents>;

const PG_BASE = process.env.SCALE_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.SCALE_TEST_REDIS ?? 'redis://127.0.0.1:6379';
const ROOT = path.resolve(import.meta.dirname, '../../..');

async function available(): Promise<string | null> {
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    return `PostgreSQL at ${PG_BASE} does not answer (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis at ${REDIS_URL} does not answer (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const missing = await available();
if (missing) {
  console.warn(`[scale-out test skipped] ${missing}`);
}

/** Starts `tsx server/src/main.ts` and resolves with its URL once it prints the listening line. */
function startServer(
  env: Record<string, string>,
  log: string[],
): Promise<{ proc: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('')}`)), 240_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log.push(text);
      const m = /running at (http:\/\/localhost:\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: m[1].replace('localhost', '127.0.0.1') });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${log.join('')}`));
    });
  });
}

function stop(proc: ChildProcess | undefined): Promise<void> {
  if (!proc || proc.exitCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

function connect(url: string, auth: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket: Client = connectClient(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      forceNew: true,
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function next<E extends keyof ChatServerEvents>(
  socket: Client,
  event: E,
): Promise<Parameters<ChatServerEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within 30 s`)), 30_000);
    socket.once(event, ((payload: Parameters<ChatServerEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

describe.skipIf(missing !== null)('two server processes through Redis', () => {
  const dbName = `chat_scale_${randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-scale-'));
  const logs: string[][] = [[], []];
  let procs: ChildProcess[] = [];
  let urls: string[] = [];
  let database: Database | undefined;
  const sockets: Client[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `${PG_BASE}/${dbName}`,
      REDIS_URL,
      SEED: 'none',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'scale-test-password',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };
    // One after the other: the first runs the migrations, the second finds them applied.
    const first = await startServer(env, logs[0]);
    const second = await startServer(env, logs[1]);
    procs = [first.proc, second.proc];
    urls = [first.url, second.url];
    database = await openDatabase({ url: env.DATABASE_URL });
  }, 300_000);

  afterAll(async () => {
    for (const s of sockets) {
      s.disconnect();
    }
    await Promise.all(procs.map(stop));
    await database?.close();
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 300_000);

  it('delivers a user message from process A to staff on process B, and the answer back', async () => {
    const db = (database as Database).db;
    const user = await makeUser(db, { platform: true });
    const userToken = await createSession(db, user.id, 'user');
    const staff = await makeUser(db, { permissions: ['user_profile'] });
    expect(urls[0]).not.toBe(urls[1]);

    const onA = await connect(urls[0], { token: userToken, username: user.username, usertype: 'USER' });
    const onB = await connect(urls[1], { token: staff.token, username: staff.username, usertype: 'ADMIN' });
    sockets.push(onA, onB);
    const joined = await onB.emitWithAck('join', { channel: `user:${user.id}` });
    // The room query crosses processes too: B sees the user connected to A.
    expect(joined).toMatchObject({ ok: true, online: true });

    const typing = next(onB, 'typing');
    onA.emit('typing', { channel: `user:${user.id}` });
    expect((await typing) as ChatTypingEvent).toMatchObject({ usertype: 'USER', user: { id: user.id } });

    const arriving = next(onB, 'TEXT');
    const sent = (await onA.emitWithAck('send_message', {
      to: staff.id,
      message: 'hello from process A',
    })) as ChatAck<{
      data: ChatTextEvent;
    }>;
    expect(sent.ok).toBe(true);
    expect((await arriving) as ChatTextEvent).toMatchObject({
      kind: 'direct',
      data: { from: 'USER', user_id: user.id, message: 'hello from process A' },
    });

    const answer = next(onA, 'TEXT');
    await onB.emitWithAck('send_message', { to: user.id, message: 'answer from process B' });
    expect((await answer) as ChatTextEvent).toMatchObject({
      data: { from: 'ADMIN', message: 'answer from process B' },
    });
  });
});
