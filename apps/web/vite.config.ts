import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { CodeSplittingGroup } from 'rolldown';
import { type UserConfig, build, defineConfig } from 'vite';
import { loginPreloadPlugin } from './scripts/login-preload.mjs';
import { rootsByModule, signedInGroups } from './scripts/chunk-groups.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';

const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';
const proxy = {
  // ws: the live channel's socket (/v1.0/customer-api/live).
  '/v1.0': { target: API_TARGET, changeOrigin: false, ws: true },
  '/api': { target: API_TARGET, changeOrigin: false },
  '/branding': { target: API_TARGET, changeOrigin: false },
};

/** Set in the first of the build's two runs (scripts/chunk-groups.mjs): the bundler's own chunks, nothing written. */
const ANALYSIS = 'PORTAL_CHUNK_ANALYSIS';

/**
 * The groups of the real build: the signed-in pages' code in a few chunks, from what a first build
 * (the bundler's own chunks, not written) says each page loads (scripts/chunk-groups.mjs).
 */
async function signedInChunkGroups(): Promise<CodeSplittingGroup[]> {
  process.env[ANALYSIS] = '1';
  try {
    const out = await build({ configFile: fileURLToPath(import.meta.url), logLevel: 'silent', build: { write: false } });
    const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
    return signedInGroups(fileURLToPath(new URL('./src', import.meta.url)), rootsByModule(outputs));
  } finally {
    delete process.env[ANALYSIS];
  }
}

export default defineConfig(async ({ command }): Promise<UserConfig> => ({
  // precompress: .br and .gz beside every text file of the build (served as they are, issue 16).
  // login preload: modulepreload of the login page's chunks in index.html (issue 16).
  // The first of the two build runs (ANALYSIS) only reads the chunks: no preloads, nothing written.
  plugins: process.env[ANALYSIS] ? [react()] : [react(), loginPreloadPlugin(), precompressPlugin()],
  base: '/',
  // React 19 has useSyncExternalStore: react-i18next's shim import is the hook itself.
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunks each entry and page needs (`npm run size` reads it).
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // No modulepreload polyfill in the entry: browsers without modulepreload still load every chunk
    // through its import, only without the early fetch (issue 16: what /login downloads).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks; antd stays split by use so each page loads only its components.
        codeSplitting: {
          // A group takes only the modules it names, not their imports (those stay where the entry or
          // the light public pages have them).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // Apart, so /login (which needs i18next only) downloads neither zod nor TanStack Query (issue 16).
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            ...(command === 'build' && !process.env[ANALYSIS] ? await signedInChunkGroups() : []),
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
}));
