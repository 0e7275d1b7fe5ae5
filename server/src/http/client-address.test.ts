import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { signInCounters } from '../db/schema';
import { setupTestApp, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await setupTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.2' } });
});
afterAll(async () => {
  await env?.close();
});

let n = 0;
/** A failed sign-in from `remoteAddress` claiming `forwarded`; answers the address the limits counted. */
async function recordedAddress(remoteAddress: string, forwarded?: string) {
  const username = `nobody_${n++}`;
  await env.app.inject({
    method: 'POST',
    url: '/api/v2/admin-login',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { username, password: 'wrong-password' },
  });
  const [row] = await env.db
    .select()
    .from(signInCounters)
    .where(like(signInCounters.key, `pw:pair:${username}|%`));
  return row.key.split('|')[1];
}

describe('client address (TRUST_PROXY)', () => {
  it('takes X-Forwarded-For from a trusted proxy', async () => {
    expect(await recordedAddress('10.1.2.3', '203.0.113.5')).toBe('203.0.113.5');
    expect(await recordedAddress('127.0.0.2', '203.0.113.6')).toBe('203.0.113.6');
  });

  it('takes the first untrusted hop, not what the client wrote before it', async () => {
    expect(await recordedAddress('10.1.2.3', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect(await recordedAddress('198.51.100.9', '203.0.113.5')).toBe('198.51.100.9');
  });

  it('trusts nobody when unset', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.1', 'fd00::/8']);
  });

  it('stops start-up on a value that is not an address or CIDR', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
