import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { handleSignals } from './shutdown';
import { setupTestApp, type TestEnv } from './test/harness';

// Each test builds its own app (PGlite migrations: slow on a loaded machine), since each shuts it down.
let env: TestEnv | undefined;
afterEach(async () => {
  await env?.close().catch(() => {});
  env = undefined;
});

/** A signal source and an exit that records its codes instead of ending the test process. */
function fakeProcess() {
  const signals = new EventEmitter();
  const codes: number[] = [];
  let exited: (code: number) => void = () => {};
  const firstExit = new Promise<number>((r) => {
    exited = r;
  });
  return {
    signals,
    codes,
    firstExit,
    exit: (code: number) => {
      codes.push(code);
      exited(code);
    },
  };
}

describe('handleSignals', () => {
  it('SIGTERM: /readyz 503 at once while other calls are still served during the delay; then exit 0', async () => {
    env = await setupTestApp();
    const p = fakeProcess();
    handleSignals(env.app, env.database, { timeoutMs: 10_000, delayMs: 400, ...p });
    p.signals.emit('SIGTERM', 'SIGTERM');
    const ready = await env.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', failing: ['shutdown'] });
    // Still serving during the delay: a load balancer has not taken the node out yet.
    expect((await env.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(p.codes).toEqual([]);
    expect(await p.firstExit).toBe(0);
    // The shutdown closed the app and its pool; afterEach's close() still drops the file's database.
  }, 300_000);

  it('a second signal exits 1 at once, without waiting for the delay or requests in flight', async () => {
    env = await setupTestApp();
    const p = fakeProcess();
    handleSignals(env.app, env.database, { timeoutMs: 10_000, delayMs: 60_000, ...p });
    p.signals.emit('SIGTERM', 'SIGTERM');
    p.signals.emit('SIGINT', 'SIGINT');
    expect(p.codes).toEqual([1]);
    expect(env.app.readiness.shuttingDown).toBe(true);
  }, 300_000);
});
