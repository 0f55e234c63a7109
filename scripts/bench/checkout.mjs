// The checkout's two measurements, in test mode (the reference origin answers test_mode):
//  - the checkout page's JS: gzip bytes above the bundle the home page shares with it (budget ≤ 25 KB);
//  - the time from pressing Pay with 4242 to the paid state on the result page, median of `runs`
//    purchases in Chromium (budget < 2 s on loopback). Speed lives here, never in tests.
import { chromium } from 'playwright-core';
import { pageSizes } from './sizes.mjs';

export const CHECKOUT_BUDGETS = { jsPageGzipKb: 25, payToPaidMedianMs: 2000 };

const CHECKOUT_PATH = '/checkout?product_id=81902';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Page-specific JS of the checkout against the home page (which carries the shared bundle). */
export async function checkoutSizes(baseUrl) {
  const html = {};
  for (const [name, path] of Object.entries({ home: '/', checkout: CHECKOUT_PATH })) {
    html[name] = await (await fetch(baseUrl + path, { headers: { cookie: 'locale=en-US' } })).text();
  }
  const sizes = pageSizes(html);
  return { jsPage: sizes.checkout.jsPage, jsShared: sizes.checkout.jsShared, cssPage: sizes.checkout.cssPage, homeJs: sizes.home.js, files: sizes.checkout.files };
}

/** `runs` purchases with 4242; each timed from the Pay click to data-result-status="paid". */
export async function payToPaid(baseUrl, { runs = 20 } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const times = [];
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.250.${Math.floor(i / 250)}.${(i % 250) + 1}` });
      await page.goto(baseUrl + CHECKOUT_PATH);
      await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
      await page.locator('#checkout-email').fill(`bench-${Date.now().toString(36)}-${i}@example.com`);
      await page.locator('.checkout-continue').click();
      await page.locator('#checkout-card-number').fill('4242 4242 4242 4242');
      const start = performance.now();
      await page.locator('.checkout-test-card .checkout-pay').click();
      await page.locator('.checkout-result[data-result-status="paid"]').waitFor({ timeout: 60_000 });
      times.push(performance.now() - start);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return { runs, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times), timesMs: times.map((t) => Math.round(t)) };
}

export async function measureCheckout(baseUrl, { runs = 20 } = {}) {
  return { sizes: await checkoutSizes(baseUrl), payToPaid: await payToPaid(baseUrl, { runs }) };
}

/** Rows in the bench's budget format. */
export function checkoutBudgets(result) {
  if (!result) return [];
  const kb = result.sizes.jsPage.gzip / 1024;
  return [
    { name: 'checkout JS above the shared bundle (gzip, test mode)', limit: `≤ ${CHECKOUT_BUDGETS.jsPageGzipKb} KB`, measured: `${kb.toFixed(1)} KB`, pass: kb <= CHECKOUT_BUDGETS.jsPageGzipKb },
    {
      name: `checkout Pay (4242) → paid, median of ${result.payToPaid.runs} (test mode, loopback)`,
      limit: `< ${CHECKOUT_BUDGETS.payToPaidMedianMs} ms`,
      measured: `${Math.round(result.payToPaid.medianMs)} ms (min ${Math.round(result.payToPaid.minMs)}, max ${Math.round(result.payToPaid.maxMs)})`,
      pass: result.payToPaid.medianMs < CHECKOUT_BUDGETS.payToPaidMedianMs,
    },
  ];
}

// `node scripts/bench/checkout.mjs` alone: starts the site, measures, prints.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startSite } = await import('../lib/dev-server.mjs');
  const site = await startSite({ production: true });
  try {
    const result = await measureCheckout(site.url, { runs: Number(process.env.CHECKOUT_RUNS ?? 20) });
    console.log(JSON.stringify({ ...result, sizes: { ...result.sizes, files: undefined } }, null, 2));
    for (const b of checkoutBudgets(result)) console.log(`${b.pass ? 'pass' : 'FAIL'}  ${b.name}: ${b.measured} (${b.limit})`);
  } finally {
    await site.stop();
  }
}
