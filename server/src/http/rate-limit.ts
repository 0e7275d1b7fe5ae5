import { createHash } from 'node:crypto';
import { type CallDef, calls } from '@admin/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { RedisClients } from '../providers/redis';
import { bearerToken } from './auth';
import { AppError } from './errors';

/** The calls a person makes to sign in: limited harder, per client address. */
const SIGN_IN_CALLS: ReadonlySet<CallDef> = new Set([
  calls.adminLogin,
  calls.resendOtp,
  calls.verifyAuth,
  calls.resetPassword,
]);

const WINDOW_MS = 60_000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * API-wide limits (@fastify/rate-limit), per minute: per session token, per client address
 * (`request.ip`, which honours TRUST_PROXY), and a stricter one on the sign-in calls per address.
 * With REDIS_URL the counters live in Redis, so every process counts the same requests; a Redis
 * that does not answer lets requests through rather than failing them. Over a limit: 429 in the
 * envelope with Retry-After.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  redisClients: RedisClients | null,
): Promise<void> {
  const { RATE_LIMIT_SESSION, RATE_LIMIT_ADDRESS, RATE_LIMIT_SIGN_IN, RATE_LIMIT_PAGES } = config;
  if (!RATE_LIMIT_SESSION && !RATE_LIMIT_ADDRESS && !RATE_LIMIT_SIGN_IN && !RATE_LIMIT_PAGES) {
    return;
  }
  const redis = redisClients?.counters;
  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    redis,
    // Processes on the same database count together; other deployments on the same Redis do not.
    nameSpace: `rl:${hash(config.DATABASE_URL ?? config.dataDir).slice(0, 12)}:`,
    skipOnError: true,
  });
  const limiter = (max: number, key: (req: FastifyRequest) => string) =>
    max > 0 ? app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: key }) : null;
  const signIn = limiter(RATE_LIMIT_SIGN_IN, (req) => `signin:${req.ip}`);
  const address = limiter(RATE_LIMIT_ADDRESS, (req) => `ip:${req.ip}`);
  // The public CMS pages need no token: counted per address on their own.
  const pages = limiter(RATE_LIMIT_PAGES, (req) => `pages:${req.ip}`);
  // The token's hash, so Redis never holds a usable token.
  const session = limiter(RATE_LIMIT_SESSION, (req) => `token:${hash(bearerToken(req) ?? '')}`);

  app.addHook('onRequest', async (req, reply) => {
    const call = req.routeOptions.config?.call;
    const page = req.url.startsWith('/pages/');
    if (!call && !page && !req.url.startsWith('/api-docs/')) {
      return;
    }
    const checks = [
      page ? pages : null,
      call && SIGN_IN_CALLS.has(call) ? signIn : null,
      address,
      bearerToken(req) ? session : null,
    ];
    for (const check of checks) {
      const limit = check ? await check(req) : null;
      if (limit && !limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new AppError(
          'too_many',
          `Too many requests. Please try again in ${limit.ttlInSeconds} seconds`,
        );
      }
    }
  });
}
