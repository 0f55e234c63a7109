// The pages the audit visits, read from the route table itself (src/pages/route-table.ts is
// TypeScript that imports JSON and TSX, so it is loaded through Vite's module runner, as the e2e
// suite does): every route, in every locale it is served in, plus its /mobile/ variant.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ROOT = new URL('../../', import.meta.url);
const at = (path) => fileURLToPath(new URL(path, ROOT));

/**
 * Stylesheets imported by islands mean nothing to a module loaded in Node (and Vite's CSS plugin
 * fails on them in runner mode): stand an empty module in for each.
 */
const stubStylesheets = {
  name: 'audit-stub-stylesheets',
  enforce: 'pre',
  resolveId(id) {
    return /\.css(\?.*)?$/.test(id) ? '\0audit-stub.css.js' : null;
  },
  load(id) {
    return id === '\0audit-stub.css.js' ? 'export default "";' : null;
  },
};

/** The browser-only locale loaders: the same stand-in as the Worker's (wrangler.toml [alias]) and the e2e suite's. */
const noUiMessages = {
  name: 'audit-no-ui-messages',
  enforce: 'pre',
  resolveId(id) {
    return id === 'virtual:ui-messages' ? at('src/services/no-ui-messages.ts') : null;
  },
};

/** Imports a TypeScript module of the project through Vite (with the project's config and aliases). */
export async function importProjectModule(path) {
  const { module } = await runnerImport(at(path), { configFile: at('vite.config.ts'), logLevel: 'error', plugins: [stubStylesheets, noUiMessages] });
  return module;
}

/**
 * Every page as { path, routeId, locale, mobile }. Parameterised routes take each valid value
 * (article lists 2, 3, 6); the legal pages, whose language is ?lang=, take each of theirs.
 */
export async function allPages() {
  const { ROUTES, fillPath, mobilePath } = await importProjectModule('src/pages/route-table.ts');
  const { LOCALES, LOCALE_ENTRIES, localizePath } = await importProjectModule('src/domain/locales.ts');
  const { ARTICLE_LIST_IDS } = await importProjectModule('src/domain/articles.ts');
  const legalLangs = [...new Set(LOCALE_ENTRIES.map((entry) => entry.legalLang))];
  const pages = [];
  for (const route of ROUTES) {
    const paramSets = route.path.includes(':id') ? ARTICLE_LIST_IDS.map((id) => ({ id })) : [{}];
    for (const params of paramSets) {
      const path = fillPath(route.path, params);
      if (!route.localized) {
        for (const lang of legalLangs) {
          const entry = LOCALE_ENTRIES.find((e) => e.legalLang === lang);
          pages.push({ path: `${path}?lang=${lang}`, routeId: route.id, locale: entry.code, mobile: false });
        }
        continue;
      }
      for (const locale of LOCALES) {
        pages.push({ path: localizePath(locale, path), routeId: route.id, locale, mobile: false });
        if (route.mobile) pages.push({ path: localizePath(locale, mobilePath(path)), routeId: route.id, locale, mobile: true });
      }
    }
  }
  return pages;
}
