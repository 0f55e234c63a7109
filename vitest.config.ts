import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `vitest run` runs every project: unit (plain Node), worker (inside workerd through the site
 * Worker's fetch) and, once it exists, origin (the reference origin Worker). Each project keeps
 * its own config so the Workers pool never meets vite.config.ts's plugins.
 */
export default defineConfig({
  test: {
    // Both cores (CI has two as well); Vitest's default here is one worker at a time.
    maxWorkers: 2,
    projects: ['tests/unit/vitest.config.ts', 'tests/worker/vitest.config.ts', 'tests/origin/vitest.config.ts'].filter((config) => existsSync(at(config))),
  },
});
