import { test, expect } from './fixtures';
import { pageSizes, vitalsJsSize } from '../../scripts/bench/sizes.mjs';
import { BUDGETS } from '../../scripts/bench/budgets.mjs';

// Deterministic size budgets (bytes of the built files a page references), measured on the real
// HTML the site serves. Speed budgets live in `npm run bench`, never in tests.
test.describe('size budgets', () => {
  // The ad-landing page is held to the home page's budgets.
  for (const path of ['/', '/fr-FR', '/ja-JP', '/zh-CN', '/mobile', '/lp/mt-recover', '/ja-JP/lp/mt-recover', '/mobile/lp/mt-recover']) {
    test(`the home page's budgets hold on ${path} (JS and CSS gzip)`, async ({ request }) => {
      const res = await request.get(path, { headers: { cookie: 'locale=en-US' } });
      expect(res.status()).toBe(200);
      const sizes = pageSizes({ home: await res.text() }).home;
      expect(sizes.files.js.length, 'the page references its scripts').toBeGreaterThan(0);
      expect(sizes.files.css.length, 'the page references its stylesheet').toBeGreaterThan(0);
      expect(sizes.js.gzip, `JS ${sizes.js.gzip} bytes gzip`).toBeLessThanOrEqual(BUDGETS.homeJsGzipKb * 1024);
      expect(sizes.css.gzip, `CSS ${sizes.css.gzip} bytes gzip`).toBeLessThanOrEqual(BUDGETS.homeCssGzipKb * 1024);
    });
  }

  test('Web Vitals add at most their budget to a page, after hydration (JS gzip)', () => {
    const vitals = vitalsJsSize();
    expect(vitals.files.length).toBeGreaterThan(0);
    expect(vitals.gzip, `${vitals.files.join(', ')}: ${vitals.gzip} bytes gzip`).toBeLessThanOrEqual(BUDGETS.vitalsJsGzipKb * 1024);
  });
});
