import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_LOCALE, LOCALES, localeFile } from './src/domain/locales.ts';

const UI_MODULE = 'virtual:ui-messages';
const MESSAGES_ASSET_DIR = '_messages';

const readLocale = (locale: string) => JSON.parse(readFileSync(new URL(`./locales/${localeFile(locale as (typeof LOCALES)[number])}`, import.meta.url), 'utf8')) as Record<string, unknown>;

/**
 * The locale files, for both sides, from the one locale list (src/domain/locales.ts):
 * - `import { loaders } from 'virtual:ui-messages'`: one lazy chunk per locale holding only its
 *   `ui` namespace, so the browser loads another locale's island messages without its page copy;
 * - `dist/client/_messages/<code>.json`: every locale but the default, whole and minified, which
 *   the Worker reads through its assets binding the first time a request needs that locale
 *   (src/services/messages.ts), so its bundle does not grow with the number of locales.
 */
function localeMessages(): Plugin {
  return {
    name: 'locale-messages',
    resolveId(id) {
      if (id === UI_MODULE) return `\0${UI_MODULE}`;
      if (id.startsWith(`${UI_MODULE}/`)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${UI_MODULE}`) {
        const entries = LOCALES.map((locale) => `  ${JSON.stringify(locale)}: () => import(${JSON.stringify(`${UI_MODULE}/${locale}`)}),`);
        return `export const loaders = {\n${entries.join('\n')}\n};`;
      }
      if (!id.startsWith(`\0${UI_MODULE}/`)) return null;
      const locale = id.slice(UI_MODULE.length + 2);
      if (!(LOCALES as readonly string[]).includes(locale)) throw new Error(`unknown locale ${locale}`);
      this.addWatchFile(new URL(`./locales/${locale}.json`, import.meta.url).pathname);
      return `export default ${JSON.stringify({ ui: readLocale(locale).ui })};`;
    },
    generateBundle() {
      for (const locale of LOCALES) {
        if (locale === DEFAULT_LOCALE) continue;
        this.emitFile({ type: 'asset', fileName: `${MESSAGES_ASSET_DIR}/${localeFile(locale)}`, source: JSON.stringify(readLocale(locale)) });
      }
    },
  };
}

// The browser bundle only: the Worker itself is bundled by wrangler.
// The manifest lets the Worker emit hashed <script>/<link> tags for each page.
export default defineConfig({
  publicDir: 'public',
  plugins: [localeMessages()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Lightning CSS prefixes for these browsers itself (Vite's baseline-widely-available set;
    // Safari 16.4 still needs -webkit-backdrop-filter, so both forms ship). The stylesheets write
    // only standard properties: a hand-written prefixed copy after the standard one made Lightning
    // CSS keep just the prefixed declaration, and Chromium's navbar lost its blur.
    cssTarget: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
    cssCodeSplit: true,
    // Islands' dependencies are modulepreloaded by the server (Island.tsx), so the client-side
    // preload helper would only add bytes to every page.
    modulePreload: false,
    rollupOptions: {
      input: { entry: 'client/entry.tsx' },
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
