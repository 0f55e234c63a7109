#!/usr/bin/env node
// `npm run bench`: the site in production mode on loopback, measured. Prints one table and writes
// bench-results.json (not committed); compares with the previous bench-results.json if present.
// Flags: --no-lighthouse (skip Lighthouse), --quick (shorter load phases).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSite } from './lib/dev-server.mjs';
import { pageSizes } from './bench/sizes.mjs';
import { measureThroughput } from './bench/load.mjs';
import { runLighthouse } from './bench/lighthouse.mjs';
import { BUDGETS, checkBudgets } from './bench/budgets.mjs';

const args = new Set(process.argv.slice(2));
const RESULTS = new URL('../bench-results.json', import.meta.url).pathname;
const LOAD_MS = args.has('--quick') ? 1500 : 4000;
const RENDER_N = args.has('--quick') ? 100 : 400;

const PAGES = { home: '/', buy: '/buy', product: '/mt-recover', form: '/license-code' };

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The built asset whose size is closest to `bytes`: the static baseline for throughput. */
function staticSample(bytes) {
  const dir = new URL('../dist/client/assets/', import.meta.url).pathname;
  const files = readdirSync(dir).map((f) => ({ f, size: statSync(join(dir, f)).size }));
  files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes));
  return `/assets/${files[0].f}`;
}

async function main() {
  const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : null;
  const site = await startSite({ production: true });
  const results = { date: new Date().toISOString(), node: process.version, pages: {}, throughput: {}, render: {}, lighthouse: [], budgets: [] };
  try {
    const html = {};
    for (const [name, path] of Object.entries(PAGES)) {
      const res = await fetch(site.url + path, { headers: { cookie: 'locale=en-US' } });
      html[name] = await res.text();
    }
    results.pages = pageSizes(html);

    for (const [name, path] of Object.entries({ ...PAGES, health: '/health' })) {
      const res = await fetch(`${site.url}/__bench/render?path=${encodeURIComponent(path)}&n=${RENDER_N}`);
      results.render[name] = await res.json();
    }

    const sample = staticSample(Buffer.byteLength(html.home));
    const targets = { ...PAGES, health: '/health', static: sample };
    for (const [name, path] of Object.entries(targets)) {
      results.throughput[name] = { path, ...(await measureThroughput(site.url + path, { durationMs: LOAD_MS, headers: { cookie: 'locale=en-US' } })) };
    }
    const staticRps = results.throughput.static.rps;
    for (const row of Object.values(results.throughput)) row.ratioToStatic = row.rps / staticRps;

    if (!args.has('--no-lighthouse')) {
      const urls = ['/', '/fr-FR', '/ja-JP', '/zh-CN'].map((p) => site.url + p);
      results.lighthouse = await runLighthouse(urls, { formFactors: ['mobile'] });
    }
  } finally {
    await site.stop();
  }

  results.budgets = checkBudgets(results);
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
  out.push('', `## Server render cost (production React, mean over ${RENDER_N} renders inside the Worker)`, '', '| page | ms per render | HTML bytes |', '|---|---|---|');
  for (const [name, x] of Object.entries(r.render)) out.push(`| ${name} | ${x.msPerRender?.toFixed(3)}${trend(x.msPerRender, prev?.render?.[name]?.msPerRender)} | ${x.htmlBytes} |`);
  out.push('', `## Throughput (one run, one load generator, 8 connections, ${LOAD_MS / 1000}s each)`, '', '| target | req/s | ratio to static | p50 ms | p99 ms | statuses |', '|---|---|---|---|---|---|');
  for (const [name, x] of Object.entries(r.throughput)) {
    out.push(`| ${name} (${x.path}) | ${x.rps.toFixed(0)} | ${x.ratioToStatic.toFixed(2)}${trend(x.ratioToStatic, prev?.throughput?.[name]?.ratioToStatic, false)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${JSON.stringify(x.statuses)} |`);
  }
  if (r.lighthouse.length) {
    out.push('', '## Lighthouse', '', '| url | form | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms | failing audits |', '|---|---|---|---|---|---|---|---|---|---|');
    for (const x of r.lighthouse) out.push(`| ${new URL(x.url).pathname} | ${x.formFactor} | ${x.performance} | ${x.accessibility} | ${x.bestPractices} | ${x.seo} | ${x.lcpMs} | ${x.cls} | ${x.tbtMs} | ${x.failing.join(', ') || '–'} |`);
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
