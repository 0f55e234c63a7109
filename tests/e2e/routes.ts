import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { PageRoute } from '../../src/pages/types';

// The route table imports JSON and TSX, which Playwright's loader cannot: load it through Vite's
// module runner instead, so the e2e suite walks exactly the routes the Worker serves.
const routeTable = fileURLToPath(new URL('../../src/pages/route-table.ts', import.meta.url));
const viteConfig = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));
const { module } = await runnerImport<typeof import('../../src/pages/route-table')>(routeTable, { configFile: viteConfig, logLevel: 'error' });

export const ROUTES: readonly PageRoute[] = module.ROUTES;
export const { fillPath, mobilePath } = module;
