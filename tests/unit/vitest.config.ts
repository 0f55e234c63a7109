import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The project root is this folder, whether run alone (-c) or as a project of the root config.
const root = fileURLToPath(new URL('.', import.meta.url));

/** Pure logic (src/domain, client/lib, the locale files) in plain Node: fast, no Worker runtime. */
export default defineConfig({
  root,
  // Vite's cache lives under the project root by default; keep it out of tests/.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/unit', import.meta.url)),
  test: {
    name: 'unit',
    // Property tests and whole-route-table loops take seconds on a busy 2-core machine; a timeout
    // there says nothing about the code. Assertions, not clocks, decide these tests.
    testTimeout: 30_000,
    environment: 'node',
    include: ['**/*.test.{ts,tsx}'],
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
