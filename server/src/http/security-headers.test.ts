import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestEnv } from '../test/harness';
import { tileSource } from './security-headers';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp();
});
afterAll(async () => {
  await env?.close();
});

describe('security headers', () => {
  it('every answer carries the content security policy and helmet headers, errors too', async () => {
    for (const url of [
      '/api/v2/app-version-check?device_type=android&app_version=1.0.0',
      '/api/v2/users-list',
    ]) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it("connect-src is the app's own origin, img-src its own images and the tile host (issue 32)", async () => {
    const csp = String(
      (await env.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('img-src')).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('not a url')).toBeNull();
  });
});
