import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test, expect, gotoHydrated } from './fixtures';

// Intl formats some currencies with no-break spaces; compare with plain ones.
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

const CAMPAIGN = { uuid: '3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab', from: 'newsletter', isSem: '1', group_tid: '12', bd_vid: 'abcDEF123' };

test.describe('buy page', () => {
  test('shows a visitor from Japan the plans in yen, in English', async ({ page }) => {
    await gotoHydrated(page, '/buy?debug_country=JP');
    const cards = page.locator('.plan-card');
    await expect(cards).toHaveCount(3);
    await expect(page.locator('.buy-page')).toHaveAttribute('data-currency', 'JPY');
    await expect(cards.nth(0).getByRole('heading', { level: 3 })).toHaveText('One-Month');
    expect((await cards.locator('.plan-price-current').allTextContents()).map(plain)).toEqual(['¥3,980', '¥4,480', '¥8,980']);
    // The seeded prices have always been these: no reference price, no badge.
    await expect(page.locator('.plan-price-origin, .save-badge')).toHaveCount(0);
    expect((await cards.locator('.plan-price-tax').allTextContents()).map(plain)).toEqual(['incl. consumption tax', 'incl. consumption tax', 'incl. consumption tax']);
  });

  test('shows a visitor from France the plans in euros, in Japanese', async ({ page }) => {
    await gotoHydrated(page, '/ja-JP/buy?debug_country=FR');
    const cards = page.locator('.plan-card');
    await expect(page.locator('.buy-page')).toHaveAttribute('data-currency', 'EUR');
    await expect(cards.nth(1).getByRole('heading', { level: 3 })).toHaveText('1年版');
    expect((await cards.locator('.plan-price-current').allTextContents()).map(plain)).toEqual(['€22.99', '€27.99', '€54.99']);
    await expect(page.getByRole('heading', { level: 2, name: '30日間返金保証' })).toBeVisible();
  });

  test('shows a visitor from the US the plans in dollars, in French', async ({ page }) => {
    await gotoHydrated(page, '/fr-FR/buy?debug_country=US');
    expect((await page.locator('.plan-price-current').allTextContents()).map(plain)).toEqual(['24,99 $US', '29,99 $US', '59,99 $US']);
    await expect(page.locator('.plan-card').nth(2).getByRole('heading', { level: 3 })).toHaveText('À vie avec mises à jour');
  });

  for (const [country, currency, prices] of [
    ['GB', 'GBP', ['£21.99', '£25.99', '£52.99']],
    ['KR', 'KRW', ['₩32,000', '₩39,000', '₩77,000']],
    ['BR', 'BRL', ['R$129.90', 'R$159.90', 'R$309.90']],
  ] as const) {
    test(`shows a visitor from ${country} the plans in ${currency}`, async ({ page }) => {
      await gotoHydrated(page, `/buy?debug_country=${country}`);
      await expect(page.locator('.buy-page')).toHaveAttribute('data-currency', currency);
      expect((await page.locator('.plan-price-current').allTextContents()).map(plain)).toEqual(prices);
    });
  }

  test('the buy button reaches checkout in the same locale with the campaign query intact', async ({ page }) => {
    const query = new URLSearchParams({ ...CAMPAIGN, debug_country: 'JP' });
    await gotoHydrated(page, `/ja-JP/buy?${query}`);
    const button = page.getByRole('link', { name: /1年版/ });
    await expect(button).toHaveCount(1);
    await Promise.all([page.waitForURL(/\/ja-JP\/checkout\?/), button.click()]);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/ja-JP/checkout');
    // Search-ad visitors (isSem) buy through package table B.
    expect(Object.fromEntries(url.searchParams)).toEqual({ product_id: '81802', currency: 'JPY', ...CAMPAIGN });
    await expect(page.locator('h1')).toBeVisible();
  });

  test('tracks the buy click with business_index 8105', async ({ page }) => {
    await gotoHydrated(page, '/buy?debug_country=SG');
    const beacon = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/beacon' && url.searchParams.get('business_index') === '8105';
    });
    await page.getByRole('link', { name: /One-Year/ }).click();
    const url = new URL((await beacon).url());
    expect(url.searchParams.get('item_id')).toBe('81902');
    expect(url.searchParams.get('pay')).toBe('SGD');
    await page.waitForURL(/\/checkout\?product_id=81902&currency=SGD$/);
  });

  test('remembers the country and currency from the edge in the locale-settings cache', async ({ page }) => {
    await gotoHydrated(page, '/buy?debug_country=HK');
    // The cached page does not carry the country: the buy buttons ask /api/geo once hydrated.
    const read = () => page.evaluate(() => JSON.parse(localStorage.getItem('locale-settings') ?? 'null') as { country: string; currency: string; timestamp: number } | null);
    await expect.poll(read).toMatchObject({ country: 'HK', currency: 'HKD' });
    const settings = await read();
    const age = await page.evaluate((timestamp) => Date.now() - timestamp, settings!.timestamp);
    expect(age).toBeGreaterThanOrEqual(0);
  });

  test('does not shift the layout while the page loads and hydrates', async ({ page }) => {
    await gotoHydrated(page, '/buy?debug_country=JP');
    const shift = await page.evaluate(() => {
      if (!PerformanceObserver.supportedEntryTypes.includes('layout-shift')) return null;
      const observer = new PerformanceObserver(() => undefined);
      // With `buffered`, every shift since the navigation is in the observer's buffer right away.
      observer.observe({ type: 'layout-shift', buffered: true });
      const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
      observer.disconnect();
      return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
    });
    expect(shift).not.toBeNull();
    expect(shift).toBeLessThan(0.01);
  });

  test('has no accessibility violations', async ({ browser }) => {
    const context = await browser.newContext({ bypassCSP: true, locale: 'en-US' });
    const page = await context.newPage();
    await gotoHydrated(page, '/buy?debug_country=JP');
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      const result = await axe.run(document.body, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
    await context.close();
  });
});

test.describe('buy page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the prices and its buy links still reach checkout', async ({ page }) => {
    await page.goto(`/buy?debug_country=FR&from=${CAMPAIGN.from}`);
    expect((await page.locator('.plan-price-current').allTextContents()).map(plain)).toEqual(['€22.99', '€27.99', '€54.99']);
    await Promise.all([page.waitForURL(/\/checkout\?/), page.getByRole('link', { name: /Lifetime Upgrade/ }).click()]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ product_id: '81903', currency: 'EUR', from: 'newsletter' });
  });
});
