import fs from 'node:fs';
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import type { Log } from '../lib/log';

interface PushMessage {
  title: string;
  body: string;
}

interface PushResult {
  delivered: number;
  failed: number;
  /** Tokens the service says will never work again (uninstalled app); the caller forgets them. */
  invalidTokens: string[];
}

/** Delivers one message to a batch of device tokens. */
export interface PushProvider {
  readonly name: 'log' | 'fcm';
  /** Largest batch one send accepts. */
  readonly maxBatch: number;
  send(tokens: readonly string[], message: PushMessage): Promise<PushResult>;
}

/** A token shape every push service would refuse: empty, too long, or with spaces. */
const malformed = (t: string) => t.length === 0 || t.length > 4096 || /\s/.test(t);

/**
 * The default: no push service is called. Each batch is written to the log (count and a sample of
 * tokens); the job row in the database records what was delivered. Malformed tokens count as failed.
 */
export function createLogPush(log: Log): PushProvider {
  return {
    name: 'log',
    maxBatch: 1000,
    async send(tokens, message) {
      const bad = tokens.filter(malformed);
      const delivered = tokens.length - bad.length;
      log.info(
        {
          body: message.body.slice(0, 80),
          delivered,
          malformed: bad.length,
          firstTokens: tokens.slice(0, 3).map((t) => t.slice(0, 12)),
        },
        'push batch (log provider: nothing sent)',
      );
      return { delivered, failed: bad.length, invalidTokens: bad };
    },
  };
}

/** The part of firebase-admin's Messaging the provider uses (tests give a fake of it). */
export interface MulticastSender {
  sendEachForMulticast(message: MulticastMessage, dryRun?: boolean): Promise<BatchResponse>;
}

/** FCM error codes after which a token is dead for good. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);

/** Firebase Cloud Messaging: 500 tokens per multicast, per-token outcome read from the answer. */
export function createFcmPush(messaging: MulticastSender): PushProvider {
  return {
    name: 'fcm',
    maxBatch: 500,
    async send(tokens, message) {
      const result: PushResult = { delivered: 0, failed: 0, invalidTokens: [] };
      for (let i = 0; i < tokens.length; i += 500) {
        const chunk = tokens.slice(i, i + 500);
        const answer = await messaging.sendEachForMulticast({
          tokens: chunk,
          notification: { title: message.title, body: message.body },
          android: { priority: 'high' },
          apns: { payload: { aps: { sound: 'default' } } },
        });
        result.delivered += answer.successCount;
        result.failed += answer.failureCount;
        answer.responses.forEach((r, idx) => {
          if (!r.success && r.error && DEAD_TOKEN_CODES.has(r.error.code)) {
            result.invalidTokens.push(chunk[idx]);
          }
        });
      }
      return result;
    },
  };
}

/** FIREBASE_CREDENTIALS holds the service-account JSON itself or a path to its file. */
export function readServiceAccount(value: string | undefined, variable: string): Record<string, string> {
  if (!value) {
    throw new Error(`${variable} is required for this provider (service-account JSON or a path to it)`);
  }
  const text = value.trim().startsWith('{') ? value : fs.readFileSync(value, 'utf8');
  return JSON.parse(text) as Record<string, string>;
}

/** The provider PUSH_PROVIDER names. firebase-admin is loaded only when FCM is used. */
export async function createPushProvider(
  config: { PUSH_PROVIDER: 'log' | 'fcm'; FIREBASE_CREDENTIALS?: string },
  log: Log,
): Promise<PushProvider> {
  if (config.PUSH_PROVIDER === 'log') {
    return createLogPush(log);
  }
  const account = readServiceAccount(config.FIREBASE_CREDENTIALS, 'FIREBASE_CREDENTIALS');
  const { cert, getApps, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const app =
    getApps().find((a) => a.name === 'push') ?? initializeApp({ credential: cert(account) }, 'push');
  return createFcmPush(getMessaging(app));
}
