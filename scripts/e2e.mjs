#!/usr/bin/env node
// `npm run test:e2e`: builds the client, starts the site on a free port (production React), runs
// Playwright in Chromium (found or installed by scripts/lib/browser.mjs) against it and stops the site. Extra arguments go to
// `playwright test` (e.g. `npm run test:e2e -- menu --headed`).
import { runE2E } from './lib/e2e.mjs';

const result = await runE2E({ build: true, args: process.argv.slice(2) });
console.log(`e2e: ${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`);
process.exit(result.ok ? 0 : 1);
