import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
          include: ['server/src/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        define: {
          __APP_VERSION__: JSON.stringify('test'),
        },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          env: { TZ: 'America/Los_Angeles' },
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 20_000,
          css: false,
        },
      },
      {
        // Real processes (private PostgreSQL, Redis, nginx, two servers): run once, one file at a time.
        test: {
          name: 'faults',
          include: ['faults/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 120_000,
          hookTimeout: 240_000,
          pool: 'forks',
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A browser test on a busy 2-core CI machine can miss a wait by chance; a real defect
          // fails both tries.
          retry: 1,
          pool: 'forks',
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
