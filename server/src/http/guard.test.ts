import { type CallDef, calls, permissionsOf } from '@admin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, makeUser, setupTestApp, type TestEnv } from '../test/harness';

let env: TestEnv;
let noPermissions: { token: string };
beforeAll(async () => {
  env = await setupTestApp();
  noPermissions = await makeUser(env.db);
});
afterAll(async () => {
  await env?.close();
});

const entries = Object.entries(calls as Record<string, CallDef>);
const guarded = entries.filter(([, c]) => c.auth !== 'public');
const withPermission = guarded.filter(([, c]) => permissionsOf(c).length > 0);
const pathParams = (c: CallDef) => Object.fromEntries([...c.path.matchAll(/:(\w+)/g)].map((m) => [m[1], 1]));

describe('every contract call is guarded by the server', () => {
  it('registers a route for every call', () => {
    for (const [, c] of entries) {
      const url = `/api/v2/${c.path}`;
      expect(env.app.hasRoute({ method: c.method, url }), `${c.method} ${c.path}`).toBe(true);
    }
  });

  it.each(guarded.map(([name, c]) => [name, c] as const))('%s answers 401 without a token', async (_, c) => {
    const res = await callApi(env.app, c, pathParams(c));
    expect(res.status).toBe(401);
    expect(res.body.responseCode).toBe(401);
  });

  it.each(withPermission.map(([name, c]) => [name, c] as const))(
    '%s answers 403 without its permission',
    async (_, c) => {
      const res = await callApi(env.app, c, pathParams(c), noPermissions.token);
      expect(res.status).toBe(403);
      expect(res.body.responseCode).toBe(403);
    },
  );
});
