import { test, expect, gotoHydrated, PHONE } from './fixtures';
import { ROUTES, fillPath, mobilePath } from './routes';
import { localizePath, type Locale } from '../../src/domain/locales';
import type { Page } from '@playwright/test';

/** Every island marker of the page was hydrated by React (the client entry marks each one). */
async function expectEveryIslandHydrated(page: Page) {
  const markers = page.locator('[data-island]');
  expect(await markers.count()).toBeGreaterThan(0);
  for (const marker of await markers.all()) await expect(marker).toHaveAttribute('data-island-hydrated', 'true');
}

const LOCALES_CHECKED: Locale[] = ['en-US', 'ja-JP'];

/** Pages that need a query to be more than their 404 (the checkout's product, the result's order). */
const SAMPLE_QUERY: Record<string, string> = { checkout: '?product_id=81901', 'checkout-result': '?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903' };

const pages = ROUTES.flatMap((route) => {
  const path = fillPath(route.path, { id: '2' }) + (SAMPLE_QUERY[route.id] ?? '');
  if (!route.localized) return [{ path: `${path}?lang=en`, status: 200 }, { path: `${path}?lang=ja`, status: 200 }];
  return LOCALES_CHECKED.map((locale) => ({ path: localizePath(locale, path), status: route.status ?? 200 }));
});

test.describe('hydration', () => {
  for (const { path, status } of pages) {
    test(`${path} hydrates every island with no console errors`, async ({ page, expectErrors }) => {
      // The browser reports the 404 page's own status as a console error; that one is expected.
      if (status === 404) expectErrors(/status of 404/);
      const response = await gotoHydrated(page, path);
      expect(response?.status()).toBe(status);
      await expectEveryIslandHydrated(page);
    });
  }

  test.describe('on a phone', () => {
    test.use(PHONE);

    for (const path of [mobilePath('/buy'), localizePath('zh-CN', mobilePath('/'))]) {
      test(`${path} hydrates every island with no console errors`, async ({ page }) => {
        const response = await gotoHydrated(page, path);
        expect(response?.status()).toBe(200);
        expect(new URL(page.url()).pathname).toBe(path);
        await expectEveryIslandHydrated(page);
      });
    }

    test('a phone opening a desktop page lands on its /mobile/ variant', async ({ page }) => {
      await gotoHydrated(page, '/ja-JP/buy?isSem=1');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/ja-JP/mobile/buy?isSem=1');
    });
  });

  test('every island on the home page is hydrated', async ({ page }) => {
    await gotoHydrated(page, '/');
    const islands = await page.locator('[data-island]').count();
    expect(islands).toBeGreaterThanOrEqual(3);
    await expectEveryIslandHydrated(page);
    // A hydrated NavBar reacts to clicks: the theme buttons report their pressed state.
    await expect(page.locator('.nav-desktop [aria-pressed="true"]')).toHaveCount(1);
  });

  test('an island marker without its module is reported, and stays unhydrated', async ({ page, pageErrors, expectErrors }) => {
    expectErrors(/Island "NoSuchIsland" has no module/);
    // A marker the client entry cannot load, in the page before the entry module runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const marker = document.createElement('div');
        marker.dataset.island = 'NoSuchIsland';
        document.body.appendChild(marker);
      });
    });
    await page.goto('/');
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('[data-island="NavBar"][data-island-hydrated]')).toHaveCount(1);
    await expect(page.locator('[data-island="NoSuchIsland"]')).not.toHaveAttribute('data-island-hydrated', /.*/);
    await expect.poll(() => pageErrors.filter((e) => e.includes('NoSuchIsland'))).toHaveLength(1);
  });
});
