/** What the e2e global setup hands to the tests (read with `e2eEnv()` from harness.ts). */
export interface E2eEnv {
  baseUrl: string;
  dataDir: string;
  outboxDir: string;
  webDist: string;
  admin: { username: string; password: string; email: string };
  screenshotsDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (VITEST_POOL_ID 1..n). */
    e2e: E2eEnv[];
  }
}
