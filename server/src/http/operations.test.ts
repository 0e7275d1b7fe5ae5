import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/errors';
import { signinFailures } from '../lib/metrics';
import { setupTestApp, type TestEnv } from '../test/harness';

const TOKEN = 'metrics-token-0123456789';
let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await env?.close();
});

describe('GET /healthz and /readyz', () => {
  it('healthz answers JSON without a token', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('readyz is 200 when the database answers and migrations are done', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('readyz is 503 naming the failing part, and 503 once a shutdown starts', async () => {
    env.app.readiness.add('redis', async () => {
      throw new Error('connection reconnecting');
    });
    let res = await env.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      failing: ['redis'],
      checks: { database: 'ok', redis: 'connection reconnecting' },
    });
    env.app.readiness.add('redis', async () => {});
    env.app.readiness.shuttingDown = true;
    res = await env.app.inject({ method: 'GET', url: '/readyz' });
    env.app.readiness.shuttingDown = false;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', failing: ['shutdown'] });
  });
});

describe('GET /metrics', () => {
  it('answers Prometheus text to this machine: request histogram, process and app metrics', async () => {
    await env.app.inject({ method: 'GET', url: '/api/v2/users-list' });
    signinFailures.inc({ reason: 'password' });
    const res = await env.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/users-list",status="401"\} [1-9]/,
    );
    for (const name of [
      'http_requests_in_flight',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'db_pool_in_use',
      'db_pool_waiting',
      'socketio_open_sockets',
      'chat_messages_sent_total',
      'push_job_progress_ratio',
      'signin_lockouts_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/signin_failures_total\{reason="password"\} [1-9]/);
  });

  it('refuses other addresses and forwarded requests without the token, and opens with it', async () => {
    const outside = { remoteAddress: '203.0.113.9' };
    let res = await env.app.inject({ method: 'GET', url: '/metrics', ...outside });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('process_resident_memory_bytes');
    res = await env.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(403);
    // RFC 7239's header is a proxy's word too (issue 32).
    res = await env.app.inject({ method: 'GET', url: '/metrics', headers: { forwarded: 'for=8.8.8.8' } });
    expect(res.statusCode).toBe(403);
    res = await env.app.inject({
      method: 'GET',
      url: '/metrics',
      ...outside,
      headers: { authorization: 'Bearer metrics-token-wrong-guess' },
    });
    expect(res.statusCode).toBe(403);
    res = await env.app.inject({
      method: 'GET',
      url: '/metrics',
      ...outside,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_resident_memory_bytes');
  });
});

describe('database unavailable', () => {
  it('recognises lost and refused connections, also wrapped by drizzle, and nothing else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code: '57P01' } }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
