import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI);

/**
 * End-to-end tests in Chromium against a running site (E2E_BASE_URL). `npm run test:e2e` and
 * `npm test` start one in production mode on a free port, and set CHROMIUM_PATH to the browser
 * scripts/lib/browser.mjs found or installed (Debian's chromium, or Playwright's own download).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  outputDir: 'test-results',
  // Tests tagged @upstream-fault flip the reference origin's fault switches (fail_api, fail_path),
  // which every other test's requests would see: they run on their own, after the rest.
  projects: [
    { name: 'site', grepInvert: /@upstream-fault/ },
    { name: 'upstream-faults', grep: /@upstream-fault/, dependencies: ['site'], fullyParallel: false, workers: 1 },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
