import { test, expect, gotoHydrated, holdLinkNavigations, waitHydrated } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const burger = '.burger';
const menu = '#mobile-menu';

test.describe('burger menu below 1024 px', () => {
  test('opens: aria-expanded true and the menu visible', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator(menu)).toBeHidden();
    await page.locator(burger).click();
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(menu)).toBeVisible();
  });

  test('repeats the agreement and privacy links', async ({ page }) => {
    await gotoHydrated(page, '/ja-JP');
    await page.locator(burger).click();
    await expect(page.locator(`${menu} a[href="/mtdr_user_agreement.html?lang=ja"]`)).toBeVisible();
    await expect(page.locator(`${menu} a[href="/mtdr_privacy.html?lang=ja"]`)).toBeVisible();
  });

  test('closes on navigation, and stays closed when coming back', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator(burger).click();
    await page.locator(`${menu} a[href="/feedback"]`).click();
    await page.waitForURL('**/feedback');
    await waitHydrated(page);
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator(menu)).toBeHidden();

    await page.goBack();
    await waitHydrated(page);
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator(menu)).toBeHidden();
  });

  test('closes as soon as a language is chosen, while the next page loads', async ({ page }) => {
    await gotoHydrated(page, '/buy');
    const navigation = await holdLinkNavigations(page);
    await page.locator(burger).click();
    await page.locator(`${menu} .language-switcher button`).click();
    await page.locator(`${menu} [data-locale-link="ja-JP"]`).click();
    await expect(page.locator(menu)).toBeHidden();
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'false');
    expect(await navigation.held()).toEqual([new URL('/ja-JP/buy', page.url()).href]);
  });

  test('is closed on the page the language switch lands on', async ({ page }) => {
    await gotoHydrated(page, '/buy');
    await page.locator(burger).click();
    await page.locator(`${menu} .language-switcher button`).click();
    await page.locator(`${menu} [data-locale-link="ja-JP"]`).click();
    await page.waitForURL('**/ja-JP/buy');
    await waitHydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.locator(menu)).toBeHidden();
  });

  test('closes when the window grows to 1024 px (after the 200 ms debounce), not at 1023 px', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator(burger).click();
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'true');
    // Page-side clock: when the last resize event fired and when the menu closed.
    await page.evaluate(() => {
      const w = window as unknown as { __lastResizeAt?: number; __closedAt?: number };
      window.addEventListener('resize', () => (w.__lastResizeAt = performance.now()));
      const button = document.querySelector('.burger')!;
      new MutationObserver(() => {
        if (button.getAttribute('aria-expanded') === 'false') w.__closedAt ??= performance.now();
      }).observe(button, { attributes: true, attributeFilter: ['aria-expanded'] });
    });

    await page.setViewportSize({ width: 1023, height: 844 });
    await page.waitForTimeout(500);
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'true');

    await page.setViewportSize({ width: 1024, height: 844 });
    await expect(page.locator(burger)).toHaveAttribute('aria-expanded', 'false');
    const { lastResizeAt, closedAt } = await page.evaluate(() => {
      const w = window as unknown as { __lastResizeAt?: number; __closedAt?: number };
      return { lastResizeAt: w.__lastResizeAt ?? NaN, closedAt: w.__closedAt ?? NaN };
    });
    expect(closedAt - lastResizeAt).toBeGreaterThanOrEqual(190);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator(menu)).toBeHidden();
  });

  test('closes with Escape', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator(burger).click();
    await page.keyboard.press('Escape');
    await expect(page.locator(menu)).toBeHidden();
  });
});
