import { type CallDef, calls } from '../packages/contract/src/index';

/**
 * The calls without their zod schemas: what the browser needs to send a call (method, path, where
 * the input goes, public or not, permission). Injected at build time as __CALLS__ so the first
 * visit does not carry zod and every schema of the API.
 */
export function callManifest(): Record<string, Omit<CallDef, 'request' | 'response'>> {
  return Object.fromEntries(
    Object.entries(calls).map(([name, c]: [string, CallDef]) => [
      name,
      { method: c.method, path: c.path, input: c.input, auth: c.auth, permission: c.permission, summary: '' },
    ]),
  );
}
