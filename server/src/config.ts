import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { LIST_TOTAL_CAP } from '@admin/contract';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

/** One TRUST_PROXY entry: an address, a CIDR, or proxy-addr's names for address ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
    return true;
  }
  const [addr, bits, extra] = entry.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) {
    return false;
  }
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * The list floor's settings (db/sql.ts reads them through listSettings(), so a test may change them
 * between calls): filtered totals are exact up to LIST_TOTAL_CAP; a searched page first walks
 * LIST_SEARCH_WALK rows of its order, and a common term it missed up to LIST_SEARCH_LONG_WALK rows;
 * every list statement stops after LIST_STATEMENT_TIMEOUT ms.
 */
const LIST_SETTINGS = z.object({
  LIST_TOTAL_CAP: z.coerce.number().int().min(1).max(1_000_000).default(LIST_TOTAL_CAP),
  LIST_SEARCH_WALK: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  LIST_SEARCH_LONG_WALK: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  LIST_STATEMENT_TIMEOUT: z.coerce.number().int().min(1).max(600_000).default(5000),
});

export type ListSettings = z.infer<typeof LIST_SETTINGS>;

let listCache: { key: string; value: ListSettings } | undefined;

/** The list settings from the environment (validated at start-up by loadConfig, like the rest). */
export function listSettings(env: NodeJS.ProcessEnv = process.env): ListSettings {
  const raw = Object.fromEntries(
    Object.keys(LIST_SETTINGS.shape).flatMap((k) => (env[k] ? [[k, env[k]]] : [])),
  );
  const key = JSON.stringify(raw);
  if (listCache?.key !== key) {
    listCache = { key, value: LIST_SETTINGS.parse(raw) };
  }
  return listCache.value;
}

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  /** default: demo, except with NODE_ENV=production, where only an explicit SEED=demo seeds */
  SEED: z.enum(['demo', 'none']).optional(),
  SEED_USERS: z.coerce.number().int().min(0).optional(),
  MAIL_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Admin Panel <no-reply@example.com>'),
  PUSH_PROVIDER: z.enum(['log', 'fcm']).default('log'),
  FIREBASE_CREDENTIALS: z.string().optional(),
  ANALYTICS_PROVIDER: z.enum(['local', 'ga4']).default('local'),
  GA4_PROPERTY_ID: z.string().optional(),
  GA4_CREDENTIALS: z.string().optional(),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).max(600).default(10),
  /** Seconds /readyz answers 503 while the server still serves, before it stops accepting. */
  SHUTDOWN_DELAY: z.coerce.number().min(0).max(60).default(0),
  /** Requests a minute per session token, per client address, and sign-in calls per address; 0 = no limit. */
  RATE_LIMIT_SESSION: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_ADDRESS: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(0).default(30),
  RATE_LIMIT_CHAT_HANDSHAKE: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_PAGES: z.coerce.number().int().min(0).default(120),
  /** Origins besides the app's own that may open the chat socket (comma-separated). */
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
      'comma-separated origins like https://admin.example.com',
    )
    .optional(),
  /** Passkeys: the relying party ID (a domain name, never an IP address) and the page's origin; by default the host the server is reached on. */
  WEBAUTHN_RP_ID: z
    .string()
    .refine((v) => !isIP(v), 'a domain name such as admin.example.com; an IP address is not a valid RP ID')
    .optional(),
  WEBAUTHN_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/\s]+$/, 'an origin like https://admin.example.com')
    .optional(),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  ...LIST_SETTINGS.shape,
  /** Milliseconds each statement of a write call may run (statement_timeout in its transaction); over it, 503. */
  WRITE_STATEMENT_TIMEOUT: z.coerce.number().int().min(1).max(600_000).default(5000),
  /** `off` drops the audit entries (write calls keep their transaction): the bench's comparison only. */
  AUDIT_TRAIL: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every(isProxyEntry),
      'comma-separated addresses or CIDRs, e.g. 10.0.0.0/8,127.0.0.1',
    )
    .optional(),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'SEED'> & {
  SEED: 'demo' | 'none';
  dataDir: string;
  webDist: string;
};

/** Reads `.env` at the repository root when there is one; variables already set win. */
export function loadEnvFile(file = path.join(REPO_ROOT, '.env')): void {
  if (fs.existsSync(file)) {
    process.loadEnvFile(file);
  }
}

/** Parses the environment once; a bad value stops start-up with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    SEED: c.SEED ?? (c.NODE_ENV === 'production' ? 'none' : 'demo'),
    // Relative paths are from the repository root, whichever workspace starts the server.
    dataDir: path.resolve(REPO_ROOT, c.DATA_DIR),
    webDist: path.resolve(REPO_ROOT, c.WEB_DIST ?? 'web/dist'),
  };
}
