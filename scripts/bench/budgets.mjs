// The performance budgets (docs/BENCHMARKS.md, Budgets), checked against one bench run. KB = 1024 bytes.
export const BUDGETS = {
  homeJsGzipKb: 75,
  homeCssGzipKb: 15,
  // Real-user Web Vitals: what they add to a page after hydration (web-vitals and the sender).
  vitalsJsGzipKb: 3,
  // Lighthouse mobile on home, buy and a product page in every locale.
  lighthouseMinPerformance: 99,
  lighthouseOtherCategories: 100,
  // The beacon costs about what /health costs.
  beaconThroughputRatioToHealth: 0.9,
  beaconCostMarginMs: 0.2,
  // The plan cache: at most one upstream list_group call per currency per 5 minutes.
  planUpstreamCallsPerCurrency: 1,
  // Pages as cheap as /health. In-Worker cost per page (ms), and its margin over /health.
  homeRenderMs: 0.5,
  pageRenderMs: 1,
  pageRenderMarginOverHealthMs: 0.5,
  // Median per-round ratio of page req/s to a static asset's, for these pages.
  pageThroughputRatioToStatic: 0.8,
  pageThroughputPages: ['home', 'buy', 'product', 'form'],
  // The Worker as deployed: its gzip size (wrangler deploy --dry-run), and its start-up CPU
  // ("Active" of wrangler check startup, median): a cold start a visitor cannot notice, and never
  // more than the baseline commit's when one is measured in the same run.
  workerBundleGzipKb: 400,
  startupActiveMs: 25,
  // The next page after a hover and a click, when it was prerendered (the prerender finished before
  // the click): activation to its LCP (median).
  prerenderedNextPageLcpMs: 100,
};

/** Render targets that are pages (the route table), not /health or the beacon. */
const NOT_PAGES = new Set(['health', 'beacon', 'beacon-400']);

export function checkBudgets(r) {
  const out = [];
  const home = r.pages.home;
  if (home) {
    out.push({ name: 'home JS (gzip)', limit: `≤ ${BUDGETS.homeJsGzipKb} KB`, measured: `${(home.js.gzip / 1024).toFixed(1)} KB`, pass: home.js.gzip <= BUDGETS.homeJsGzipKb * 1024 });
    out.push({ name: 'home CSS (gzip)', limit: `≤ ${BUDGETS.homeCssGzipKb} KB`, measured: `${(home.css.gzip / 1024).toFixed(1)} KB`, pass: home.css.gzip <= BUDGETS.homeCssGzipKb * 1024 });
  }
  if (r.vitalsJs) {
    out.push({ name: 'Web Vitals JS after hydration (gzip, every chunk it loads)', limit: `≤ ${BUDGETS.vitalsJsGzipKb} KB`, measured: `${(r.vitalsJs.gzip / 1024).toFixed(2)} KB`, pass: r.vitalsJs.gzip <= BUDGETS.vitalsJsGzipKb * 1024 });
  }
  if (r.nextPage) {
    const { prerendered, prerenderedStill, prerenderStarted, notPrerendered, failures } = r.nextPage;
    const ms = (x) => (x?.median == null ? '–' : `${Math.round(x.median)} ms`);
    out.push({
      name: 'prerendered next page: activation to LCP after hover and click (median)',
      limit: `≤ ${BUDGETS.prerenderedNextPageLcpMs} ms`,
      measured: prerendered.median === null ? `no prerendered navigation (${failures.length} failed)` : `${Math.round(prerendered.median)} ms over ${prerendered.runs.length} (reduced motion: ${ms(prerenderedStill)}; clicked as the prerender starts: ${ms(prerenderStarted)}; not prerendered: ${ms(notPrerendered)})`,
      pass: prerendered.median !== null && prerendered.median <= BUDGETS.prerenderedNextPageLcpMs,
    });
  }
  for (const row of r.lighthouse) {
    const path = new URL(row.url).pathname;
    out.push({ name: `Lighthouse ${row.formFactor} performance ${path}`, limit: `≥ ${BUDGETS.lighthouseMinPerformance}`, measured: String(row.performance), pass: row.performance >= BUDGETS.lighthouseMinPerformance });
    for (const [key, label] of [['accessibility', 'accessibility'], ['bestPractices', 'best practices'], ['seo', 'SEO']]) {
      out.push({ name: `Lighthouse ${row.formFactor} ${label} ${path}`, limit: `= ${BUDGETS.lighthouseOtherCategories}`, measured: String(row[key]), pass: row[key] >= BUDGETS.lighthouseOtherCategories });
    }
  }
  const beacon = r.throughput?.beacon;
  const health = r.throughput?.health;
  if (beacon && health) {
    const ratio = beacon.rps / health.rps;
    // Alternating phases: also show the spread of the per-round ratios, so one run's noise is visible.
    const perRound = beacon.phases && health.phases ? beacon.phases.map((rps, i) => rps / health.phases[i]) : [];
    const spread = perRound.length > 1 ? `; rounds ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)}` : '';
    out.push({ name: 'beacon throughput / health throughput', limit: `≥ ${BUDGETS.beaconThroughputRatioToHealth}`, measured: `${ratio.toFixed(2)} (${beacon.rps.toFixed(0)} / ${health.rps.toFixed(0)} req/s${spread})`, pass: ratio >= BUDGETS.beaconThroughputRatioToHealth });
  }
  const beaconCost = r.render?.beacon;
  const healthCost = r.render?.health;
  if (beaconCost && healthCost) {
    // /health as measured alternating with the beacon (the same moments), else the separate run.
    const healthMs = beaconCost.compareMsPerRender ?? healthCost.msPerRender;
    const diff = beaconCost.msPerRender - healthMs;
    const accepted = beaconCost.status === 200;
    out.push({
      name: 'beacon server cost − health server cost',
      limit: `≤ ${BUDGETS.beaconCostMarginMs} ms`,
      measured: `${diff.toFixed(3)} ms (${beaconCost.msPerRender.toFixed(3)} − ${healthMs.toFixed(3)})${accepted ? '' : ` — beacon answered ${beaconCost.status}`}`,
      pass: accepted && diff <= BUDGETS.beaconCostMarginMs,
    });
  }
  const healthMs = r.render?.health?.msPerRender;
  for (const [name, x] of Object.entries(r.render ?? {})) {
    if (NOT_PAGES.has(name) || healthMs === undefined) continue;
    const limit = name === 'home' ? BUDGETS.homeRenderMs : BUDGETS.pageRenderMs;
    // /health as measured alternating with this page (the same moments), else the separate run.
    const health = x.compareMsPerRender ?? healthMs;
    const margin = x.msPerRender - health;
    const ok = x.status < 500 && x.msPerRender <= limit && margin <= BUDGETS.pageRenderMarginOverHealthMs;
    out.push({
      name: `server cost ${name} (${x.path})`,
      limit: `≤ ${limit} ms, ≤ health + ${BUDGETS.pageRenderMarginOverHealthMs} ms`,
      measured: `${x.msPerRender.toFixed(3)} ms (health ${health.toFixed(3)}, ${margin >= 0 ? '+' : ''}${margin.toFixed(3)}; status ${x.status})`,
      pass: ok,
    });
  }
  for (const name of BUDGETS.pageThroughputPages) {
    const row = r.throughput?.[name];
    if (!row?.ratioRounds) continue;
    out.push({
      name: `${name} throughput / its static copy's (median of ${row.ratioRounds.length} alternating rounds)`,
      limit: `≥ ${BUDGETS.pageThroughputRatioToStatic}`,
      measured: `${row.ratioToStatic.toFixed(2)} (rounds ${row.ratioMin.toFixed(2)}–${row.ratioMax.toFixed(2)})`,
      pass: row.ratioToStatic >= BUDGETS.pageThroughputRatioToStatic,
    });
  }
  if (r.workerBundle) {
    out.push({ name: 'Worker bundle (gzip)', limit: `≤ ${BUDGETS.workerBundleGzipKb} KB`, measured: `${(r.workerBundle.gzip / 1024).toFixed(1)} KB`, pass: r.workerBundle.gzip <= BUDGETS.workerBundleGzipKb * 1024 });
  }
  if (r.startup?.current) {
    const { current, baseline } = r.startup;
    const limit = baseline ? Math.min(BUDGETS.startupActiveMs, baseline.activeMs) : BUDGETS.startupActiveMs;
    out.push({
      name: 'Worker start-up, Active CPU (wrangler check startup)',
      limit: baseline ? `≤ ${BUDGETS.startupActiveMs} ms and ≤ baseline ${r.startup.baselineRef} (${baseline.activeMs.toFixed(1)} ms)` : `≤ ${BUDGETS.startupActiveMs} ms`,
      measured: `${current.activeMs.toFixed(1)} ms`,
      pass: current.activeMs <= limit,
    });
  }
  const plans = r.planCache;
  if (plans) {
    const upstreamAnswers = plans.sources.upstream ?? 0;
    out.push({
      name: `/buy plan cache: upstream list_group calls over ${plans.requests} requests (one currency)`,
      limit: `≤ ${BUDGETS.planUpstreamCallsPerCurrency}`,
      measured: plans.statsAvailable ? `${plans.upstreamCalls} call(s); X-Plan-Source upstream ${upstreamAnswers}×, KV hit ratio ${(plans.kvHitRatio * 100).toFixed(1)}%` : `X-Plan-Source upstream ${upstreamAnswers}× (no X-Plan-Cache-Stats)`,
      // The budget counts upstream calls (the Worker's counter). Without the counter, X-Plan-Source
      // stands in; it over-counts, since requests that wait on one refresh all say "upstream".
      pass: (plans.statsAvailable ? plans.upstreamCalls : upstreamAnswers) <= BUDGETS.planUpstreamCallsPerCurrency && (plans.statuses['200'] ?? 0) === plans.requests,
    });
  }
  return out;
}
