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
// The module runner hands a bare `virtual:` import to Node, which cannot find it: use the Worker's
// own stand-in for the browser-only message loaders (wrangler.toml [alias]), as the Worker does.
const noUiMessages = fileURLToPath(new URL('../../src/services/no-ui-messages.ts', import.meta.url));
const { module } = await runnerImport<typeof import('../../src/pages/route-table')>(routeTable, {
  configFile: viteConfig,
  logLevel: 'error',
  plugins: [noCss],
  resolve: { alias: { 'virtual:ui-messages': noUiMessages } },
});

export const ROUTES: readonly PageRoute[] = module.ROUTES;
export const { fillPath, mobilePath } = module;
