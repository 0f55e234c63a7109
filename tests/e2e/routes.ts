import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { PageRoute } from '../../src/pages/types';

// The route table imports JSON and TSX, which Playwright's loader cannot: load it through Vite's
// module runner instead, so the e2e suite walks exactly the routes the Worker serves.
const routeTable = fileURLToPath(new URL('../../src/pages/route-table.ts', import.meta.url));
const viteConfig = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));
// Stylesheets that islands import mean nothing here (and Vite's CSS pipeline needs a build): stub them.
const EMPTY_CSS = '\0e2e-empty-css';
const noCss = {
  name: 'e2e-no-css',
  enforce: 'pre' as const,
  resolveId: (id: string) => (id.endsWith('.css') ? EMPTY_CSS : null),
  load: (id: string) => (id === EMPTY_CSS ? 'export default "";' : null),
};
// The browser-only `virtual:ui-messages` (the islands' per-locale loaders) gets the Worker's stand-in,
// as wrangler.toml's [alias] and the worker tests' config give it: Vite's module runner treats the
// bare id as a package to find on disk before any plugin can answer for it.
const uiMessagesStandIn = fileURLToPath(new URL('../../src/services/no-ui-messages.ts', import.meta.url));
const { module } = await runnerImport<typeof import('../../src/pages/route-table')>(routeTable, {
  configFile: viteConfig,
  logLevel: 'error',
  plugins: [noCss],
  resolve: { alias: { 'virtual:ui-messages': uiMessagesStandIn } },
});

export const ROUTES: readonly PageRoute[] = module.ROUTES;
export const { fillPath, mobilePath } = module;
