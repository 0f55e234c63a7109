import { test, expect, gotoHydrated } from './fixtures';

// Cross-document view transitions in Chromium: moving between pages is one transition with the
// top bar as a layer of its own, none at all for visitors who prefer reduced motion, and no
// layout shift on the page that arrives.

test.use({ viewport: { width: 1280, height: 800 } });

/** Records on every page whether it was revealed through a view transition, and its layout shifts. */
async function watchReveals(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __revealedWithTransition?: boolean; __shifts: number };
    w.__shifts = 0;
    addEventListener('pagereveal', (event) => {
      w.__revealedWithTransition = Boolean((event as Event & { viewTransition?: unknown }).viewTransition);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.__shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const revealed = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __revealedWithTransition?: boolean }).__revealedWithTransition);

test('a link to another page of the site is one view transition, the top bar its own layer, with no layout shift', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await watchReveals(page);
  await gotoHydrated(page, '/');
  expect(await page.locator('.topbar').evaluate((el) => getComputedStyle(el).viewTransitionName)).toBe('topbar');
  await Promise.all([page.waitForURL('**/buy'), page.locator('.nav-desktop a[href="/buy"]').click()]);
  await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
  expect(await revealed(page)).toBe(true);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBe(0);
});

test('visitors who prefer reduced motion get no transition', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await watchReveals(page);
  await gotoHydrated(page, '/');
  await Promise.all([page.waitForURL('**/buy'), page.locator('.nav-desktop a[href="/buy"]').click()]);
  await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
  expect(await revealed(page)).toBe(false);
});
