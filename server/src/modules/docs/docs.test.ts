import fs from 'node:fs';
import path from 'node:path';
import { type CallDef, calls, permissionsOf } from '@admin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, makeUser, setupTestApp, type TestEnv } from '../../test/harness';
import { adminOpenApi } from './openapi';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

describe('the generated admin OpenAPI document', () => {
  const doc = adminOpenApi() as unknown as Doc;

  it('has every contract call with its method, permission and bearer security', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(JSON.stringify(doc)).not.toContain('9007199254740991');
    expect(doc.info.version).toBe('2.0.0');
    const all = Object.entries(calls as Record<string, CallDef>);
    expect(all.length).toBeGreaterThan(0);
    for (const [name, call] of all) {
      const p = `/api/v2/${call.path.replace(/:(\w+)/g, '{$1}')}`;
      const op = doc.paths[p]?.[call.method.toLowerCase()];
      expect(op, `${call.method} ${p}`).toBeDefined();
      expect(op.operationId).toBe(name);
      expect(op.tags).not.toEqual(['Other']);
      expect(op['x-permissions']).toEqual(permissionsOf(call));
      for (const perm of permissionsOf(call)) {
        expect(String(op.description)).toContain(perm);
      }
      expect(op.security).toEqual(call.auth === 'public' ? [] : [{ bearerAuth: [] }]);
    }
  });

  it('groups operations by contract area', () => {
    const tagged = doc as unknown as { tags: { name: string }[] };
    expect(tagged.tags.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Posts', 'Searches', 'Cms', 'Signup Codes']),
    );
    expect(doc.paths['/api/v2/delete-post'].delete.tags).toEqual(['Posts']);
  });

  it('puts GET fields in the query and body fields in a request body', () => {
    const list = doc.paths['/api/v2/searches'].get as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:page', 'query:page_limit', 'query:type', 'query:user_id']),
    );
    const del = doc.paths['/api/v2/delete-post'].delete as { parameters: { name: string; in: string }[] };
    expect(del.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);
    const save = doc.paths['/api/v2/settings'].post as {
      requestBody: {
        content: { 'application/json': { schema: { properties: object; required: string[] } } };
      };
    };
    const schema = save.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['data_key', 'data']);
    expect(schema.required).toEqual(['data_key', 'data']);
  });

  it('describes responses with the envelope', () => {
    const ok = doc.paths['/api/v2/reported-posts'].get.responses as Record<
      string,
      { content?: Record<string, { schema: { properties: object } }> }
    >;
    expect(Object.keys(ok['200'].content?.['application/json'].schema.properties ?? {})).toEqual(
      expect.arrayContaining(['responseCode', 'posts', 'total_posts']),
    );
    expect(ok['403']).toBeDefined();
  });
});

describe('GET /api-docs/{name}/{version}.json', () => {
  it('serves the generated admin 2.0.0 document to a holder of api_documentation', async () => {
    const staff = await makeUser(env.db, { permissions: ['api_documentation'] });
    const res = await env.app.inject({
      method: 'GET',
      url: '/api-docs/admin/2.0.0.json',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().paths['/api/v2/searches'].get.operationId).toBe('searches');
  });

  it('serves operator files from DATA_DIR and says clearly when one is absent', async () => {
    const staff = await makeUser(env.db, { permissions: ['api_documentation'] });
    const headers = { authorization: `Bearer ${staff.token}` };
    const dir = path.join(env.dataDir, 'api-docs', 'mobile');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, '1.0.0.json'),
      JSON.stringify({ openapi: '3.0.0', info: { title: 'Mobile' } }),
    );
    const found = await env.app.inject({ method: 'GET', url: '/api-docs/mobile/1.0.0.json', headers });
    expect(found.statusCode).toBe(200);
    expect(found.json().info.title).toBe('Mobile');

    const absent = await env.app.inject({ method: 'GET', url: '/api-docs/search/2.0.0.json', headers });
    expect(absent.statusCode).toBe(404);
    expect(absent.json().responseMessage).toBe(
      'The search API document version 2.0.0 has not been published.',
    );
    expect(absent.body).not.toMatch(/api-docs\/|data directory|\.json/);
  });

  it('lists the versions that exist, newest first (api-doc-versions)', async () => {
    const staff = await makeUser(env.db, { permissions: ['api_documentation'] });
    const dir = path.join(env.dataDir, 'api-docs', 'search');
    fs.mkdirSync(dir, { recursive: true });
    for (const f of ['1.0.0.json', '10.0.0.json', '9.1.0.json', 'notes.txt', 'latest.json']) {
      fs.writeFileSync(path.join(dir, f), '{}');
    }
    const search = await callApi(env.app, calls.apiDocVersions, { name: 'search' }, staff.token);
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual(['10.0.0', '9.1.0', '1.0.0']);
    const admin = await callApi(env.app, calls.apiDocVersions, { name: 'admin' }, staff.token);
    expect(admin.body.data).toEqual(['2.0.0']);
  });

  it('api-doc-versions: bad name 400, no session 401, no permission 403', async () => {
    const staff = await makeUser(env.db, { permissions: ['api_documentation'] });
    const outsider = await makeUser(env.db, { permissions: ['users_list'] });
    const bad = await callApi(env.app, calls.apiDocVersions, { name: '../etc' } as never, staff.token);
    expect(bad.status).toBe(400);
    expect(bad.body.responseMessage).toMatch(/name/);
    expect((await callApi(env.app, calls.apiDocVersions, { name: 'admin' })).status).toBe(401);
    expect((await callApi(env.app, calls.apiDocVersions, { name: 'admin' }, outsider.token)).status).toBe(
      403,
    );
  });

  it('refuses unknown names and versions that are not x.y.z (no path traversal)', async () => {
    const staff = await makeUser(env.db, { permissions: ['api_documentation'] });
    const headers = { authorization: `Bearer ${staff.token}` };
    for (const url of [
      '/api-docs/secret/1.0.0.json',
      '/api-docs/admin/..%2F..%2Fconfig.json',
      '/api-docs/admin/1.0.0.txt',
    ]) {
      const res = await env.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().responseMessage).toMatch(/No such API document/);
    }
  });

  it('needs a session (401) and api_documentation (403)', async () => {
    expect((await env.app.inject({ method: 'GET', url: '/api-docs/admin/2.0.0.json' })).statusCode).toBe(401);
    const other = await makeUser(env.db, { permissions: ['searches'] });
    const res = await env.app.inject({
      method: 'GET',
      url: '/api-docs/admin/2.0.0.json',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().responseMessage).toBe('You are not authorize to access this page');
  });
});
