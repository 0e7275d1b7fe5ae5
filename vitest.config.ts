import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/global-setup';

// expect.poll gives up after 1 s by default: a busy machine is slow, not broken. Every time limit
// here is there to catch a hang (each project sets its own: projects do not inherit the root's).
const expect = { poll: { timeout: 30_000 } };

export default defineConfig({
  test: {
    // Two files at a time (vitest's default on 2 CPUs is one): the browser tests, one file at a
    // time, spend most of their time waiting on the browser, so the server files run beside them.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          expect,
          include: ['server/src/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          // Migrates once into a template; each file starts from a copy of it (test/harness.ts).
          globalSetup: ['server/src/test/global-setup.ts'],
          // Time limits catch a hang, not a slow machine: a file waits its turn for two busy CPUs.
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        plugins: [react()],
        define: {
          __APP_VERSION__: JSON.stringify('test'),
        },
        test: {
          name: 'web',
          expect,
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          env: { TZ: 'America/Los_Angeles' },
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 60_000,
          css: false,
        },
      },
      {
        // Real processes (private PostgreSQL, Redis, nginx, two servers): run once, one file at a time.
        test: {
          name: 'faults',
          expect,
          include: ['faults/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'e2e',
          expect,
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // A browser test on a busy 2-core CI machine can miss a wait by chance; a real defect
          // fails both tries.
          retry: 1,
          pool: 'forks',
          // Each worker has a server of its own (e2e/global-setup.ts); E2E_WORKERS=1 for one at a time.
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
