import { test, expect, gotoHydrated, PHONE, waitHydrated } from './fixtures';
import { at, LOCALES } from './messages';

async function switchTo(page: import('@playwright/test').Page, locale: string) {
  await page.locator('.nav-desktop .language-switcher button').click();
  await page.locator(`.nav-desktop [data-locale-link="${locale}"]`).click();
}

test.describe('language switcher', () => {
  test('lands on the same page in each locale and back', async ({ page, context }) => {
    await gotoHydrated(page, '/buy');
    const steps: [string, string][] = [
      ['ja-JP', '/ja-JP/buy'],
      ['fr-FR', '/fr-FR/buy'],
      ['zh-CN', '/zh-CN/buy'],
      ['en-US', '/buy'],
    ];
    for (const [locale, path] of steps) {
      await switchTo(page, locale);
      await page.waitForURL((url) => url.pathname === path);
      await waitHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const cookie = (await context.cookies()).find((c) => c.name === 'locale');
      expect(cookie?.value).toBe(locale);
    }
  });

  test('keeps the query string', async ({ page }) => {
    await gotoHydrated(page, '/license-code?isSem=1&from=ad');
    await switchTo(page, 'zh-CN');
    await page.waitForURL((url) => url.pathname === '/zh-CN/license-code');
    expect(new URL(page.url()).search).toBe('?isSem=1&from=ad');
  });

  test('marks the current language', async ({ page }) => {
    await gotoHydrated(page, '/fr-FR/about');
    await expect(page.locator('.nav-desktop [data-locale-link="fr-FR"]')).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.nav-desktop [data-locale-link="en-US"]')).not.toHaveAttribute('aria-current', 'page');
  });

  test('closes its list with Escape', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('.nav-desktop .language-switcher button').click();
    await expect(page.locator('#language-list-desktop')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#language-list-desktop')).toBeHidden();
  });
});

test.describe('language switcher on a phone', () => {
  test.use({ ...PHONE });

  test('reaches every locale from the burger menu, on the mobile pages', async ({ page, context }) => {
    await gotoHydrated(page, '/mobile/buy');
    const items = page.locator('#mobile-menu [data-locale-link]');
    for (const locale of LOCALES) {
      await page.locator('.burger').click();
      await page.locator('#mobile-menu .language-switcher button').click();
      await expect(items).toHaveCount(LOCALES.length);
      await page.locator(`#mobile-menu [data-locale-link="${locale}"]`).click();
      await page.waitForURL((url) => url.pathname === at(locale, '/mobile/buy'));
      await waitHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe(locale);
    }
  });
});
