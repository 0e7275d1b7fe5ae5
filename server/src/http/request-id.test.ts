import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestEnv } from '../test/harness';

let env: TestEnv;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  env = await setupTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => {
  await env?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const url = '/api/v2/users-list';

describe('X-Request-Id', () => {
  it('keeps a sane id from the caller, answers it and logs it on every line of the request', async () => {
    const res = await env.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'lb-7f3a:01' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('lb-7f3a:01');
    const mine = lines.filter((l) => l.reqId === 'lb-7f3a:01');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces a missing, too long or odd id with a fresh UUID', async () => {
    const seen = new Set<string>();
    for (const given of [undefined, 'x'.repeat(129), 'a b', 'evil"\u0007', '']) {
      const res = await env.app.inject({
        method: 'GET',
        url,
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      seen.add(id);
    }
    expect(seen.size).toBe(5);
    expect(lines.some((l) => l.reqId === 'a b')).toBe(false);
  });

  it('is on error answers too', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/v2/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
