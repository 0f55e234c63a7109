import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const UI_PREFIX = 'virtual:ui-messages/';
const LOCALE_FILE = /^(en-US|fr-FR|ja-JP|zh-CN)$/;

/**
 * `import('virtual:ui-messages/<locale>')` is one locale's `ui` namespace only: the browser loads
 * another locale's island messages lazily without downloading its page copy.
 */
function uiMessages(): Plugin {
  return {
    name: 'ui-messages',
    resolveId(id) {
      return id.startsWith(UI_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${UI_PREFIX}`)) return null;
      const locale = id.slice(UI_PREFIX.length + 1);
      if (!LOCALE_FILE.test(locale)) throw new Error(`unknown locale ${locale}`);
      const file = new URL(`./locales/${locale}.json`, import.meta.url);
      this.addWatchFile(file.pathname);
      const { ui } = JSON.parse(readFileSync(file, 'utf8')) as { ui: unknown };
      return `export default ${JSON.stringify({ ui })};`;
    },
  };
}

// The browser bundle only: the Worker itself is bundled by wrangler.
// The manifest lets the Worker emit hashed <script>/<link> tags for each page.
export default defineConfig({
  publicDir: 'public',
  plugins: [uiMessages()],
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
