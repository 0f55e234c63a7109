#!/usr/bin/env node
// `npm run bench`: the site in production mode on loopback, measured. Prints one table and writes
// bench-results.json (not committed); compares with the previous bench-results.json if present.
// Flags: --no-lighthouse (skip Lighthouse), --quick (shorter load phases, fewer next-page
// navigations), --port <n> (the site's port; default a free one), --baseline <git ref> (also
// measures that commit's Worker start-up, in the same run, for the start-up budget; without it
// the budget is the absolute limit alone).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBrowser } from './lib/browser.mjs';
import { startSite } from './lib/dev-server.mjs';
import { pageSizes, vitalsJsSize } from './bench/sizes.mjs';
import { measureThroughput } from './bench/load.mjs';
import { runLighthouse } from './bench/lighthouse.mjs';
import { BUDGETS, checkBudgets } from './bench/budgets.mjs';
import { beaconPath, beaconPathTemplate, collectedCount, visitorIp, waitForCollected } from './bench/beacon.mjs';
import { measurePlanCache } from './bench/plan-cache.mjs';
import { measureRenderCosts, routeTablePages } from './bench/render-cost.mjs';
import { measurePageThroughput, writeStaticCopies } from './bench/page-throughput.mjs';
import { measureStartup, measureWorkerBundle } from './bench/worker-bundle.mjs';
import { checkoutBaseline } from './bench/baseline.mjs';
import { checkoutBudgets, measureCheckout } from './bench/checkout.mjs';
import { measureNextPage } from './bench/next-page.mjs';
import { LOCALES, localizePath } from '../src/domain/locales.ts';

const argv = process.argv.slice(2);
const args = new Set(argv);
const portArg = argv.includes('--port') ? Number(argv[argv.indexOf('--port') + 1]) : undefined;
const baselineRef = argv.includes('--baseline') ? argv[argv.indexOf('--baseline') + 1] : undefined;
const RESULTS = new URL('../bench-results.json', import.meta.url).pathname;
const LOAD_MS = args.has('--quick') ? 1500 : 4000;
const RENDER_N = args.has('--quick') ? 100 : 400;
/** Requests per page with the page cache emptied before each (every one a full render). */
const RENDER_COLD_N = args.has('--quick') ? 20 : 100;
/**
 * Rounds of alternating static-copy/page phases for the page throughput budget (one pair per page
 * per round). One-second rates on this machine swing by ±25 %, so the budget's median needs many
 * rounds to be steady (the beacon pair uses 24).
 */
const PAGE_ROUNDS = args.has('--quick') ? 4 : 20;
const PAGE_PHASE_MS = 1000;

const PAGES = { home: '/', buy: '/buy', product: '/mt-recover', form: '/license-code' };
/** Lighthouse mobile: home, buy and a product page, in every locale. */
const LIGHTHOUSE_PATHS = LOCALES.flatMap((locale) => ['/', '/buy', '/mt-recover'].map((path) => localizePath(locale, path)));
/** Hover-then-click navigations timed with prerendering and as many without (the next-page budget). */
const NEXT_PAGE_RUNS = args.has('--quick') ? 8 : 20;
const PLAN_REQUESTS = args.has('--quick') ? 300 : 1000;
/**
 * Alternating /health and beacon phases for the beacon budget: many short ones, because on a
 * shared 2-core machine the rate drifts by ±20 % from one second to the next, and only many
 * alternations spread that drift evenly over both targets.
 */
const BEACON_ROUNDS = args.has('--quick') ? 10 : 24;
const BEACON_PHASE_MS = 1000;
/** Beacon URLs built ahead per phase: more than a one-second phase sends on this machine. */
const BEACON_PREBUILT = 4000;

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The built client the asset server serves (the static copies of the pages go in for the throughput phases). */
const ASSETS_DIR = new URL('../dist/client/', import.meta.url).pathname;

/** The built asset whose size is closest to `bytes`: the reference row of the throughput table. */
function staticSample(bytes) {
  const dir = join(ASSETS_DIR, 'assets');
  const files = readdirSync(dir).map((f) => ({ f, size: statSync(join(dir, f)).size }));
  files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes));
  return `/assets/${files[0].f}`;
}

/** Several load phases of one target as one: requests over their total time; p50 the request-weighted mean of the phases' medians, p99 the worst phase's. */
function combine(phases) {
  const requests = phases.reduce((sum, p) => sum + p.requests, 0);
  const seconds = phases.reduce((sum, p) => sum + p.requests / p.rps, 0);
  const statuses = {};
  for (const p of phases) for (const [code, n] of Object.entries(p.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const weighted = (key) => phases.reduce((sum, p) => sum + p[key] * p.requests, 0) / requests;
  return { requests, rps: requests / seconds, p50: weighted('p50'), p99: Math.max(...phases.map((p) => p.p99)), statuses, bytes: phases.reduce((sum, p) => sum + p.bytes, 0), phases: phases.map((p) => Math.round(p.rps)) };
}

async function main() {
  const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : null;
  // Lighthouse's browser (CHROME_PATH), found or installed before the site starts.
  if (!args.has('--no-lighthouse')) await ensureBrowser();
  // The request line is built but not written (REQUEST_LOG in src/env.ts): wrangler dev's transport
  // of console lines (workerd's stdout, parsed in wrangler's Node process on the same two cores)
  // is not production's, and it cost every Worker request about a third of its throughput here.
  const site = await startSite({ production: true, vars: { REQUEST_LOG: 'off' }, ...(Number.isInteger(portArg) ? { port: portArg } : {}) });
  const results = { date: new Date().toISOString(), node: process.version, pages: {}, throughput: {}, render: {}, planCache: null, workerBundle: null, lighthouse: [], budgets: [] };
  try {
    const html = {};
    for (const [name, path] of Object.entries(PAGES)) {
      const res = await fetch(site.url + path, { headers: { cookie: 'locale=en-US' } });
      html[name] = await res.text();
    }
    results.pages = pageSizes(html);
    results.vitalsJs = vitalsJsSize();

    // Server cost: every page of the route table, then /health and the beacon, each n times inside
    // the Worker (after n / 10 untimed warm-up requests); pages also cold (page cache emptied
    // before each request). The beacon is a fresh event from a fresh visitor every time, so each
    // one is hashed and enqueued as real traffic is; beacon-400 is refused by validation.
    const routePages = await routeTablePages(site.url);
    const renderTargets = { ...routePages, health: '/health', beacon: `${beaconPathTemplate('bench-cost')}`, 'beacon-400': '/beacon?uuid=x' };
    results.render = await measureRenderCosts(site.url, renderTargets, { n: RENDER_N, coldN: RENDER_COLD_N, coldTargets: new Set(Object.keys(routePages)) });

    results.planCache = await measurePlanCache(site.url, { requests: PLAN_REQUESTS });
    results.checkout = await measureCheckout(site.url, { runs: 20 });

    // Each page against a static copy of itself (same bytes and type, served by the asset server),
    // in alternating one-second phases; a built asset of about home's size is the reference row.
    const sample = staticSample(Buffer.byteLength(html.home));
    const copies = writeStaticCopies(ASSETS_DIR, html);
    let paged;
    try {
      paged = await measurePageThroughput(site.url, PAGES, copies.paths, sample, { rounds: PAGE_ROUNDS, phaseMs: PAGE_PHASE_MS, headers: { cookie: 'locale=en-US' } });
    } finally {
      copies.remove();
    }
    results.throughput.static = { path: `${sample} (${paged.reference.length} phases, one per round)`, ...combine(paged.reference) };
    for (const [name, row] of Object.entries(paged.pages)) {
      results.throughput[`${name} static copy`] = { path: `${row.staticPath} (${row.staticPhases.length} phases)`, ...combine(row.staticPhases) };
      results.throughput[name] = {
        path: `${row.path} (${row.phases.length} phases)`,
        ...combine(row.phases),
        ratioToStatic: row.median,
        ratioRounds: row.ratios,
        ratioMin: row.min,
        ratioMax: row.max,
        ratioToReference: row.referenceRatio,
      };
    }
    const collectedBefore = await collectedCount(site.url);
    // /health against the beacon (the beacon budgets, docs/BENCHMARKS.md): BEACON_ROUNDS alternating phases each, so
    // both see the same machine. The beacon is a fresh event per request (uuid, time_) from a
    // fresh visitor (CF-Connecting-IP), as real traffic is; its own work after the answer (the
    // outbox's queue sends) falls inside its phase. Between rounds the bench waits until the
    // collection host holds every accepted beacon: the queue's consumer and the host run on other
    // machines in production, and here, with one-second phases and the consumer's 2 s batch
    // timer, their work would land in the next beacon phase every time (measured: 0.80–0.86).
    let beaconIndex = 0;
    let acceptedSoFar = 0;
    const drainSeconds = [];
    const rounds = { health: [], beacon: [] };
    for (let round = 0; round < BEACON_ROUNDS; round++) {
      rounds.health.push(await measureThroughput(site.url + '/health', { durationMs: BEACON_PHASE_MS }));
      // Built before the phase, so the load generator spends no more per beacon than per /health
      // request (it shares the machine's two cores with the Worker).
      const offset = beaconIndex;
      const urls = Array.from({ length: BEACON_PREBUILT }, (_, i) => site.url + beaconPath(offset + i, 'bench-load'));
      const headers = Array.from({ length: BEACON_PREBUILT }, (_, i) => ({ 'cf-connecting-ip': visitorIp(offset + i) }));
      const phase = await measureThroughput(site.url, {
        durationMs: BEACON_PHASE_MS,
        urlFor: (i) => urls[i] ?? site.url + beaconPath(offset + i, 'bench-load'),
        headersFor: (i) => headers[i] ?? { 'cf-connecting-ip': visitorIp(offset + i) },
      });
      beaconIndex += phase.requests;
      rounds.beacon.push(phase);
      acceptedSoFar += phase.statuses['200'] ?? 0;
      const drained = await waitForCollected(site.url, collectedBefore + acceptedSoFar, { timeoutMs: 30_000, intervalMs: 100 });
      drainSeconds.push(drained.seconds);
    }
    results.beaconDrainSeconds = drainSeconds;
    results.throughput.health = { path: `/health (${BEACON_ROUNDS} phases, alternating with the beacon)`, ...combine(rounds.health) };
    results.throughput.beacon = { path: `/beacon?<fresh event, fresh visitor> (${BEACON_ROUNDS} phases)`, ...combine(rounds.beacon) };
    // Then one visitor sending fresh events: the edge answers 429 after 120 in a minute.
    results.throughput['beacon-one-visitor'] = {
      path: '/beacon?<fresh event, one visitor>',
      ...(await measureThroughput(site.url, { durationMs: LOAD_MS, urlFor: (i) => site.url + beaconPath(i, 'bench-one'), headers: { 'cf-connecting-ip': '192.0.2.1' } })),
    };
    // Every accepted beacon must reach the collection host; wait for the queue to drain before
    // anything else is measured (its delivery work would otherwise load the machine).
    const acceptedBeacons = (results.throughput.beacon.statuses['200'] ?? 0) + (results.throughput['beacon-one-visitor'].statuses['200'] ?? 0);
    const delivery = await waitForCollected(site.url, collectedBefore + acceptedBeacons);
    results.beaconDelivery = { accepted: acceptedBeacons, stored: delivery.count - collectedBefore, drained: delivery.drained, seconds: delivery.seconds };
    // Pages carry their median per-round ratio; the other rows are compared with the static phases' overall rate.
    const staticRps = results.throughput.static.rps;
    for (const row of Object.values(results.throughput)) row.ratioToStatic ??= row.rps / staticRps;

    // The next page after a hover and a click, prerendered or not (scripts/bench/next-page.mjs).
    results.nextPage = await measureNextPage(site.url, { runs: NEXT_PAGE_RUNS });

    if (!args.has('--no-lighthouse')) {
      results.lighthouse = await runLighthouse(LIGHTHOUSE_PATHS.map((p) => site.url + p), { formFactors: ['mobile'] });
    }
  } finally {
    await site.stop();
  }
  // After the site has stopped, so building and evaluating the bundle loads nothing that is measured.
  results.workerBundle = measureWorkerBundle();
  const baseline = baselineRef ? checkoutBaseline(baselineRef) : null;
  try {
    results.startup = { ...measureStartup({ runs: args.has('--quick') ? 3 : 7, baselineRoot: baseline?.root }), baselineRef: baselineRef ?? null };
  } finally {
    baseline?.remove();
  }

  results.budgets = [...checkBudgets(results), ...checkoutBudgets(results.checkout)];
  writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  print(results, previous);
  if (results.budgets.some((b) => !b.pass)) process.exitCode = 1;
}

function trend(now, before, lowerIsBetter = true) {
  if (before === undefined || before === null || !Number.isFinite(before) || before === 0) return '';
  const change = ((now - before) / before) * 100;
  if (Math.abs(change) < 0.5) return ' (=)';
  const better = lowerIsBetter ? change < 0 : change > 0;
  return ` (${change > 0 ? '+' : ''}${change.toFixed(1)}% ${better ? 'better' : 'worse'})`;
}

function print(r, prev) {
  const out = [];
  out.push('## Size per page (KB = 1024 bytes; gzip level 9)', '', '| page | JS gzip | JS raw | JS shared/page gzip | CSS gzip | CSS raw | HTML raw | HTML gzip |', '|---|---|---|---|---|---|---|---|');
  for (const [name, s] of Object.entries(r.pages)) {
    out.push(`| ${name} | ${kb(s.js.gzip)}${trend(s.js.gzip, prev?.pages?.[name]?.js?.gzip)} | ${kb(s.js.raw)} | ${kb(s.jsShared.gzip)} / ${kb(s.jsPage.gzip)} | ${kb(s.css.gzip)} | ${kb(s.css.raw)} | ${kb(s.html.raw)} | ${kb(s.html.gzip)} |`);
  }
  out.push(
    '',
    `## Server cost inside the Worker (production React; mean over ${RENDER_N} requests after ${Math.ceil(RENDER_N / 10)} untimed; cold: page cache emptied before each of ${RENDER_COLD_N})`,
    '',
    '| target | path | ms per request | /health alternating | page cache | cold ms (full render) | status | body bytes |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const [name, x] of Object.entries(r.render)) {
    const health = x.compareMsPerRender === undefined ? '–' : x.compareMsPerRender.toFixed(3);
    out.push(`| ${name} | ${x.path} | ${x.msPerRender?.toFixed(3)}${trend(x.msPerRender, prev?.render?.[name]?.msPerRender)} | ${health} | ${x.pageCache ?? '–'} | ${x.cold ? x.cold.msPerRender.toFixed(3) : '–'} | ${x.status} | ${x.htmlBytes} |`);
  }
  if (r.vitalsJs) out.push('', `Web Vitals after hydration: ${kb(r.vitalsJs.gzip)} KB gzip, ${kb(r.vitalsJs.raw)} KB raw (${r.vitalsJs.files.join(', ')})`);
  if (r.nextPage) {
    const n = r.nextPage;
    const row = (name, x) => `| ${name} | ${x.median === null ? '–' : Math.round(x.median)} | ${x.runs.length} | ${x.runs.join(', ')} |`;
    out.push('', `## Next page (hover a link of the home page, click it: activation or navigation start to LCP, ms; ${NEXT_PAGE_RUNS} each, alternating)`, '', '| navigation | median ms | navigations | each |', '|---|---|---|---|');
    out.push(
      row('prerendered (clicked once the prerender has hydrated)', n.prerendered),
      row('prerendered, reduced motion (no view transition)', n.prerenderedStill),
      ...(n.prerenderStarted ? [row('prerender started (clicked as soon as it commits; not a budget)', n.prerenderStarted)] : []),
      row('not prerendered', n.notPrerendered),
    );
    if (n.failures.length) out.push('', `Failed navigations: ${n.failures.join('; ')}`);
  }
  if (r.workerBundle) {
    const w = r.workerBundle;
    out.push('', '## Worker bundle (wrangler deploy --dry-run --env production)', '', '| raw KB | gzip KB | startup ms (median, fresh Node processes) | largest parts |', '|---|---|---|---|');
    out.push(`| ${kb(w.raw)}${trend(w.raw, prev?.workerBundle?.raw)} | ${kb(w.gzip)} | ${w.startupMs.toFixed(0)} (${w.startupRuns.map((t) => t.toFixed(0)).join(', ')}) | ${w.contributors.map((c) => `${c.group} ${kb(c.bytes)}`).join(', ')} |`);
  }
  if (r.startup) {
    const s = r.startup;
    const row = (name, x) => `| ${name} | ${x.activeMs.toFixed(1)} | ${x.runs.map((t) => t.toFixed(0)).join(', ')} | ${x.gzipKb ?? '–'} |`;
    out.push('', '## Worker start-up (wrangler check startup --env production: "Active" CPU ms of the start-up profile, median; alternating runs)', '', '| checkout | Active ms | runs | bundle gzip KiB (wrangler) |', '|---|---|---|---|');
    out.push(row('this one', s.current));
    if (s.baseline) out.push(row(`baseline ${s.baselineRef}`, s.baseline));
  }
  if (r.beaconDelivery) {
    const d = r.beaconDelivery;
    out.push('', '## Beacon delivery (the load phases\' accepted beacons at the collection host)', '', '| accepted (200) | stored at the host | drained | seconds to drain |', '|---|---|---|---|');
    out.push(`| ${d.accepted} | ${d.stored} | ${d.drained ? 'yes' : 'NO'} | ${d.seconds.toFixed(1)} |`);
  }
  if (r.planCache) {
    const p = r.planCache;
    out.push('', `## Plan cache (${p.requests} × GET ${p.path}, country ${p.country}, 4 at a time)`, '', '| X-Plan-Source counts | KV hit ratio | upstream list_group calls (Worker counter) | statuses | seconds |', '|---|---|---|---|---|');
    out.push(`| ${JSON.stringify(p.sources)} | ${(p.kvHitRatio * 100).toFixed(1)}% | ${p.statsAvailable ? p.upstreamCalls : 'n/a'} | ${JSON.stringify(p.statuses)} | ${p.seconds.toFixed(1)} |`);
  }
  out.push(
    '',
    `## Throughput (one run, one load generator, 8 connections; pages ${PAGE_ROUNDS} rounds of alternating ${PAGE_PHASE_MS / 1000}s phases: its static copy, then the page; ratio = median of the rounds; health and beacon ${BEACON_ROUNDS} alternating phases of ${BEACON_PHASE_MS / 1000}s; one visitor ${LOAD_MS / 1000}s)`,
    '',
    'wrangler dev runs without its local trace collector (X_LOCAL_OBSERVABILITY=false, scripts/lib/dev-server.mjs `devTraces`): it is a tail worker on every Worker invocation that production does not have, and it would be charged to the pages but not to the static copies.',
    '',
    'Pages: "ratio" is to the static copy of the same page (same bytes, served by the asset server), the budget\'s measure. Every other row: to the reference asset (`static`). "to reference" gives the pages against the reference asset too.',
    '',
    '| target | req/s | ratio | rounds min–max | to reference | p50 ms | p99 ms | statuses |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const [name, x] of Object.entries(r.throughput)) {
    const spread = x.ratioRounds ? `${x.ratioMin.toFixed(2)}–${x.ratioMax.toFixed(2)}` : '–';
    const reference = x.ratioToReference === undefined ? '–' : x.ratioToReference.toFixed(2);
    out.push(`| ${name} (${x.path}) | ${x.rps.toFixed(0)} | ${x.ratioToStatic.toFixed(2)}${trend(x.ratioToStatic, prev?.throughput?.[name]?.ratioToStatic, false)} | ${spread} | ${reference} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${JSON.stringify(x.statuses)} |`);
  }
  if (r.lighthouse.length) {
    out.push('', '## Lighthouse', '', '| url | form | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms | what costs points |', '|---|---|---|---|---|---|---|---|---|---|');
    for (const x of r.lighthouse) out.push(`| ${new URL(x.url).pathname} | ${x.formFactor} | ${x.performance} | ${x.accessibility} | ${x.bestPractices} | ${x.seo} | ${x.lcpMs} | ${x.cls} | ${x.tbtMs} | ${[...(x.perfFailing ?? []), ...x.failing].join(', ') || (x.runtimeError ? `error: ${x.runtimeError}` : '–')} |`);
  }
  out.push('', '## Budgets', '', '| budget | limit | measured | result |', '|---|---|---|---|');
  for (const b of r.budgets) out.push(`| ${b.name} | ${b.limit} | ${b.measured} | ${b.pass ? 'pass' : 'FAIL'} |`);
  console.log(out.join('\n'));
}

export { BUDGETS };
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
