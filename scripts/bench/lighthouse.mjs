// Lighthouse against the running site in Chromium (CHROME_PATH, set by scripts/lib/browser.mjs).
import lighthouse, { desktopConfig } from 'lighthouse';
import { killAll, launch } from 'chrome-launcher';
import { onCleanup } from '../lib/processes.mjs';

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Lighthouse's own failures worth one more try (a trace that did not record, a page that hung). */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'PAGE_HUNG', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT', 'NO_SCREENSHOTS']);

/**
 * Runs each url once per form factor; returns rows of scores (0–100) and LCP/CLS/TBT.
 * `flags` are extra Lighthouse flags (the audit passes ignoreStatusCode, so a 404 page is scored
 * instead of refused); a run that fails for one of Lighthouse's transient reasons is tried again
 * up to `retries` times.
 */
export async function runLighthouse(urls, { formFactors = ['mobile'], flags = {}, retries = 1 } = {}) {
  // chrome-launcher gives Chrome a process group of its own: the scripts' clean-up path stops it on
  // a signal too, even one that comes while Chrome is still starting (killAll knows it by then).
  const forget = onCleanup(killAll);
  const start = () => launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  let chrome = await start();
  const rows = [];
  try {
    for (const formFactor of formFactors) {
      for (const url of urls) {
        let result;
        let thrown = null;
        for (let attempt = 0; ; attempt++) {
          try {
            result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags }, formFactor === 'desktop' ? desktopConfig : undefined);
            thrown = null;
          } catch (error) {
            // Lighthouse lost its browser (a crashed or closed Chrome: "Connection closed"): the
            // next try, and the next url, get a fresh one instead of ending the whole run.
            thrown = error;
            await chrome.kill();
            chrome = await start();
          }
          if (attempt >= retries || (!thrown && !RETRYABLE.has(result.lhr.runtimeError?.code))) break;
        }
        if (thrown) {
          rows.push({ url, formFactor, performance: 0, accessibility: 0, bestPractices: 0, seo: 0, lcpMs: 0, cls: 0, tbtMs: 0, failing: [], perfFailing: [], fcpMs: 0, siMs: 0, runtimeError: `Lighthouse failed: ${thrown.message}`, finalUrl: url });
          continue;
        }
        const lhr = result.lhr;
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
          .filter((a) => ['accessibility', 'best-practices', 'seo'].some((cat) => lhr.categories[cat]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)))
          .map((a) => {
            // Name the kinds of issue Chrome logged (e.g. a CSP violation), not just that there were some.
            const kinds = a.id === 'inspector-issues' ? [...new Set((a.details?.items ?? []).map((item) => item.issueType))] : [];
            return kinds.length ? `${a.id} (${kinds.join(', ')})` : a.id;
          });
        // The performance metrics that cost points (weighted audits below 0.9), with their values.
        const perfFailing = (lhr.categories.performance?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${ref.id} ${lhr.audits[ref.id].displayValue ?? ''}`.trim());
        rows.push({
          url,
          formFactor,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          failing,
          perfFailing,
          fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
          siMs: Math.round(lhr.audits['speed-index']?.numericValue ?? 0),
          runtimeError: lhr.runtimeError?.message ?? null,
          finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl ?? url,
        });
      }
    }
  } finally {
    forget();
    await chrome.kill();
  }
  return rows;
}
