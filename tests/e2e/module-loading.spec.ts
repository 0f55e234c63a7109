import { test, expect, gotoHydrated } from './fixtures';

// A page paints before it asks for a script (src/domain/module-loader.ts): the HTML and the
// stylesheets have the connection and the main thread to themselves until the first frame, and
// the islands hydrate right after. (A prerender, which paints nothing, loads them at once:
// tests/e2e/prerender.spec.ts sees it hydrated before it is opened.)

test.describe('scripts after the first paint', () => {
  for (const path of ['/', '/buy', '/ja-JP/license-code', '/mobile/mt-recover']) {
    test(`${path}: no script is requested before the first frame, and the islands hydrate`, async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { __firstFrame?: number };
        requestAnimationFrame(() => {
          w.__firstFrame = performance.now();
        });
      });
      await gotoHydrated(page, path);
      const { firstFrame, scripts } = await page.evaluate(() => ({
        firstFrame: (window as unknown as { __firstFrame?: number }).__firstFrame ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(firstFrame).not.toBeNull();
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.start, `${script.url} requested before the first frame`).toBeGreaterThan(firstFrame!);
      await expect(page.locator('[data-island]').first()).toHaveAttribute('data-island-hydrated', /.*/);
    });
  }
});
