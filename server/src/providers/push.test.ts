import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { describe, expect, it } from 'vitest';
import { silentLog } from '../lib/log';
import { createFcmPush, createLogPush, type MulticastSender } from './push';

/** firebase-admin's Messaging at its boundary: answers like FCM, per token. */
function fakeMessaging(dead: Record<string, string>) {
  const calls: MulticastMessage[] = [];
  const messaging: MulticastSender = {
    async sendEachForMulticast(message) {
      calls.push(message);
      const responses = message.tokens.map((t) =>
        dead[t]
          ? { success: false, error: { code: dead[t], message: 'nope' } }
          : { success: true, messageId: `projects/p/messages/${t}` },
      );
      return {
        responses,
        successCount: responses.filter((r) => r.success).length,
        failureCount: responses.filter((r) => !r.success).length,
      } as unknown as BatchResponse;
    },
  };
  return { messaging, calls };
}

describe('FCM push provider', () => {
  it('sends in multicasts of at most 500 and forgets only tokens FCM calls dead', async () => {
    const tokens = Array.from({ length: 1203 }, (_, i) => `tok${i}`);
    const { messaging, calls } = fakeMessaging({
      tok3: 'messaging/registration-token-not-registered',
      tok700: 'messaging/invalid-registration-token',
      tok900: 'messaging/internal-error',
    });
    const push = createFcmPush(messaging);
    const result = await push.send(tokens, { title: 'Admin', body: 'Hello' });
    expect(calls.map((c) => c.tokens.length)).toEqual([500, 500, 203]);
    expect(calls[0].notification).toEqual({ title: 'Admin', body: 'Hello' });
    expect(result).toEqual({ delivered: 1200, failed: 3, invalidTokens: ['tok3', 'tok700'] });
  });

  it('lets a transport error through so the worker can retry the batch', async () => {
    const push = createFcmPush({
      sendEachForMulticast: async () => {
        throw new Error('app/network-error');
      },
    });
    await expect(push.send(['a'], { title: '', body: 'x' })).rejects.toThrow('app/network-error');
  });
});

describe('log push provider', () => {
  it('logs the batch and fails malformed tokens', async () => {
    const lines: object[] = [];
    const push = createLogPush({ ...silentLog, info: (fields) => lines.push(fields) });
    const result = await push.send(['good-token', '', 'with space'], { title: '', body: 'Hi' });
    expect(result).toEqual({ delivered: 1, failed: 2, invalidTokens: ['', 'with space'] });
    expect(lines[0]).toMatchObject({ body: 'Hi', delivered: 1, malformed: 2 });
  });
});
