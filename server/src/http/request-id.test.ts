import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, setupTestApp, type TestEnv } from '../test/harness';

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

  it("puts the id on the modules' lines too, after the answer as well (auth: sign-in, reset mail)", async () => {
    const staff = await makeUser(env.db);
    const signIn = await env.app.inject({
      method: 'POST',
      url: '/api/v2/admin-login',
      headers: { 'x-request-id': 'signin-1' },
      payload: { username: staff.username, password: staff.password },
    });
    expect(signIn.statusCode).toBe(200);
    // Outbox mode (no MAIL_URL): the code is logged, as fields, by the auth module.
    const code = lines.find((l) => l.reqId === 'signin-1' && l.module === 'auth');
    expect(code).toMatchObject({ msg: 'one-time code (outbox mode)', to: `${staff.username}@example.com` });
    expect(code?.code).toMatch(/^\d{6}$/);

    const reset = await env.app.inject({
      method: 'PUT',
      url: '/api/v2/reset-password',
      headers: { 'x-request-id': 'reset-1' },
      payload: { email: `${staff.username}@example.com` },
    });
    expect(reset.statusCode).toBe(200);
    // The mail goes after the answer; its line still carries the request's id.
    await expect
      .poll(() => lines.find((l) => l.msg === 'one-time password mailed'), { timeout: 60_000 })
      .toMatchObject({ reqId: 'reset-1', module: 'auth', userId: staff.id });
    // No module line of a request without its id.
    expect(lines.filter((l) => l.module === 'auth' && !l.reqId)).toEqual([]);
  });

  it('is on error answers too', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/v2/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
