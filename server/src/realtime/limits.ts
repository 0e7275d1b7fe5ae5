// How much one user, and one client address, may ask of the chat gateway (issue 32).
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import type { Redis } from 'ioredis';
import type { Config } from '../config';

const WINDOW_MS = 10_000;

/**
 * Events per user (all their sockets, on every process) per 10 seconds. Platform users are
 * untrusted clients; staff get more room to answer.
 */
export const EVENT_LIMITS = {
  send_message: { USER: 20, ADMIN: 60 },
  typing: { USER: 30, ADMIN: 30 },
  join: { USER: 20, ADMIN: 40 },
  leave: { USER: 20, ADMIN: 40 },
  read: { USER: 30, ADMIN: 60 },
  delivered: { USER: 30, ADMIN: 30 },
} as const;

export type LimitedEvent = keyof typeof EVENT_LIMITS;

/** Open sockets per user, over every process. */
export const MAX_SOCKETS_PER_USER = 5;

export const LIMIT_MESSAGES: Record<LimitedEvent, string> = {
  send_message: 'Too many messages. Please slow down',
  typing: 'Too many typing events. Please slow down',
  join: 'Too many joins. Please slow down',
  leave: 'Too many leaves. Please slow down',
  read: 'Too many read receipts. Please slow down',
  delivered: 'Too many delivery receipts. Please slow down',
};

// One fixed window per key: the first hit starts it, every hit in it adds one.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Counts hits per key in fixed windows: in Redis when REDIS_URL is set (shared), else in memory. */
export interface ChatLimiter {
  /** Counts a hit; true while the key has had at most `limit` hits in its window. */
  take(key: string, limit: number, windowMs?: number): Promise<boolean>;
  /** Settles once Redis is connected or has failed to (at once without REDIS_URL). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function createChatLimiter(config: Config, redis: Redis | undefined): ChatLimiter {
  const local = new Map<string, { hits: number; endsAt: number }>();
  const takeLocal = (key: string, limit: number, windowMs: number) => {
    const now = Date.now();
    let w = local.get(key);
    if (!w || w.endsAt <= now) {
      if (local.size > 50_000) {
        for (const [k, v] of local) {
          if (v.endsAt <= now) {
            local.delete(k);
          }
        }
      }
      w = { hits: 0, endsAt: now + windowMs };
      local.set(key, w);
    }
    w.hits += 1;
    return w.hits <= limit;
  };
  // The process's fail-fast counters connection (deps.ts): while Redis is away, the process counts
  // on its own rather than holding events.
  const ready =
    !redis || redis.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          redis.once('ready', resolve);
          redis.once('error', () => resolve());
        });
  const prefix = `chat-rl:${createHash('sha256')
    .update(config.DATABASE_URL ?? config.dataDir)
    .digest('hex')
    .slice(0, 12)}:`;
  return {
    ready,
    async take(key, limit, windowMs = WINDOW_MS) {
      if (redis) {
        try {
          const hits = Number(await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs));
          return hits <= limit;
        } catch {
          // Redis away: this process's own count still bounds the flood.
        }
      }
      return takeLocal(key, limit, windowMs);
    },
    async close() {
      local.clear();
    },
  };
}

/** The client address of a socket's handshake request, honouring TRUST_PROXY like request.ip. */
export function clientAddressOf(config: Config) {
  const trust = proxyaddr.compile(config.TRUST_PROXY ?? []);
  return (req: IncomingMessage) => proxyaddr(req, trust);
}
