import { test, expect, gotoHydrated } from './fixtures';

test.use({ viewport: { width: 390, height: 500 } });

test.describe('navbar', () => {
  test('blurs only after the page scrolls more than 100 px', async ({ page }) => {
    await gotoHydrated(page, '/');
    const header = page.locator('header.topbar');
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
    };
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(150);

    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await scrollTo(100);
    await page.waitForTimeout(150);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).not.toHaveClass(/is-scrolled/);

    await scrollTo(101);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveClass(/is-scrolled/);

    await scrollTo(0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('is already blurred when a page opens scrolled down (reload keeps the position)', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
    await page.reload();
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
    const y = await page.evaluate(() => window.scrollY);
    test.skip(y <= 100, 'the browser did not restore the scroll position');
    await expect(page.locator('header.topbar')).toHaveAttribute('data-scrolled', 'true');
  });
});
