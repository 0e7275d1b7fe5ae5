// The chat bench's clients: bulk accounts with sessions, socket connections, and the latency measure.
import { createHash, randomBytes } from 'node:crypto';
import type { ChatClientEvents, ChatServerEvents } from '@admin/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { percentile } from './measure';

export type Client = Socket<ChatServerEvents, ChatClientEvents>;

export interface LatencyStats {
  /** send -> the sender's ack (validated, session checked, stored) p50 / p99, ms */
  ackP50: number;
  ackP99: number;
  sent: number;
  received: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** N platform users with USER sessions and one super admin with a staff session, inserted in bulk. */
export async function makeAccounts(url: string, n: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tag = randomBytes(3).toString('hex');
    const users = await client.query<{ id: number; username: string }>(
      `INSERT INTO users (name, username, email, is_admin)
       SELECT 'Bench User ' || i, 'bench_${tag}_' || i, 'bench_${tag}_' || i || '@example.com', false
       FROM generate_series(1, $1) AS i RETURNING id, username`,
      [n],
    );
    const accounts = users.rows.map((u) => ({ ...u, token: randomBytes(32).toString('base64url') }));
    const expires = new Date(Date.now() + 6 * 3600_000);
    for (let i = 0; i < accounts.length; i += 1000) {
      const chunk = accounts.slice(i, i + 1000);
      await client.query(
        `INSERT INTO sessions (user_id, kind, token_hash, expires_at)
         SELECT unnest($1::int[]), 'user', unnest($2::text[]), $3`,
        [chunk.map((a) => a.id), chunk.map((a) => sha256(a.token)), expires],
      );
    }
    const [staff] = (
      await client.query<{ id: number; username: string }>(
        `INSERT INTO users (name, username, email, is_admin, is_sup_admin)
         VALUES ('Bench Staff', 'bench_staff_${tag}', 'bench_staff_${tag}@example.com', true, true)
         RETURNING id, username`,
      )
    ).rows;
    const staffToken = randomBytes(32).toString('base64url');
    await client.query(
      `INSERT INTO sessions (user_id, kind, token_hash, expires_at) VALUES ($1, 'admin', $2, $3)`,
      [staff.id, sha256(staffToken), expires],
    );
    return { users: accounts, staff: { ...staff, token: staffToken } };
  } finally {
    await client.end();
  }
}

export function connect(url: string, auth: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket: Client = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      forceNew: true,
      reconnection: false,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Connects every user to `url`, `batch` handshakes at a time. */
export async function connectUsers(url: string, users: { username: string; token: string }[], batch = 250) {
  const sockets: Client[] = [];
  for (let i = 0; i < users.length; i += batch) {
    const chunk = users.slice(i, i + batch);
    sockets.push(
      ...(await Promise.all(
        chunk.map((u) => connect(url, { token: u.token, username: u.username, usertype: 'USER' })),
      )),
    );
  }
  return sockets;
}

/**
 * Staff send `rate` messages a second for `seconds` to users picked round-robin; every user socket
 * records the delay between the send time written in the message and its arrival.
 */
export async function measureLatency(
  staff: Client,
  users: { id: number }[],
  userSockets: Client[],
  rate: number,
  seconds: number,
): Promise<LatencyStats> {
  const delays: number[] = [];
  const onText = (e: { data: { message: string } }) => {
    const sentAt = Number(e.data.message.split(' ')[1]);
    delays.push(performance.now() - sentAt);
  };
  for (const s of userSockets) {
    s.on('TEXT', onText as never);
  }
  const acks: number[] = [];
  const total = rate * seconds;
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      // Catch up to the schedule (timers are coarse); never burst more than the schedule allows.
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (sent < due) {
        const user = users[sent % users.length];
        const at = performance.now();
        staff.emit('send_message', { to: user.id, message: `bench ${at} #${sent}` }, () => {
          acks.push(performance.now() - at);
        });
        sent++;
      }
      if (sent >= total) {
        resolve();
      } else {
        setTimeout(tick, 2);
      }
    };
    tick();
  });
  // Let the last messages land.
  const deadline = Date.now() + 10_000;
  while (delays.length < total && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const s of userSockets) {
    s.off('TEXT', onText as never);
  }
  const sorted = [...delays].sort((a, b) => a - b);
  const ackSorted = [...acks].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    ackP50: round(percentile(ackSorted, 50)),
    ackP99: round(percentile(ackSorted, 99)),
    sent,
    received: delays.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}
