import { test, expect, gotoHydrated } from './fixtures';

test.describe('theme', () => {
  test('choosing dark sets html[data-theme] and persists across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await page.locator('.nav-desktop [data-theme-option="dark"]').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.nav-desktop [data-theme-option="dark"]')).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.nav-desktop [data-theme-option="dark"]')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the choice carries over to other pages', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('.nav-desktop [data-theme-option="dark"]').click();
    await gotoHydrated(page, '/ja-JP/buy');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test("'system' follows the operating system live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoHydrated(page, '/buy');
    await page.locator('.nav-desktop [data-theme-option="system"]').click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test("'light' ignores a dark operating system", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await gotoHydrated(page, '/buy');
    await page.locator('.nav-desktop [data-theme-option="light"]').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('with no stored choice the page follows the operating system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('no flash: a stored dark theme is applied before the body is parsed and before any module script runs', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoHydrated(page, '/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));

    // Runs before the page's own scripts on the next load: records the theme when <body> is
    // created (nothing painted yet) and when parsing ends (module scripts have not run yet).
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      new MutationObserver((_records, observer) => {
        if (document.body) {
          w.__themeAtBody = document.documentElement.dataset.theme ?? null;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive' && !('__themeAtInteractive' in w)) {
          w.__themeAtInteractive = document.documentElement.dataset.theme ?? null;
          w.__hydratedAtInteractive = document.body.dataset.hydrated ?? null;
        }
      });
    });
    await page.reload();
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });

    const seen = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return { body: w.__themeAtBody, interactive: w.__themeAtInteractive, hydrated: w.__hydratedAtInteractive };
    });
    expect(seen).toEqual({ body: 'dark', interactive: 'dark', hydrated: null });
  });
});
