import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// The project root is this folder, whether run alone (-c) or as a project of the root config.
const root = fileURLToPath(new URL('.', import.meta.url));
const originDir = fileURLToPath(new URL('../../origin/', import.meta.url));

/**
 * The reference origin inside workerd, called through its real fetch with its own wrangler.toml
 * (AUTO_SEED brings the schema and seed up on the first request, as in the site's tests).
 * The generated migration and seed files are handed in so config-unit.test.ts can check they
 * match origin/src/schema.ts and origin/src/seed.ts.
 */
export default defineConfig({
  root,
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: `${originDir}wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${originDir}migrations`),
          TEST_SEED_SQL: readFileSync(`${originDir}seed/seed.sql`, 'utf8'),
          TEST_WRANGLER_TOML: readFileSync(`${originDir}wrangler.toml`, 'utf8'),
        },
      },
    })),
  ],
  test: {
    name: 'origin',
    // One module graph and one set of storage per pool worker, shared by its files (../../vitest.config.ts).
    isolate: false,
    // Property tests and whole-route-table loops take seconds on a busy 2-core machine; a timeout
    // there says nothing about the code. Assertions, not clocks, decide these tests.
    testTimeout: 30_000,
    include: ['**/*.test.ts'],
  },
});
