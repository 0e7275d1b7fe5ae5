import { type CallDef, calls } from '@admin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, setupTestApp, type TestEnv } from '../test/harness';

let env: TestEnv;
let admin: { token: string; id: number };
beforeAll(async () => {
  env = await setupTestApp();
  admin = await makeUser(env.db, { superAdmin: true });
});
afterAll(async () => {
  await env?.close();
});

const json = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

describe('spec 01 section 7: every call is sent with a JSON content type, also without a payload', () => {
  it.each([
    ['DELETE', '/api/v2/delete-post?id=987654'],
    ['PATCH', '/api/v2/approve-campaign?id=987654'],
    ['PATCH', '/api/v2/enable-advertise/987654'],
  ])('%s %s with an empty JSON body reads the query, not a 400', async (method, url) => {
    const res = await env.app.inject({ method: method as 'PATCH', url, headers: json(admin.token) });
    expect(res.json().responseMessage).not.toMatch(/Body cannot be empty/);
    expect(res.statusCode).toBe(404);
  });

  it('logout with an empty JSON body ends the session', async () => {
    const user = await makeUser(env.db);
    const res = await env.app.inject({ method: 'POST', url: '/api/v2/logout', headers: json(user.token) });
    expect(res.statusCode).toBe(200);
    const after = await env.app.inject({
      method: 'GET',
      url: '/api/v2/get-login-data',
      headers: json(user.token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('no call answers "Body cannot be empty" to an empty JSON body', async () => {
    // Its own super admin: logout is one of the calls.
    const caller = await makeUser(env.db, { superAdmin: true });
    for (const c of Object.values(calls as Record<string, CallDef>)) {
      const url = `/api/v2/${c.path.replace(/:(\w+)/g, '1')}`;
      const res = await env.app.inject({ method: c.method, url, headers: json(caller.token) });
      expect(res.statusCode, `${c.method} ${c.path}`).toBeLessThan(500);
      expect(res.body, `${c.method} ${c.path}`).not.toMatch(/Body cannot be empty/);
    }
  });

  it('a body that is not JSON is still a 400 in the envelope', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v2/group',
      headers: json(admin.token),
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ responseCode: 400, responseMessage: 'Request body is not valid JSON' });
  });

  it('refuses prototype poisoning like Fastify always did', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v2/group',
      headers: json(admin.token),
      payload: '{"name": "x", "__proto__": {"is_sup_admin": 1}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('every /api/v2 answer carries Cache-Control: no-store', () => {
  it.each([
    ['a success', '/api/v2/get-login-data', true, 200],
    ['a 401', '/api/v2/get-login-data', false, 401],
    ['a 400', '/api/v2/user-profile?id=abc', true, 400],
    ['an unknown call', '/api/v2/no-such-call', true, 404],
  ])('on %s', async (_, url, signedIn, status) => {
    const res = await env.app.inject({
      method: 'GET',
      url,
      headers: json(signedIn ? admin.token : undefined),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
