// Lighthouse against the running site in Debian's Chromium (CHROME_PATH or /usr/bin/chromium).
import lighthouse, { desktopConfig } from 'lighthouse';
import { launch } from 'chrome-launcher';

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Runs each url once per form factor; returns rows of scores (0–100) and LCP/CLS/TBT. */
export async function runLighthouse(urls, { formFactors = ['mobile'] } = {}) {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const formFactor of formFactors) {
      for (const url of urls) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, formFactor === 'desktop' ? desktopConfig : undefined);
        const lhr = result.lhr;
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
          .filter((a) => ['accessibility', 'best-practices', 'seo'].some((cat) => lhr.categories[cat]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)))
          .map((a) => a.id);
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
        });
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
