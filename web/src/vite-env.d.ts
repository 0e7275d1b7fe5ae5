/// <reference types="vite/client" />

/** The product version (root package.json), injected by Vite. */
declare const __APP_VERSION__: string;

/** The contract's calls without schemas (see web/call-manifest.ts). */
declare const __CALLS__: Record<string, unknown>;
