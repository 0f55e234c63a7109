import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { launchBrowser, type Browser, type Tab } from '../../scripts/lib/cdp-browser.mjs';

// Prerendered navigation in Chromium, end to end: the rules the pages carry, what the browser makes
// of them, and what reaches the collection host. Chromium turns prerendering off for pages a
// DevTools client drives without tab-target support, which is how Playwright drives its pages, so
// these tests drive a Chromium of their own through its tab target (scripts/lib/cdp-browser.mjs)
// against the same site, and read the host through the site's non-production /__test routes.

interface VitalsRow {
  uuid: string;
  page_id: string;
  page: string;
  locale: string;
  nav: string;
  lcp: number | null;
}

let browser: Browser;
test.beforeAll(async () => {
  browser = await launchBrowser();
});
test.afterAll(async () => {
  await browser?.close();
});

let runId = 0;
const visitorId = (name: string) => `e2e-prerender-${name}-${Date.now().toString(36)}-${++runId}`;

async function vitalsAtHost(request: APIRequestContext, uuid: string): Promise<VitalsRow[]> {
  const res = await request.get(`/__test/vitals?uuid=${uuid}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rows: VitalsRow[] }).rows;
}

/** Waits until the host holds a vitals report of every page in `pages` for this visitor. */
async function waitForVitals(request: APIRequestContext, uuid: string, pages: string[]): Promise<VitalsRow[]> {
  let rows: VitalsRow[] = [];
  await expect
    .poll(async () => {
      rows = await vitalsAtHost(request, uuid);
      return pages.every((page) => rows.some((row) => row.page_id === page));
    }, { timeout: 45_000, intervals: [500] })
    .toBe(true);
  return rows;
}

const FAKE_TAGS = 'GTM-E2ETEST,AW-123456789,1234567';
const TAG_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|googleadservices\.com|doubleclick\.net|bing\.com)\//;

/** True once the page has loaded its Web Vitals code (after hydration, when idle). */
const VITALS_LOADED = "performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/vitals-'))";

/** A tab on `path` as a visitor with the visitor id `uuid`, hydrated and measuring. */
async function visit(baseURL: string, path: string, uuid: string): Promise<Tab> {
  const tab = await browser.newTab();
  // The visitor id goes into the site's storage from a document that runs no script of its own.
  await tab.goto(`${baseURL}/robots.txt`);
  await tab.evaluate(`localStorage.setItem('uuid', ${JSON.stringify(uuid)})`);
  await tab.goto(baseURL + path);
  await tab.waitForFunction(VITALS_LOADED);
  return tab;
}

test.describe('prerendered navigation', () => {
  test.setTimeout(120_000);

  test('pages carry valid rules that make candidates of page links only', async ({ baseURL }) => {
    const tab = await browser.newTab();
    try {
      await tab.goto(`${baseURL}/buy`);
      await tab.waitForFunction('document.body.dataset.hydrated === "true"');
      expect(tab.ruleSets.length).toBeGreaterThan(0);
      expect(tab.ruleSets.filter((rules) => rules.errorType)).toEqual([]);
      const candidates = (await tab.candidates()).map((url) => url.replace(baseURL!, ''));
      for (const page of ['/', '/about', '/feedback', '/mt-recover', '/license-code']) expect(candidates).toContain(page);
      // The buy buttons go to the checkout; the language switcher to /fr-FR/buy and the others.
      expect(await tab.evaluate<number>('document.querySelectorAll(\'a[href^="/checkout"]\').length')).toBeGreaterThan(0);
      expect(candidates.filter((url) => /^\/(?:[a-z]{2}-[A-Z]{2}\/)?(?:mobile\/)?(?:checkout|download\/|api\/|test(?:\?|$))/.test(url))).toEqual([]);
      expect(candidates.filter((url) => /^\/(?:fr-FR|ja-JP|zh-CN|de-DE|es-ES|it-IT|pt-BR|ko-KR|zh-TW)\/buy/.test(url))).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  test('a prerendered page that is never opened counts nothing', async ({ baseURL, request }) => {
    const uuid = visitorId('unopened');
    const tab = await visit(baseURL!, '/', uuid);
    try {
      const about = `${baseURL}/about`;
      await tab.hover('footer a[href="/about"]');
      await tab.waitForPrerender(about, 'Ready', 45_000);
      const prerender = tab.requests.find((r) => r.type === 'Document' && r.url === about);
      expect(prerender?.prerender).toBe(true);
      expect(prerender?.headers['Sec-Purpose'] ?? prerender?.headers['sec-purpose']).toBe('prefetch;prerender');
      // The prerender runs the page's own scripts: its islands hydrate as on any page.
      await tab.waitForHydratedPrerender(about);
      // Longer than the idle wait (3 s at most) after which an opened page loads its Web Vitals code.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      // Still a prerender, and nothing that counts has started in it: no Web Vitals code, no beacon.
      expect(await tab.evaluateInPrerender(about, `({ prerendering: document.prerendering, vitals: ${VITALS_LOADED} })`)).toEqual({ prerendering: true, vitals: false });
      // Told that it is going away, as a page being left is, it still has nothing to send.
      await tab.evaluateInPrerender(about, "dispatchEvent(new PageTransitionEvent('pagehide')); document.dispatchEvent(new Event('visibilitychange'))");
      expect(tab.requests.filter((r) => r.prerender && (r.url.includes('/assets/vitals-') || r.url.includes('/beacon')))).toEqual([]);
      // The visitor goes somewhere else: the prerender is discarded unopened.
      await tab.goto(`${baseURL}/mt-convert`);
      await tab.waitForFunction(VITALS_LOADED);
      await tab.goto('about:blank');
      const rows = await waitForVitals(request, uuid, ['/', '/mt-convert']);
      expect(rows.filter((row) => row.page_id === '/about')).toEqual([]);
      expect(tab.requests.filter((r) => r.prerender && /\/beacon\?/.test(r.url))).toEqual([]);
      // Nothing else arrives later either: what counts was never started on that page.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await vitalsAtHost(request, uuid)).map((row) => row.page_id).sort()).toEqual(['/', '/mt-convert']);
    } finally {
      await tab.close();
    }
  });

  test('a prerendered page that is opened is shown at once and counts once, as a prerender', async ({ baseURL, request }) => {
    const uuid = visitorId('opened');
    const tab = await visit(baseURL!, '/fr-FR', uuid);
    try {
      const about = `${baseURL}/fr-FR/about`;
      await tab.hover('footer a[href="/fr-FR/about"]');
      await tab.waitForPrerender(about, 'Ready', 45_000);
      // Opened only once the prerender has hydrated and had time to start anything it would
      // start on its own (it started nothing that counts): what counts starts on activation.
      await tab.waitForHydratedPrerender(about);
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(await tab.evaluateInPrerender(about, VITALS_LOADED)).toBe(false);
      await tab.click('footer a[href="/fr-FR/about"]');
      await tab.waitForPrerender(about, 'Success');
      expect(await tab.evaluate<number>("performance.getEntriesByType('navigation')[0].activationStart")).toBeGreaterThan(0);
      await tab.waitForFunction(VITALS_LOADED);
      await tab.goto('about:blank');
      const rows = await waitForVitals(request, uuid, ['/fr-FR', '/fr-FR/about']);
      const aboutRows = rows.filter((row) => row.page_id === '/fr-FR/about');
      expect(aboutRows).toHaveLength(1);
      expect(aboutRows[0]).toMatchObject({ page: '/about', locale: 'fr-FR', nav: 'prerender' });
      const counted = (await (await request.get(`/__test/collect-count?uuid=${uuid}&action=vitals`)).json()) as { count: number };
      expect(counted.count).toBe(2);
    } finally {
      await tab.close();
    }
  });

  test('a prerendered page loads no analytics tag until it is opened, then loads them once', async ({ baseURL }) => {
    // Fake tag ids (X-Debug-Tag-Ids, honoured outside production) make the pages configure the
    // tags; the machine has no route to the tag hosts, so a tag is seen as its request. This
    // Chromium prerenders with a navigation of its own instead of reusing a prefetch of the page,
    // which DevTools' extra headers do not reach.
    const own = await launchBrowser({ args: ['--disable-features=Prerender2FallbackPrefetchSpecRules'] });
    try {
      const tab = await own.newTab();
      await tab.send('Network.setExtraHTTPHeaders', { headers: { 'X-Debug-Tag-Ids': FAKE_TAGS } });
      await tab.goto(`${baseURL}/`);
      await tab.waitForFunction('document.body.dataset.hydrated === "true"');
      // The home page, shown, loads its tags as before.
      await expect.poll(() => tab.requests.filter((r) => TAG_HOSTS.test(r.url)).length, { timeout: 15_000 }).toBeGreaterThan(0);
      const about = `${baseURL}/about`;
      await tab.hover('footer a[href="/about"]');
      await tab.waitForPrerender(about, 'Ready', 45_000);
      await expect.poll(() => tab.evaluateInPrerender(about, `document.readyState === 'complete' && document.body.dataset.hydrated === 'true'`), { timeout: 15_000 }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const before = await tab.evaluateInPrerender(about, `({ tags: Boolean(document.querySelector('meta[name="analytics-tags"]')), dataLayer: 'dataLayer' in window, scripts: document.querySelectorAll('script[src*="googletagmanager.com"]').length })`);
      expect(before).toEqual({ tags: true, dataLayer: false, scripts: 0 });
      expect(tab.requests.filter((r) => r.prerender && (TAG_HOSTS.test(r.url) || r.url.includes('/assets/analytics-')))).toEqual([]);
      const shown = tab.requests.length;
      await tab.click('footer a[href="/about"]');
      await tab.waitForPrerender(about, 'Success');
      await tab.waitForFunction(`document.querySelectorAll('script[src*="googletagmanager.com"]').length > 0`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const tags = tab.requests.slice(shown).filter((r) => TAG_HOSTS.test(r.url)).map((r) => r.url);
      expect(tags.length).toBeGreaterThan(0);
      expect(new Set(tags).size, tags.join(', ')).toBe(tags.length);
    } finally {
      await own.close();
    }
  });
  test('a finished prerender is shown at once, without the cross-fade; a page that is not prerendered keeps it', async ({ baseURL }) => {
    const REVEAL = "addEventListener('pagereveal', (event) => { window.__revealedWithTransition = Boolean(event.viewTransition); });";
    const ACTIVATION = "performance.getEntriesByType('navigation')[0].activationStart";
    const link = '.nav-desktop a[href="/buy"]';
    const buy = `${baseURL}/buy`;
    const tab = await browser.newTab();
    const plain = await browser.newTab();
    try {
      // Only the browser's visible tab prerenders.
      await tab.bringToFront();
      await tab.goto(`${baseURL}/`);
      await tab.waitForFunction('document.body.dataset.hydrated === "true"');
      await tab.hover(link);
      await tab.waitForPrerender(buy, 'Ready', 45_000);
      await tab.waitForHydratedPrerender(buy);
      await tab.evaluateInPrerender(buy, `${REVEAL} true`);
      await tab.click(link);
      expect(await tab.evaluate<number>(ACTIVATION)).toBeGreaterThan(0);
      expect(await tab.evaluate<boolean>('window.__revealedWithTransition')).toBe(false);
      // The home page withdrew its opt-in for that navigation only, in a constructed stylesheet:
      // nothing of it is left in the page's storage.
      expect(await tab.evaluate<string | null>("localStorage.getItem('prerendered')")).toBeNull();

      // The same link with prerendering off: the page arrives through the cross-fade.
      await plain.bringToFront();
      await plain.goto(`${baseURL}/robots.txt`);
      await plain.send('Page.setPrerenderingAllowed', { isAllowed: false });
      await plain.send('Page.addScriptToEvaluateOnNewDocument', { source: REVEAL });
      await plain.goto(`${baseURL}/`);
      await plain.waitForFunction('document.body.dataset.hydrated === "true"');
      await plain.hover(link);
      await plain.click(link);
      expect(await plain.evaluate<number>(ACTIVATION)).toBe(0);
      expect(await plain.evaluate<boolean>('window.__revealedWithTransition')).toBe(true);
    } finally {
      await tab.close();
      await plain.close();
    }
  });
});
