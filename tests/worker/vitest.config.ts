import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

// The project root is this folder, whether run alone (-c) or as a project of the root config.
const root = fileURLToPath(new URL('.', import.meta.url));
const wranglerConfig = fileURLToPath(new URL('../../wrangler.toml', import.meta.url));
const originConfig = fileURLToPath(new URL('../../origin/wrangler.toml', import.meta.url));
const originBuild = fileURLToPath(new URL('../../dist/origin/', import.meta.url));

type PoolOptions = Exclude<Parameters<typeof cloudflareTest>[0], (...args: never[]) => unknown>;
type AuxiliaryWorker = NonNullable<NonNullable<PoolOptions['miniflare']>['workers']>[number];

/**
 * The reference origin as an auxiliary worker behind the site's ORIGIN service binding: its
 * bindings and vars come from origin/wrangler.toml, its code from the JS build
 * (`npm run build:origin`, which scripts/test.mjs runs first). Its D1 starts empty and seeds
 * itself on the first request (AUTO_SEED).
 */
function originWorker(): AuxiliaryWorker {
  if (!existsSync(`${originBuild}index.js`)) throw new Error('dist/origin/index.js is missing: run `npm run build:origin` first');
  const { compatibilityDate, compatibilityFlags, bindings, d1Databases } = unstable_getMiniflareWorkerOptions(originConfig, '').workerOptions;
  return {
    compatibilityDate,
    compatibilityFlags,
    bindings,
    d1Databases,
    name: 'mt-origin',
    modules: true,
    modulesRoot: originBuild,
    scriptPath: `${originBuild}index.js`,
  } as AuxiliaryWorker;
}

/**
 * Integration tests inside workerd, through the Worker's real fetch. The Cloudflare Vite plugin
 * stays out of this config (it breaks the pool). The Worker imports the client build manifest, so
 * `vite build` must have run first (scripts/test.mjs does it).
 */
export default defineConfig({
  root,
  // Vite's cache lives under the project root by default; keep it out of tests/.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/worker', import.meta.url)),
  // The same stand-in as wrangler.toml's [alias]: the browser-only module of the Vite build.
  resolve: { alias: { 'virtual:ui-messages': fileURLToPath(new URL('../../src/services/no-ui-messages.ts', import.meta.url)) } },
  plugins: [cloudflareTest({ wrangler: { configPath: wranglerConfig }, miniflare: { workers: [originWorker()] } })],
  test: {
    name: 'worker',
    // One module graph and one set of storage per pool worker, shared by its files (../../vitest.config.ts).
    isolate: false,
    // Property tests and whole-route-table loops take seconds on a busy 2-core machine; a timeout
    // there says nothing about the code. Assertions, not clocks, decide these tests.
    testTimeout: 30_000,
    include: ['**/*.test.{ts,tsx}'],
  },
});
