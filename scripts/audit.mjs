#!/usr/bin/env node
// `npm run audit`: Lighthouse, axe-core and a security-header check in headless Chromium
// (found or installed by scripts/lib/browser.mjs; CHROMIUM_PATH picks one) against the site in production mode, started here on
// loopback (or `--url` of a running one). Prints the findings and writes audit-results.json.
//
//   Lighthouse  mobile and desktop; home, buy, a product page, license-code, feedback and the 404
//               page, in en-US and ja-JP: the four category scores and LCP, CLS, TBT.
//   axe-core    every page of the route table in every locale (+ /mobile/ variants on a phone),
//               light and dark themes; tags wcag2a/aa, wcag21a/aa, wcag22aa, best-practice.
//   headers     CSP, HSTS, nosniff, Referrer-Policy, Permissions-Policy, X-Frame-Options on pages,
//               API answers, static assets, redirects and errors.
//
// Exit 1 when any Lighthouse run scores below 95 for performance, any axe violation is found, or
// any header check fails. The goal is 100 in every Lighthouse category; the gap is printed.
//
// Flags: --url <base>       audit a running site instead of starting one
//        --port <n>         port of the site started here (default: a free one)
//        --skip <list>      any of lighthouse,axe,headers (comma-separated)
//        --locales <list>   axe only in these locales (default: all four)
//        --themes <list>    axe only in these themes (default: light,dark)
//        --quick            Lighthouse on mobile only, axe in en-US and ja-JP only
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ensureBrowser } from './lib/browser.mjs';
import { startSite, stopOnSignal } from './lib/dev-server.mjs';
import { runLighthouse } from './bench/lighthouse.mjs';
import { allPages } from './audit/pages.mjs';
import { AXE_TAGS, AXE_VERSION, runAxe } from './audit/axe.mjs';
import { checkHeaders } from './audit/headers.mjs';

const RESULTS = new URL('../audit-results.json', import.meta.url).pathname;
const LIGHTHOUSE_MIN_PERFORMANCE = 95;

function option(name) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}
const flag = (name) => process.argv.slice(2).includes(name);
const list = (value) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : null);

const QUICK = flag('--quick');
const SKIP = new Set(list(option('--skip')) ?? []);
const LOCALE_FILTER = list(option('--locales')) ?? (QUICK ? ['en-US', 'ja-JP'] : null);
const THEMES = list(option('--themes')) ?? ['light', 'dark'];

/** Lighthouse's pages: name → unprefixed path. */
const LIGHTHOUSE_PAGES = { home: '/', buy: '/buy', product: '/mt-recover', 'license-code': '/license-code', feedback: '/feedback', '404': '/404' };
const LIGHTHOUSE_LOCALES = { 'en-US': '', 'ja-JP': '/ja-JP' };

function localized(prefix, path) {
  if (!prefix) return path;
  return path === '/' ? prefix : prefix + path;
}

async function main() {
  const started = Date.now();
  const url = option('--url');
  const port = Number(option('--port'));
  // Before the site starts, so a machine without a browser stops here with what to run.
  await ensureBrowser();

  const site = url ? { url: url.replace(/\/+$/, ''), stop: async () => {} } : await startSite({ production: true, ...(Number.isInteger(port) && port > 0 ? { port } : {}) });
  stopOnSignal(site);
  console.log(`audit: ${site.url}${url ? '' : ` (started here; log ${site.log})`}`);
  const results = { date: new Date().toISOString(), url: site.url, axeVersion: AXE_VERSION, axeTags: AXE_TAGS, lighthouse: [], axe: [], headers: [] };
  try {
    if (!SKIP.has('headers')) {
      console.log('\nheaders: checking…');
      results.headers = await checkHeaders(site.url);
    }
    if (!SKIP.has('axe')) {
      const pages = (await allPages()).filter((p) => !LOCALE_FILTER || LOCALE_FILTER.includes(p.locale));
      console.log(`\naxe ${AXE_VERSION}: ${pages.length} pages × ${THEMES.length} themes…`);
      results.axe = await runAxe(site.url, pages, {
        themes: THEMES,
        onResult: (r, done, total) => {
          const note = r.failed ? ' FAILED TO LOAD' : r.violations.length ? ` ${r.violations.length} violation(s)` : '';
          if (note || done % 20 === 0 || done === total) console.log(`  [${done}/${total}] ${r.path} (${r.theme})${note}`);
        },
      });
    }
    if (!SKIP.has('lighthouse')) {
      const urls = Object.values(LIGHTHOUSE_LOCALES).flatMap((prefix) => Object.values(LIGHTHOUSE_PAGES).map((path) => site.url + localized(prefix, path)));
      const formFactors = QUICK ? ['mobile'] : ['mobile', 'desktop'];
      console.log(`\nLighthouse: ${urls.length} pages × ${formFactors.join(' + ')}…`);
      // ignoreStatusCode: the 404 page answers 404 on purpose; score it rather than refuse it.
      results.lighthouse = await runLighthouse(urls, { formFactors, flags: { ignoreStatusCode: true } });
    }
  } finally {
    await site.stop();
  }

  results.seconds = (Date.now() - started) / 1000;
  results.failures = failures(results);
  const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : null;
  writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  print(results, previous);
  if (results.failures.length) process.exitCode = 1;
}

/** Why the run fails: each Lighthouse run below 95, each axe violation (rule × page × theme), each header problem, each page that did not load. */
function failures(r) {
  const out = [];
  for (const row of r.lighthouse) {
    if (row.runtimeError) out.push(`Lighthouse ${row.formFactor} ${new URL(row.url).pathname}: ${row.runtimeError}`);
    else if (row.performance < LIGHTHOUSE_MIN_PERFORMANCE) out.push(`Lighthouse ${row.formFactor} performance ${row.performance} < ${LIGHTHOUSE_MIN_PERFORMANCE} on ${new URL(row.url).pathname}`);
  }
  for (const page of r.axe) {
    if (page.failed) out.push(`axe: ${page.path} (${page.theme}) did not load: ${page.errors.join('; ')}`);
    for (const v of page.violations) out.push(`axe ${v.id} (${v.impact}) on ${page.path} (${page.theme}): ${v.targets.slice(0, 3).join(', ')}`);
  }
  for (const row of r.headers) for (const problem of row.problems) out.push(`headers ${row.label}: ${problem}`);
  return out;
}

function print(r, previous) {
  const out = [];
  if (r.lighthouse.length) {
    out.push('', '## Lighthouse (goal: 100 in every category; performance below 95 fails the run)', '');
    out.push('| page | form | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms | below 100 because |', '|---|---|---|---|---|---|---|---|---|---|');
    for (const x of r.lighthouse) {
      const before = previous?.lighthouse?.find((p) => new URL(p.url).pathname === new URL(x.url).pathname && p.formFactor === x.formFactor);
      const delta = before && before.performance !== x.performance ? ` (was ${before.performance})` : '';
      const why = [...(x.perfFailing ?? []), ...x.failing].join(', ') || (x.runtimeError ? `error: ${x.runtimeError}` : '–');
      const landed = x.finalUrl && new URL(x.finalUrl).pathname !== new URL(x.url).pathname ? ` → ${new URL(x.finalUrl).pathname}` : '';
      out.push(`| ${new URL(x.url).pathname}${landed} | ${x.formFactor} | ${x.performance}${delta} | ${x.accessibility} | ${x.bestPractices} | ${x.seo} | ${x.lcpMs} | ${x.cls} | ${x.tbtMs} | ${why} |`);
    }
    const perfect = r.lighthouse.filter((x) => x.performance === 100 && x.accessibility === 100 && x.bestPractices === 100 && x.seo === 100).length;
    out.push('', `${perfect} of ${r.lighthouse.length} runs score 100 in all four categories.`);
  }
  if (r.axe.length) {
    const violations = r.axe.flatMap((page) => page.violations.map((v) => ({ ...v, page: page.path, theme: page.theme })));
    const notHydrated = r.axe.filter((p) => !p.failed && !p.hydrated);
    const withErrors = r.axe.filter((p) => p.errors?.length && !p.failed);
    out.push('', `## axe-core ${r.axeVersion} (${r.axeTags.join(', ')}): ${r.axe.length} page loads, ${violations.length} violation(s)`, '');
    if (violations.length) {
      const byRule = new Map();
      for (const v of violations) {
        const entry = byRule.get(v.id) ?? { impact: v.impact, help: v.help, pages: [] };
        entry.pages.push(`${v.page} (${v.theme}): ${v.targets.slice(0, 2).join(', ')}${v.targets.length > 2 ? ` +${v.targets.length - 2}` : ''}`);
        byRule.set(v.id, entry);
      }
      out.push('| rule | impact | help | page loads | examples (page (theme): target) |', '|---|---|---|---|---|');
      for (const [id, e] of byRule) out.push(`| ${id} | ${e.impact} | ${e.help} | ${e.pages.length} | ${e.pages.slice(0, 4).join('<br>')}${e.pages.length > 4 ? `<br>… ${e.pages.length - 4} more` : ''} |`);
    } else {
      out.push('No violations.');
    }
    const failed = r.axe.filter((p) => p.failed);
    if (failed.length) out.push('', `Pages that did not load: ${failed.map((p) => `${p.path} (${p.theme}): ${p.errors[0]}`).join('; ')}`);
    if (notHydrated.length) out.push('', `Pages whose islands did not hydrate within 15 s (audited anyway): ${notHydrated.map((p) => `${p.path} (${p.theme})`).join(', ')}`);
    if (withErrors.length) out.push('', `Pages with console errors: ${withErrors.map((p) => `${p.path} (${p.theme}): ${p.errors[0]}`).slice(0, 10).join('; ')}`);
    const wrongTheme = r.axe.filter((p) => !p.failed && p.appliedTheme && p.appliedTheme !== p.theme);
    if (wrongTheme.length) out.push('', `Pages that did not apply the stored theme: ${wrongTheme.map((p) => `${p.path} (${p.theme} → ${p.appliedTheme})`).join(', ')}`);
  }
  if (r.headers.length) {
    out.push('', '## Security headers', '', '| answer | kind | status | result |', '|---|---|---|---|');
    for (const row of r.headers) out.push(`| ${row.label} | ${row.kind} | ${row.status} | ${row.problems.length ? row.problems.join('; ') : 'ok'} |`);
  }
  out.push('', `## Result: ${r.failures.length ? `FAIL (${r.failures.length} finding(s))` : 'pass'} in ${r.seconds.toFixed(0)} s`);
  for (const f of r.failures.slice(0, 40)) out.push(`- ${f}`);
  if (r.failures.length > 40) out.push(`- … ${r.failures.length - 40} more in audit-results.json`);
  console.log(out.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
