import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `vitest run` runs every project: unit (plain Node), worker (inside workerd through the site
 * Worker's fetch) and origin (the reference origin Worker). Each project keeps its own config
 * so the Workers pool never meets vite.config.ts's plugins.
 */
export default defineConfig({
  test: {
    // Both cores (CI has two as well); Vitest's default here is one worker at a time.
    maxWorkers: 2,
    // The worker and origin projects set `isolate: false`: the files a pool worker runs share one
    // module graph instead of importing the whole Worker again for each file (that import was most
    // of the time: the worker project 188 s → about 40 s, origin 45 s → 14 s). Those files also
    // share storage (KV, D1, R2, queues) and module state (the site's page cache, rate counters):
    // every test sets up what it reads (its own keys, beforeEach resets) and restores what it spies
    // on or stubs. The suite passes in shuffled file orders; check a new file with
    // `npx vitest run --sequence.shuffle.files`. The unit project stays isolated (it uses vi.mock).
    projects: ['tests/unit/vitest.config.ts', 'tests/worker/vitest.config.ts', 'tests/origin/vitest.config.ts'].filter((config) => existsSync(at(config))),
  },
});
