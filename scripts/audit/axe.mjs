// axe-core in Debian's Chromium (Playwright), on every page the audit lists, in light and dark
// themes. The theme is stored in localStorage before the first script runs, as a returning
// visitor's would be; the page is audited once its islands have hydrated (body[data-hydrated]).
// axe runs through the DevTools protocol (page.evaluate), so the page keeps its real CSP.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { chromium, devices } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_VERSION = JSON.parse(readFileSync(require.resolve('axe-core/package.json'), 'utf8')).version;
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };
const PHONE = { ...devices['Pixel 7'], locale: 'en-US' };

/** One page in one theme: its violations (rule, impact, targets) and whether it loaded at all. */
async function auditPage(browser, baseUrl, page, theme) {
  const context = await browser.newContext(page.mobile ? PHONE : DESKTOP);
  try {
    await context.addInitScript((value) => {
      try {
        localStorage.setItem('theme', value);
      } catch {
        /* storage disabled: the page follows the system theme */
      }
    }, theme);
    // The first-visit language offer would send '/' elsewhere: say the visitor already chose.
    await context.addCookies([{ name: 'locale', value: page.locale, url: baseUrl }]);
    const tab = await context.newPage();
    const errors = [];
    tab.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    const response = await tab.goto(baseUrl + page.path, { waitUntil: 'load', timeout: 30_000 });
    const status = response?.status() ?? 0;
    const finalPath = new URL(tab.url()).pathname + new URL(tab.url()).search;
    const hydrated = await tab
      .locator('body[data-hydrated]')
      .waitFor({ state: 'attached', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    const appliedTheme = await tab.evaluate(() => document.documentElement.dataset.theme ?? null);
    await tab.evaluate(AXE_SOURCE);
    const results = await tab.evaluate(
      (tags) => globalThis.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
      AXE_TAGS,
    );
    const violations = results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
    }));
    return { ...page, theme, status, finalPath, hydrated, appliedTheme, errors, violations };
  } finally {
    await context.close();
  }
}

/**
 * Audits `pages` × `themes` with `concurrency` tabs at a time; `onResult` is called as each
 * finishes (for progress output). Resolves to the results in input order.
 */
export async function runAxe(baseUrl, pages, { themes = ['light', 'dark'], concurrency = 2, onResult } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const jobs = pages.flatMap((page) => themes.map((theme) => ({ page, theme })));
  const results = new Array(jobs.length);
  let next = 0;
  let done = 0;
  let failedInARow = 0;
  let abort = null;
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, concurrency) }, async () => {
        while (next < jobs.length && !abort) {
          const index = next++;
          const { page, theme } = jobs[index];
          let result;
          try {
            result = await auditPage(browser, baseUrl, page, theme);
          } catch (error) {
            result = { ...page, theme, status: 0, hydrated: false, errors: [String(error?.message ?? error)], violations: [], failed: true };
          }
          results[index] = result;
          onResult?.(result, ++done, jobs.length);
          // Pages that do not load one after another: is the site still there at all?
          failedInARow = result.failed ? failedInARow + 1 : 0;
          if (failedInARow >= 4 && !abort) {
            const health = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, (e) => e.message);
            if (health !== 200) abort = new Error(`axe stopped: ${failedInARow} pages in a row did not load and GET /health answered ${health} (is the Worker failing to build? see the site log)`);
          }
        }
      }),
    );
  } finally {
    await browser.close();
  }
  if (abort) throw abort;
  return results;
}
