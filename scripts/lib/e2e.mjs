// The Playwright suite against a freshly started local site (production React, local vars).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBrowser } from './browser.mjs';
import { projectEnv, run, startSite } from './dev-server.mjs';

/**
 * Starts the site on a free port, runs `playwright test` against it, stops the site.
 * `build: false` reuses dist/client (the caller built it, in production mode).
 * Resolves to { ok, passed, failed, skipped, flaky, reportFile } read from Playwright's JSON report;
 * a suite that could not run at all counts as one failure.
 */
export async function runE2E({ build = true, args = [] } = {}) {
  let chromium;
  try {
    chromium = await ensureBrowser();
  } catch (error) {
    console.error(`e2e: ${error.message}`);
    return { ok: false, passed: 0, failed: 1, skipped: 0, flaky: 0 };
  }
  const reportFile = join(mkdtempSync(join(tmpdir(), 'mt-e2e-')), 'playwright.json');
  let site;
  try {
    site = await startSite({ production: true, build });
  } catch (error) {
    console.error(`e2e: the site did not start: ${error.message}`);
    return { ok: false, passed: 0, failed: 1, skipped: 0, flaky: 0 };
  }
  console.log(`e2e: site on ${site.url} (log: ${site.log})`);
  let ok = true;
  try {
    await run('playwright', ['test', ...args], { inherit: true, env: projectEnv({ E2E_BASE_URL: site.url, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile }) });
  } catch {
    ok = false;
  } finally {
    await site.stop();
  }
  const counts = readPlaywrightReport(reportFile);
  if (!counts) return { ok: false, passed: 0, failed: 1, skipped: 0, flaky: 0, reportFile };
  return { ok: ok && counts.failed === 0, ...counts, reportFile };
}

/** Test counts from Playwright's JSON reporter (a flaky test passed on retry and counts as passed). */
export function readPlaywrightReport(file) {
  if (!existsSync(file)) return null;
  try {
    const { stats, errors = [] } = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: (stats.unexpected ?? 0) + errors.length,
      skipped: stats.skipped ?? 0,
      flaky: stats.flaky ?? 0,
    };
  } catch {
    return null;
  }
}
