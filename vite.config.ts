import { defineConfig } from 'vite';

// The browser bundle only: the Worker itself is bundled by wrangler.
// The manifest lets the Worker emit hashed <script>/<link> tags for each page.
export default defineConfig({
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { entry: 'client/entry.tsx' },
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
