import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';

// Real-user Web Vitals in Chromium: each page view sends one vitals report through the site's own
// beacon, with its page, locale and how it was reached, and the reference origin stores it
// (read through the site's non-production /__test/vitals). Prerendered page views:
// tests/e2e/prerender.spec.ts.

test.use({ viewport: { width: 1280, height: 800 } });

interface VitalsRow {
  page_id: string;
  page: string;
  locale: string;
  device: string;
  country: string | null;
  nav: string;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  ttfb: number | null;
}

let runId = 0;
const visitorId = (name: string) => `e2e-vitals-${name}-${Date.now().toString(36)}-${++runId}`;

/** Waits until the page has loaded its Web Vitals code (after hydration, when the browser is idle). */
async function measuring(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/vitals-')));
}

async function rowsAtHost(request: APIRequestContext, uuid: string, expected: number): Promise<VitalsRow[]> {
  let rows: VitalsRow[] = [];
  await expect
    .poll(async () => {
      rows = ((await (await request.get(`/__test/vitals?uuid=${uuid}`)).json()) as { rows: VitalsRow[] }).rows;
      return rows.length;
    }, { timeout: 45_000, intervals: [500] })
    .toBeGreaterThanOrEqual(expected);
  return rows;
}

test('each page view sends one vitals report with its page, locale, navigation type and timings', async ({ page, request }) => {
  test.setTimeout(90_000);
  const uuid = visitorId('views');
  await page.addInitScript((id) => localStorage.setItem('uuid', id), uuid);
  await gotoHydrated(page, '/ja-JP/buy');
  await measuring(page);
  // An interaction, so the page view has an INP. The browser times it after the next paint; on a
  // busy machine leaving at once can come first, and the page view then has no INP to report.
  await page.locator('h1').click();
  await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
  await page.goto('/ja-JP/about');
  await measuring(page);
  await page.goBack();
  await measuring(page);
  await page.reload();
  await measuring(page);
  await page.goto('/robots.txt');

  const rows = await rowsAtHost(request, uuid, 4);
  const views = rows.map((row) => `${row.page_id} ${row.nav}`).sort();
  expect(views).toEqual(['/ja-JP/about navigate', '/ja-JP/buy back_forward', '/ja-JP/buy navigate', '/ja-JP/buy reload']);
  // One report per page view: nothing more arrives.
  await page.waitForTimeout(2000);
  expect(((await (await request.get(`/__test/vitals?uuid=${uuid}`)).json()) as { rows: VitalsRow[] }).rows, 'one report per page view').toHaveLength(4);
  const first = rows.find((row) => row.nav === 'navigate' && row.page_id === '/ja-JP/buy')!;
  expect(first).toMatchObject({ page: '/buy', locale: 'ja-JP', device: 'desktop', country: 'US' });
  expect(first.lcp).toBeGreaterThan(0);
  expect(first.ttfb).toBeGreaterThanOrEqual(0);
  expect(first.cls).toBe(0);
  expect(first.inp).toBeGreaterThanOrEqual(0);
});

/** What a browser does when the tab is switched away from: the page is hidden but stays. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });

test('a page that is hidden, not merely left, sends its report once, with no stored visitor id and creating none', async ({ page, request }) => {
  const reports: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/beacon?') && req.url().includes('action=vitals')) reports.push(req.url());
  });
  await gotoHydrated(page, '/fr-FR');
  await measuring(page);
  // pagehide comes before the last timings are settled: the report waits for the page to be hidden.
  await page.waitForTimeout(300); // the chunk has loaded: time for it to start
  await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  await page.waitForTimeout(500);
  expect(reports, 'nothing sent on pagehide').toEqual([]);
  const sent = page.waitForRequest((req) => req.url().includes('action=vitals'));
  await hide(page);
  await hide(page);
  const uuid = new URL((await sent).url()).searchParams.get('uuid')!;
  expect(uuid).toMatch(/^v-[a-z0-9]{8,}$/);
  expect(await page.evaluate(() => localStorage.getItem('uuid'))).toBeNull();
  const rows = await rowsAtHost(request, uuid, 1);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ page_id: '/fr-FR', page: '/', locale: 'fr-FR', nav: 'navigate' });
  expect(reports).toHaveLength(1);
});
