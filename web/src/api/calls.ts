import type { calls as contractCalls } from '@admin/contract';

/**
 * Every API call by name, typed exactly as the contract's `calls`, but at run time only method,
 * path, input placement, auth and permission (injected by Vite from the contract; see
 * web/call-manifest.ts). Use this in the web app: importing `calls` from '@admin/contract' would
 * bundle zod and every schema. `request`/`response` schemas are NOT available at run time.
 */
export const calls = __CALLS__ as unknown as typeof contractCalls;
