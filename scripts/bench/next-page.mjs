// The next page's arrival, as a visitor feels it: hover a link of the home page, click it, and time
// the new page from its activation (a prerendered page) or its navigation start (any other) to its
// Largest Contentful Paint. Each navigation is done four times over, in alternating rounds so all
// see the same machine; the medians are the budget's figures:
// - prerendered: the click comes once the prerender is finished (its islands hydrated), which a
//   visitor's hover gives it on this site: the budget's row. Such a page is shown without the
//   cross-fade (src/domain/theme-boot.ts, PRERENDER_REVEAL_BOOT_SCRIPT);
// - the same for a visitor who prefers reduced motion (no view transition at all);
// - prerender started: the click comes as soon as the prerender's document is committed, before it
//   has parsed its body: activation then waits for the page's own work, and the cross-fade runs
//   (the worst case a very fast click meets; reported, not a budget);
// - not prerendered (DevTools' Page.setPrerenderingAllowed off).
// Chromium is driven through its tab target (scripts/lib/cdp-browser.mjs): a DevTools client
// attached like Playwright's turns prerendering off.
import { launchBrowser } from '../lib/cdp-browser.mjs';

/** Links of the home page's top bar and footer, taken in turn: [path, the link]. */
const TARGETS = [
  ['/buy', '.nav-desktop a[href="/buy"]'],
  ['/mt-recover', 'footer a[href="/mt-recover"]'],
  ['/about', 'footer a[href="/about"]'],
  ['/license-code', 'footer a[href="/license-code"]'],
  ['/mt-kt', 'footer a[href="/mt-kt"]'],
];

/** The page's LCP and how it was reached; waits for the first LCP entry (10 s at most: then null). */
const MEASURE = `new Promise((resolve) => {
  const nav = performance.getEntriesByType('navigation')[0];
  setTimeout(() => resolve({ activationStart: nav.activationStart, lcp: null }), 10000);
  new PerformanceObserver((list) => {
    const lcp = list.getEntries().at(-1);
    resolve({ activationStart: nav.activationStart, lcp: lcp.startTime });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

async function navigate(tab, siteUrl, [target, link], prerender, { finished = true } = {}) {
  await tab.bringToFront();
  await tab.goto(`${siteUrl}/`);
  await tab.waitForFunction('document.body.dataset.hydrated === "true"');
  // From outside the link, so the hover is a new one.
  await tab.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: 2, y: 300 });
  await tab.hover(link);
  if (prerender) {
    await tab.waitForPrerender(`${siteUrl}${target}`, 'Ready', 30_000);
    if (finished) await tab.waitForHydratedPrerender(`${siteUrl}${target}`);
  } else await new Promise((resolve) => setTimeout(resolve, 300));
  await tab.click(link);
  const m = await tab.evaluate(MEASURE);
  if (m.lcp === null) throw new Error(`${target}: no LCP within 10 s`);
  // A prerendered page's LCP may be painted before the click: its arrival is then immediate.
  return { target, prerendered: m.activationStart > 0, ms: Math.max(0, m.lcp - m.activationStart) };
}

/**
 * `runs` hover-then-click navigations of each kind. Resolves to { prerendered, prerenderedStill,
 * prerenderStarted, notPrerendered: {median, runs}, failures }; prerenderedStill is the
 * reduced-motion visitor's, prerenderStarted the click on a prerender just committed.
 */
export async function measureNextPage(siteUrl, { runs = 20 } = {}) {
  const browser = await launchBrowser();
  // Reduced motion is a browser setting; emulating it per page would miss the prerendered pages.
  const stillBrowser = await launchBrowser({ args: ['--force-prefers-reduced-motion'] });
  const rows = { prerendered: [], prerenderedStill: [], prerenderStarted: [], notPrerendered: [] };
  const failures = [];
  try {
    const without = await browser.newTab();
    await without.goto(`${siteUrl}/robots.txt`);
    await without.send('Page.setPrerenderingAllowed', { isAllowed: false });
    const prerenderTab = await browser.newTab();
    const kinds = [
      ['prerendered', prerenderTab, true, 'with prerendering', { finished: true }],
      ['prerenderedStill', await stillBrowser.newTab(), true, 'with prerendering, reduced motion', { finished: true }],
      ['prerenderStarted', prerenderTab, true, 'with prerendering, clicked as it starts', { finished: false }],
      ['notPrerendered', without, false, 'without prerendering', {}],
    ];
    for (let i = 0; i < runs; i++) {
      const target = TARGETS[i % TARGETS.length];
      const path = target[0];
      for (const [kind, tab, prerender, label, options] of kinds) {
        try {
          const row = await navigate(tab, siteUrl, target, prerender, options);
          if (row.prerendered !== prerender) throw new Error(`${path}: ${prerender ? 'not prerendered' : 'prerendered'} (activationStart)`);
          rows[kind].push(row);
        } catch (error) {
          failures.push(`${label}, ${path}: ${error.message.slice(0, 200)}`);
        }
      }
    }
  } finally {
    await browser.close();
    await stillBrowser.close();
  }
  const summary = (list) => ({ median: median(list.map((r) => r.ms)), runs: list.map((r) => Math.round(r.ms)) });
  return { prerendered: summary(rows.prerendered), prerenderedStill: summary(rows.prerenderedStill), prerenderStarted: summary(rows.prerenderStarted), notPrerendered: summary(rows.notPrerendered), failures };
}
