import { test, expect, gotoHydrated, PHONE, waitHydrated } from './fixtures';
import { at, LOCALES, msg } from './messages';

test.describe('top bar Products menu (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const locale of LOCALES) {
    test(`opens and leads to each product page in ${locale}`, async ({ page }) => {
      test.setTimeout(120_000);
      for (const slug of ['mt-recover', 'mt-kt', 'mt-convert']) {
        await gotoHydrated(page, at(locale, '/about'));
        const toggle = page.locator('.nav-desktop').getByRole('button', { name: msg(locale, 'ui.nav.products') });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const link = page.locator('#products-list-desktop').getByRole('link', { name: msg(locale, `pages.${slug}.heading`) });
        await expect(link).toBeVisible();
        await link.click();
        await page.waitForURL((url) => url.pathname === at(locale, `/${slug}`));
        await waitHydrated(page);
        await expect(page.locator('h1')).toHaveText(msg(locale, `pages.${slug}.heading`));
      }
    });
  }

  test('closes on Escape and on a click outside', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.locator('.nav-desktop .nav-dropdown-toggle');
    await toggle.click();
    await expect(page.locator('#products-list-desktop')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#products-list-desktop')).toBeHidden();
    await toggle.click();
    await page.locator('main h1').click();
    await expect(page.locator('#products-list-desktop')).toBeHidden();
  });
});

test.describe('burger menu Products (below 1024 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of LOCALES) {
    test(`lists the three products and leads to them in ${locale}`, async ({ page }) => {
      await gotoHydrated(page, at(locale, '/buy'));
      await page.locator('.burger').click();
      const menu = page.locator('#mobile-menu');
      await expect(menu.getByRole('group', { name: msg(locale, 'ui.nav.products') })).toBeVisible();
      await menu.getByRole('link', { name: msg(locale, 'pages.mt-convert.heading') }).click();
      await page.waitForURL((url) => url.pathname === at(locale, '/mt-convert'));
      await waitHydrated(page);
      await expect(page.locator('h1')).toHaveText(msg(locale, 'pages.mt-convert.heading'));
      await expect(page.locator('#mobile-menu')).toBeHidden();
    });
  }
});

test.describe('footer site map', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const targets = [
    { key: 'layout.footer.licenseCode', path: '/license-code', heading: 'pages.license-code.heading' },
    { key: 'layout.footer.trialCode', path: '/trial-code', heading: 'pages.trial-code.heading' },
    { key: 'layout.footer.findOrder', path: '/query-steps', heading: 'pages.query-steps.heading' },
    { key: 'pages.about.title', path: '/about', heading: 'pages.about.heading' },
    { key: 'pages.mt-kt.heading', path: '/mt-kt', heading: 'pages.mt-kt.heading' },
  ];
  for (const locale of LOCALES) {
    test(`its Products, Support and Company links lead to their pages in ${locale}`, async ({ page }) => {
      // Five navigations on a shared machine: more than the default 30 s.
      test.setTimeout(120_000);
      for (const { key, path, heading } of targets) {
        // Plain links: no need to wait for the islands.
        await page.goto(at(locale, '/'));
        const link = page.locator('footer').getByRole('link', { name: msg(locale, key), exact: true });
        await link.scrollIntoViewIfNeeded();
        await link.click();
        await page.waitForURL((url) => url.pathname === at(locale, path));
        await expect(page.locator('h1')).toHaveText(msg(locale, heading));
      }
    });
  }

  test('on a phone page, links the mobile variants', async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await gotoHydrated(page, '/ja-JP/mobile');
    const link = page.locator('footer').getByRole('link', { name: msg('ja-JP', 'layout.footer.licenseCode'), exact: true });
    await expect(link).toHaveAttribute('href', '/ja-JP/mobile/license-code');
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === '/ja-JP/mobile/license-code');
    await expect(page.locator('h1')).toHaveText(msg('ja-JP', 'pages.license-code.heading'));
    await context.close();
  });
});

test.describe('home and buy', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the home page links each product page from its product section', async ({ page }) => {
    await gotoHydrated(page, '/zh-CN');
    const section = page.locator('#products');
    for (const slug of ['mt-recover', 'mt-kt', 'mt-convert']) await expect(section.locator(`a[href="/zh-CN/${slug}"]`)).toHaveCount(1);
  });

  test('the buy page links "lost your code?" to the licence-code page, campaign kept', async ({ page }) => {
    await gotoHydrated(page, '/fr-FR/buy?from=e2e&isSem=1');
    await page.getByRole('link', { name: msg('fr-FR', 'buy.lostCode.link') }).click();
    await page.waitForURL((url) => url.pathname === '/fr-FR/license-code');
    expect(new URL(page.url()).searchParams.get('from')).toBe('e2e');
    expect(new URL(page.url()).searchParams.get('isSem')).toBe('1');
  });
});

test.describe('navbar blur', () => {
  test.use({ viewport: { width: 1280, height: 700 } });

  test('the scrolled top bar has a computed backdrop-filter blur in Chromium', async ({ page }) => {
    await gotoHydrated(page, '/');
    const header = page.locator('header.topbar');
    expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('none');
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(header).toHaveClass(/is-scrolled/);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('blur(12px)');
  });
});
