#!/usr/bin/env node
// `npm test`: every check, in order, and one summary line at the very end.
//   0. the browser for the e2e phase (scripts/lib/browser.mjs finds one or installs one), before
//      anything else, so a machine where none can be had stops at once with what to run
//   1. build the client (production; the Worker imports its manifest) and the reference origin
//      as JavaScript (the worker tests run it as an auxiliary worker)
//   2. `wrangler types --check` (worker-configuration.d.ts must match wrangler.toml)
//   3. `tsc` (typecheck of src, client, tests, scripts; then origin/ with its own tsconfig)
//   4. `vitest run` (every project: unit, worker, origin)
//   5. Playwright e2e against a local production-mode site
// Every phase runs even when an earlier one failed (except the build, which the rest needs), so
// one run shows everything that is wrong. Exits non-zero if anything failed. The last line is
// `N passed, N failed`, counted over Vitest and Playwright tests.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBrowser } from './lib/browser.mjs';
import { projectEnv, ROOT, run } from './lib/dev-server.mjs';
import { runE2E } from './lib/e2e.mjs';

const env = projectEnv({ NODE_ENV: 'production' });
const work = mkdtempSync(join(tmpdir(), 'mt-test-'));
const phases = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

async function phase(name, work) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  let result;
  try {
    result = (await work()) ?? { ok: true };
  } catch (error) {
    result = { ok: false, message: error.message };
  }
  const seconds = (performance.now() - started) / 1000;
  phases.push({ name, seconds, ...result });
  if (!result.ok && result.message) console.error(`${name}: ${result.message}`);
  return result;
}

/** `wrangler types --check` with the same arguments as the build:types script, so both stay in step. */
function typesCheckArgs() {
  const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts?.['build:types'] ?? 'wrangler types';
  const args = script.trim().split(/\s+/);
  return [...args.slice(args.indexOf('types')), '--check'];
}

function readVitestReport(file) {
  if (!existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      // A file that failed to load has no failed test but is a failure all the same.
      brokenFiles: (report.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).every((a) => a.status !== 'failed')).length,
    };
  } catch {
    return null;
  }
}

const started = performance.now();

try {
  console.log(`browser: ${await ensureBrowser()}`);
} catch (error) {
  console.error(`\n${error.message}`);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

const builds = [phase('build (vite, production)', () => run('vite', ['build', '--logLevel', 'warn'], { env, inherit: true }))];
if (existsSync(join(ROOT, 'origin/wrangler.toml'))) {
  builds.push(phase('build (reference origin)', () => run('npm', ['run', '--silent', 'build:origin'], { env, inherit: true })));
}
if ((await Promise.all(builds)).some((b) => !b.ok)) {
  console.error('\nA build failed; nothing else can run without it.');
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

await phase('binding types (wrangler types --check)', async () => {
  try {
    await run('wrangler', typesCheckArgs(), { env, inherit: true });
  } catch {
    return { ok: false, message: 'worker-configuration.d.ts is stale: run `npm run build:types` and commit the result.' };
  }
});

await phase('typecheck (tsc)', async () => {
  try {
    await run('tsc', ['-p', 'tsconfig.json'], { env, inherit: true });
    // The reference origin has its own project (its own runtime types).
    if (existsSync(join(ROOT, 'origin/tsconfig.json'))) await run('tsc', ['-p', 'origin/tsconfig.json'], { env, inherit: true });
  } catch {
    return { ok: false, message: 'TypeScript errors (listed above).' };
  }
});

await phase('vitest (unit, worker, origin)', async () => {
  const reportFile = join(work, 'vitest.json');
  let exitedOk = true;
  try {
    await run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`], { env: projectEnv(), inherit: true });
  } catch {
    exitedOk = false;
  }
  const counts = readVitestReport(reportFile);
  if (!counts) {
    totals.failed += 1;
    return { ok: false, message: 'Vitest did not produce a report.' };
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed + counts.brokenFiles;
  totals.skipped += counts.skipped;
  const failedCount = counts.failed + counts.brokenFiles;
  if (!exitedOk && failedCount === 0) {
    totals.failed += 1;
    return { ok: false, message: 'Vitest exited with an error outside any test.' };
  }
  return { ok: exitedOk && failedCount === 0, detail: `${counts.passed} passed, ${failedCount} failed` };
});

await phase('e2e (Playwright, Chromium)', async () => {
  const result = await runE2E({ build: false });
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  return { ok: result.ok, detail: `${result.passed} passed, ${result.failed} failed${result.flaky ? ` (${result.flaky} flaky)` : ''}` };
});

const total = (performance.now() - started) / 1000;
console.log('\n=== summary ===');
for (const p of phases) console.log(`${p.ok ? 'ok  ' : 'FAIL'}  ${p.name.padEnd(42)} ${p.seconds.toFixed(1).padStart(6)} s${p.detail ? `   ${p.detail}` : ''}`);
console.log(`      ${'total'.padEnd(42)} ${total.toFixed(1).padStart(6)} s${totals.skipped ? `   (${totals.skipped} skipped/todo)` : ''}`);
const failedPhases = phases.filter((p) => !p.ok);
if (failedPhases.length) console.log(`failed: ${failedPhases.map((p) => p.name).join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedPhases.length ? 1 : 0);
