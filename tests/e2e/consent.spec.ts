import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';

// Consent before tracking in Chromium: fake tag ids (X-Debug-Tag-Ids, honoured outside
// production only) make the site configure all three tags, and every tag host is routed to a
// local stub, so the test sees each request a tag would make and nothing leaves the machine.

const FAKE_TAGS = 'GTM-E2ETEST,AW-123456789,1234567';
const TAG_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|googleadservices\.com|doubleclick\.net|google\.com|bing\.com)\//;

// bat.js must define UET for the loader's onload; the Google stubs only need to be scripts.
const STUB_UET = 'window.UET = function (o) { this.q = o.q; this.push = function () { (window.__uet = window.__uet || []).push([].slice.call(arguments)); }; };';

interface Tracked {
  /** Every request the page made to a host other than the site's. */
  thirdParty: string[];
}

async function visitAs(page: Page, country: string): Promise<Tracked> {
  const tracked: Tracked = { thirdParty: [] };
  await page.context().setExtraHTTPHeaders({ 'X-Debug-Country': country, 'X-Debug-Tag-Ids': FAKE_TAGS });
  const site = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(site) && !url.startsWith('data:') && !url.startsWith('blob:')) tracked.thirdParty.push(url);
  });
  await page.route(TAG_HOSTS, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: route.request().url().includes('bat.bing.com') ? STUB_UET : '/* stub */' }),
  );
  return tracked;
}

/** The dataLayer's consent commands, as [command, signals] pairs. */
function consentCommands(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'consent')
      .map((args) => [args[1], args[2]] as [string, Record<string, unknown>]),
  );
}

/**
 * Waits until the tag loader has had its turn: its chunk ran (the dataLayer holds the consent
 * default) and the load event's task has passed, so any tag it was going to add is in the DOM.
 */
async function loaderSettled(page: Page) {
  await page.waitForFunction(() => document.readyState === 'complete' && ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length > 0);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

const tagScripts = (page: Page) => page.locator('script[src*="googletagmanager.com"], script[src*="bat.bing.com"]');
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie choices' });

const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };
const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' };

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('a visitor from France', () => {
  test('sees the banner and no tag request before choosing', async ({ page, pageErrors }) => {
    const tracked = await visitAs(page, 'FR');
    await gotoHydrated(page, '/');
    await expect(banner(page)).toBeVisible();
    await loaderSettled(page);
    expect(await consentCommands(page)).toEqual([['default', { ...DENIED, wait_for_update: 500 }]]);
    await expect(tagScripts(page)).toHaveCount(0);
    expect(tracked.thirdParty).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('Reject: no tag request ever, also after a reload, and no banner again', async ({ page, pageErrors }) => {
    // Several page loads: on a loaded machine they outlast the default 30 s.
    test.slow();
    const tracked = await visitAs(page, 'FR');
    await gotoHydrated(page, '/?isSem=2');
    await loaderSettled(page);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await consentCommands(page)).toEqual([
      ['default', { ...DENIED, wait_for_update: 500 }],
      ['update', DENIED],
    ]);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'cookie_consent')?.value).toBe('v1.0.0');

    await page.reload();
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('[data-island="ConsentBanner"]')).toHaveCount(0);
    await loaderSettled(page);
    expect(await consentCommands(page)).toEqual([
      ['default', { ...DENIED, wait_for_update: 500 }],
      ['update', DENIED],
    ]);
    await expect(tagScripts(page)).toHaveCount(0);
    expect(tracked.thirdParty).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('Accept: the tags load after the default and the update', async ({ page, pageErrors }) => {
    const tracked = await visitAs(page, 'FR');
    await gotoHydrated(page, '/?isSem=2');
    await loaderSettled(page);
    expect(tracked.thirdParty).toEqual([]);
    const gtm = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST'));
    const ads = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtag/js?id=AW-123456789'));
    const bing = page.waitForRequest('https://bat.bing.com/bat.js');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await Promise.all([gtm, ads, bing]);
    expect(await consentCommands(page)).toEqual([
      ['default', { ...DENIED, wait_for_update: 500 }],
      ['update', GRANTED],
    ]);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Your choice is saved.' })).toHaveCount(1);
    expect(pageErrors).toEqual([]);
  });

  test('Settings: analytics only loads the tag manager, never the ads tags', async ({ page }) => {
    await visitAs(page, 'FR');
    await gotoHydrated(page, '/?isSem=2');
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    await banner(page).getByRole('checkbox', { name: 'Analytics' }).check();
    await expect(banner(page).getByRole('checkbox', { name: 'Advertising' })).not.toBeChecked();
    const gtm = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtm.js'));
    await banner(page).getByRole('button', { name: 'Save my choices' }).click();
    await gtm;
    expect((await consentCommands(page)).at(-1)).toEqual(['update', { ...DENIED, analytics_storage: 'granted' }]);
    await expect(tagScripts(page)).toHaveCount(1);
  });

  test('the footer link reopens the choices on a later page and changes them', async ({ page, pageErrors }) => {
    // Several page loads: on a loaded machine they outlast the default 30 s.
    test.slow();
    const tracked = await visitAs(page, 'FR');
    await gotoHydrated(page, '/');
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await gotoHydrated(page, '/buy');
    await expect(page.locator('[data-island="ConsentBanner"]')).toHaveCount(0);
    const link = page.getByRole('link', { name: 'Cookie settings' });
    await link.click();
    // Opened by the visitor: focus moves into the region, on the per-purpose settings.
    await expect(banner(page)).toBeFocused();
    await expect(banner(page).getByRole('checkbox', { name: 'Advertising' })).not.toBeChecked();
    const gtm = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtm.js'));
    const ads = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtag/js'));
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await Promise.all([gtm, ads]);
    await expect(link).toBeFocused();
    expect((await consentCommands(page)).at(-1)).toEqual(['update', GRANTED]);
    expect((await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('v1.1.1');
    // And back: a withdrawal is sent to the tags already on the page, and the next page loads none.
    await link.click();
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    expect((await consentCommands(page)).at(-1)).toEqual(['update', DENIED]);
    const before = tracked.thirdParty.length;
    await gotoHydrated(page, '/mt-recover');
    await loaderSettled(page);
    await expect(tagScripts(page)).toHaveCount(0);
    expect(tracked.thirdParty.length).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  test('the banner is in French on the French site, and stays out of the phone menu', async ({ page }) => {
    await visitAs(page, 'FR');
    await page.setViewportSize({ width: 390, height: 800 });
    await gotoHydrated(page, '/fr-FR');
    const region = page.getByRole('region', { name: 'Choix concernant les cookies' });
    await expect(region.getByRole('button', { name: 'Tout refuser' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Tout accepter' })).toBeVisible();
    await page.locator('button.burger').click();
    await expect(region).toBeHidden();
    await page.locator('button.burger').click();
    await expect(region).toBeVisible();
  });

  test('the banner shifts no layout and is axe-clean', async ({ page }) => {
    await visitAs(page, 'FR');
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await gotoHydrated(page, '/');
    await expect(banner(page)).toBeVisible();
    await loaderSettled(page);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
  });
});

test.describe('a visitor from the United States', () => {
  test('gets no banner and the tags load as before, with no consent commands', async ({ page, pageErrors }) => {
    await visitAs(page, 'US');
    const gtm = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST'));
    const ads = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtag/js?id=AW-123456789'));
    await gotoHydrated(page, '/');
    await Promise.all([gtm, ads]);
    await expect(page.locator('[data-island="ConsentBanner"]')).toHaveCount(0);
    expect(await consentCommands(page)).toEqual([]);
    // No isSem=2: no Bing tracker.
    await expect(page.locator('script[src*="bat.bing.com"]')).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('who sends Global Privacy Control gets no tag at all', async ({ page }) => {
    const tracked = await visitAs(page, 'US');
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    await gotoHydrated(page, '/');
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await expect(tagScripts(page)).toHaveCount(0);
    expect(tracked.thirdParty).toEqual([]);
  });

  test('whose browser sends only the Sec-GPC header (no navigator.globalPrivacyControl) gets no tag at all', async ({ page }) => {
    const tracked = await visitAs(page, 'US');
    await page.context().setExtraHTTPHeaders({ 'X-Debug-Country': 'US', 'X-Debug-Tag-Ids': FAKE_TAGS, 'Sec-GPC': '1' });
    await gotoHydrated(page, '/?isSem=2');
    expect(await page.evaluate(() => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl)).not.toBe(true);
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await expect(page.locator('meta[name="analytics-tags"]')).toHaveCount(0);
    await expect(tagScripts(page)).toHaveCount(0);
    expect(tracked.thirdParty).toEqual([]);
  });
});
