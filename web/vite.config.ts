import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { callManifest } from './call-manifest';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const backend = process.env.API_URL ?? 'http://localhost:8080';

/**
 * The first visit must stay light (< 250 KB gzipped JS on /login, checked by e2e/first-visit):
 * every screen is a dynamic import, so heavy libraries (rich text, Swagger UI, maps, charts, zod)
 * land in lazy chunks by automatic splitting; only React gets a named vendor chunk.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __CALLS__: JSON.stringify(callManifest()),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
      '/media': backend,
      '/api-docs': backend,
      '/pages': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Swagger UI (lazy, API pages only) is ~1.4 MB raw; everything above this would be news.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only libraries the first page needs entirely get a named (long-cached) chunk. A group
          // for @mantine/core or zod would pull parts only later screens use into the first visit.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
});
