#!/usr/bin/env node
// `npm run soak`: the load and fault suite, on loopback only. Starts the site in production mode
// with the reference origin (scripts/lib/dev-server.mjs), puts the stand-in installer into its
// local R2 (npm run seed:installer, same --persist-to), then runs mixed traffic at saturation —
// pages, API form posts with the origin's seeded accounts, beacons, installer downloads with
// ranges — through five phases while the upstream is healthy, slow, slower than the proxy's
// timeout, failing, and healthy again (the origin's fault switches, reached through the site's
// non-production GET/POST /__test/upstream-faults). Then waits for the beacon queue to drain.
//
// Prints per phase: req/s, p50, p99, what visitors got (status histogram per kind), the site's own
// 5xx (must be 0), the proxy's 502/504 upstream envelopes (expected while the upstream is down or
// too slow: that is the designed answer), and answers that never came (must be 0: the client
// waits 2.5 × the proxy's timeout). Then beacons accepted against beacons stored at the
// collection host (must be equal). Writes soak-results.json; exit 1 when a must fails.
//
// Flags: --quick (about 45 s of traffic instead of about 2.5 min), --port <n> (default: a free
//        one), --url <base> (a running site: no seeding, downloads only if the installer is there),
//        --no-build (reuse dist/client as built, e.g. by npm test, instead of building it again).
// Ctrl-C, SIGTERM or a failure stops the site and everything else it started (scripts/lib/processes.mjs).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, projectEnv, run, startSite, stopOnSignal } from './lib/dev-server.mjs';
import { collectedCount, waitForCollected } from './bench/beacon.mjs';
import { importProjectModule } from './audit/pages.mjs';
import { INSTALLER_PATH, percentile, runTraffic } from './soak/traffic.mjs';

const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RESULTS = join(ROOT, 'soak-results.json');

/** The proxy's deadline (UPSTREAM_TIMEOUT_MS of the local vars in wrangler.toml). */
function proxyTimeoutMs() {
  const toml = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8');
  const top = toml.split(/^\[env\./m)[0];
  const value = Number(/^\s*UPSTREAM_TIMEOUT_MS\s*=\s*"?(\d+)"?/m.exec(top)?.[1]);
  return Number.isInteger(value) && value > 0 ? value : 8000;
}

const PROXY_TIMEOUT_MS = proxyTimeoutMs();
/** A visitor's patience: well beyond the proxy's deadline, so an answer that never comes is a hang, not impatience. */
const CLIENT_TIMEOUT_MS = Math.round(PROXY_TIMEOUT_MS * 2.5);

/** The phases: name, seconds, what the upstream does (the origin's switches), what a visitor should see. */
const PHASES = [
  { name: 'healthy', seconds: QUICK ? 9 : 35, faults: { latency_ms: 0, fail_api: false }, expect: 'every API call answered by the origin' },
  { name: 'slow', seconds: QUICK ? 7 : 25, faults: { latency_ms: 1500, fail_api: false }, expect: 'API calls about 1.5 s slower, still answered' },
  { name: 'too slow', seconds: QUICK ? 12 : 25, faults: { latency_ms: PROXY_TIMEOUT_MS + 1500, fail_api: false }, expect: `API calls cut at the proxy's ${PROXY_TIMEOUT_MS / 1000} s deadline: 504 envelopes` },
  { name: 'failing', seconds: QUICK ? 7 : 25, faults: { latency_ms: 0, fail_api: true }, expect: 'the origin answers 500: 502 envelopes' },
  { name: 'recovered', seconds: QUICK ? 8 : 30, faults: { latency_ms: 0, fail_api: false }, expect: 'every API call answered again' },
];

const SWITCHING = 'switching';

/** Connections per kind of request (closed loop: each sends its next request when the last is read). */
const POOLS = { page: 6, api: 4, beacon: 4, download: 2 };

async function setFaults(baseUrl, faults) {
  const res = await fetch(`${baseUrl}/__test/upstream-faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(faults), signal: AbortSignal.timeout(10_000) });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`POST /__test/upstream-faults ${JSON.stringify(faults)} answered ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Seeds the stand-in installer into `persistTo` when the project has `npm run seed:installer`; its size, or 0. */
async function seedInstaller(persistTo, log) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  if (!pkg.scripts?.['seed:installer']) {
    log('downloads: skipped (no `npm run seed:installer` in package.json)');
    return 0;
  }
  await run('npm', ['run', '--silent', 'seed:installer', '--', '--persist-to', persistTo], { env: projectEnv(), log: process.stderr });
  const { INSTALLER_SIZE } = await import('./seed-installer.mjs');
  return INSTALLER_SIZE;
}

function summarize(stats) {
  const sorted = (list) => [...list].sort((a, b) => a - b);
  const all = sorted(stats.latencies);
  const kinds = Object.fromEntries(
    Object.entries(stats.byKind).map(([kind, k]) => {
      const s = sorted(k.latencies);
      return [kind, { requests: k.requests, statuses: k.statuses, p50: percentile(s, 50), p99: percentile(s, 99) }];
    }),
  );
  return { requests: stats.requests, p50: percentile(all, 50), p99: percentile(all, 99), statuses: stats.statuses, kinds, siteErrors: stats.siteErrors, upstreamEnvelopes: stats.upstreamEnvelopes, devRestarts: stats.devRestarts, noAnswer: stats.noAnswer, connectionErrors: stats.connectionErrors, shortBodies: stats.shortBodies, beaconsAccepted: stats.beaconsAccepted, beaconsRefused: stats.beaconsRefused };
}

async function main() {
  const log = (line) => console.log(line);
  const url = option('--url');
  const port = Number(option('--port'));
  const started = Date.now();
  let persistTo = null;
  let site;
  let installerSize = 0;
  if (url) {
    site = { url: url.replace(/\/+$/, ''), stop: async () => {} };
    const head = await fetch(site.url + INSTALLER_PATH, { method: 'HEAD' }).catch(() => null);
    installerSize = head?.status === 200 ? Number(head.headers.get('content-length')) : 0;
    if (!installerSize) log('downloads: skipped (no installer in the running site\'s R2)');
  } else {
    persistTo = mkdtempSync(join(tmpdir(), 'mt-soak-'));
    installerSize = await seedInstaller(persistTo, log);
    site = await startSite({ production: true, persistTo, build: !argv.includes('--no-build'), ...(Number.isInteger(port) && port > 0 ? { port } : {}) });
  }
  stopOnSignal(site);
  const { EDGE_ERRORS } = await importProjectModule('src/domain/api-handlers.ts');
  const edgeCodes = new Set(Object.values(EDGE_ERRORS).map((e) => e.code));
  const pools = { ...POOLS, download: installerSize ? POOLS.download : 0 };
  const results = { date: new Date().toISOString(), url: site.url, quick: QUICK, proxyTimeoutMs: PROXY_TIMEOUT_MS, clientTimeoutMs: CLIENT_TIMEOUT_MS, pools, installerSize, phases: [], beacons: null };
  log(`soak: ${site.url}${url ? '' : ` (log ${site.log})`}; proxy timeout ${PROXY_TIMEOUT_MS} ms, client timeout ${CLIENT_TIMEOUT_MS} ms; pools ${JSON.stringify(pools)}`);

  try {
    await setFaults(site.url, { latency_ms: 0, fail_api: false, collect_down: false });
    const collectedBefore = await collectedCount(site.url);
    // Requests in flight while a switch flips may see either side of it: they are filed under
    // 'switching' (each change of `current` is a new epoch).
    let current = -1;
    let epoch = 0;
    let stop = false;
    const phaseStarted = [];
    const phaseOf = () => ({ name: current < 0 ? SWITCHING : PHASES[current].name, epoch });
    const traffic = runTraffic(site.url, { pools, phaseOf, switching: SWITCHING, shouldStop: () => stop, installerSize, timeoutMs: CLIENT_TIMEOUT_MS, edgeCodes });
    for (let i = 0; i < PHASES.length; i++) {
      const phase = PHASES[i];
      current = -1;
      epoch++;
      const faults = await setFaults(site.url, phase.faults);
      current = i;
      epoch++;
      phaseStarted[i] = Date.now();
      log(`phase ${i + 1}/${PHASES.length} ${phase.name}: ${phase.seconds} s, upstream ${JSON.stringify({ latency_ms: faults.latency_ms, fail_api: faults.fail_api })}`);
      await new Promise((resolve) => setTimeout(resolve, phase.seconds * 1000));
    }
    stop = true;
    const ended = Date.now();
    const byPhase = await traffic;
    await setFaults(site.url, { latency_ms: 0, fail_api: false });
    const empty = { requests: 0, latencies: [], statuses: {}, byKind: {}, siteErrors: [], upstreamEnvelopes: {}, devRestarts: 0, noAnswer: 0, connectionErrors: [], shortBodies: 0, beaconsAccepted: 0, beaconsRefused: {} };
    for (let i = 0; i < PHASES.length; i++) {
      const phase = PHASES[i];
      const seconds = ((i + 1 < PHASES.length ? phaseStarted[i + 1] : ended) - phaseStarted[i]) / 1000;
      const stats = summarize(byPhase[phase.name] ?? empty);
      results.phases.push({ name: phase.name, faults: phase.faults, expect: phase.expect, seconds, rps: stats.requests / seconds, ...stats });
    }
    results.switching = summarize(byPhase[SWITCHING] ?? empty);
    const accepted = results.phases.reduce((sum, p) => sum + p.beaconsAccepted, 0) + results.switching.beaconsAccepted;
    log(`beacons: ${accepted} accepted; waiting for the queue to drain…`);
    const drain = await waitForCollected(site.url, collectedBefore + accepted, { timeoutMs: QUICK ? 60_000 : 120_000 });
    results.beacons = { accepted, stored: drain.count - collectedBefore, equal: drain.count - collectedBefore === accepted, secondsToDrain: drain.seconds };
  } finally {
    await site.stop();
    if (persistTo) rmSync(persistTo, { recursive: true, force: true });
  }
  // wrangler dev rebuilds and restarts the Worker when a file it bundles changes (an edit, or
  // another build replacing dist/client): that is the dev server, not the site. Counted apart.
  if (site.log) {
    const text = readFileSync(site.log, 'utf8');
    results.devServerRebuildFailures = (text.match(/Build failed/g) ?? []).length;
  }

  results.seconds = (Date.now() - started) / 1000;
  results.failures = failures(results);
  writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  print(results);
  if (results.failures.length) process.exitCode = 1;
}

function failures(r) {
  const out = [];
  for (const p of r.phases) {
    if (p.siteErrors.length) out.push(`${p.name}: ${p.siteErrors.length} 5xx from the site itself (first: ${p.siteErrors[0]})`);
    if (p.devRestarts) out.push(`${p.name}: ${p.devRestarts} answer(s) were wrangler dev's "Your worker restarted mid-request" (its file watcher reloaded the Worker: files under it changed during the run); rerun on a quiet tree`);
    if (p.noAnswer) out.push(`${p.name}: ${p.noAnswer} request(s) got no answer within ${r.clientTimeoutMs} ms`);
    if (p.connectionErrors.length) out.push(`${p.name}: ${p.connectionErrors.length} connection error(s) (first: ${p.connectionErrors[0]})`);
    if (p.shortBodies) out.push(`${p.name}: ${p.shortBodies} download(s) with a body of the wrong length`);
    if (!p.requests) out.push(`${p.name}: no traffic`);
  }
  const sw = r.switching;
  if (sw?.siteErrors.length) out.push(`while switching: ${sw.siteErrors.length} 5xx from the site itself (first: ${sw.siteErrors[0]})`);
  if (sw?.noAnswer) out.push(`while switching: ${sw.noAnswer} request(s) got no answer within ${r.clientTimeoutMs} ms`);
  if (sw?.connectionErrors.length) out.push(`while switching: ${sw.connectionErrors.length} connection error(s)`);
  if (sw?.devRestarts) out.push(`while switching: ${sw.devRestarts} wrangler dev restart answer(s)`);
  if (r.beacons && !r.beacons.equal) out.push(`beacons: ${r.beacons.accepted} accepted but ${r.beacons.stored} stored at the collection host after ${r.beacons.secondsToDrain.toFixed(0)} s`);
  const upstreamFaultPhases = r.phases.filter((p) => p.faults.fail_api || p.faults.latency_ms > r.proxyTimeoutMs);
  for (const p of upstreamFaultPhases) if (!Object.keys(p.upstreamEnvelopes).length) out.push(`${p.name}: the upstream was down but no 502/504 envelope was seen (is the fault switch working?)`);
  return out;
}

function print(r) {
  const ms = (x) => x.toFixed(0);
  const out = ['', `## Soak (${r.quick ? 'quick' : 'full'}): mixed traffic at saturation, pools ${JSON.stringify(r.pools)}${r.installerSize ? '' : ' — downloads skipped (no installer)'}`, ''];
  out.push('| phase | upstream | s | req/s | p50 ms | p99 ms | site 5xx | 502/504 upstream envelopes | dev-server restarts | no answer | beacons accepted |', '|---|---|---|---|---|---|---|---|---|---|---|');
  for (const p of r.phases) {
    const upstream = p.faults.fail_api ? 'failing (HTTP 500)' : p.faults.latency_ms ? `+${p.faults.latency_ms} ms` : 'healthy';
    out.push(`| ${p.name} | ${upstream} | ${p.seconds.toFixed(0)} | ${p.rps.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)} | ${p.siteErrors.length} | ${Object.entries(p.upstreamEnvelopes).map(([k, v]) => `${k}: ${v}`).join(', ') || 0} | ${p.devRestarts} | ${p.noAnswer} | ${p.beaconsAccepted} |`);
  }
  out.push('', '### What visitors got, per phase and kind (status: count; p50 / p99 ms)', '', '| phase | pages | API form posts | beacons | downloads |', '|---|---|---|---|---|');
  const cell = (k) => (k ? `${Object.entries(k.statuses).map(([s, n]) => `${s}: ${n}`).join(', ')}; ${ms(k.p50)} / ${ms(k.p99)}` : '–');
  for (const p of r.phases) out.push(`| ${p.name} | ${cell(p.kinds.page)} | ${cell(p.kinds.api)} | ${cell(p.kinds.beacon)} | ${cell(p.kinds.download)} |`);
  if (r.switching?.requests) out.push('', `While a switch flipped (between phases): ${r.switching.requests} requests, ${Object.entries(r.switching.statuses).map(([k, v]) => `${k}: ${v}`).join(', ')} — in flight across the change, so either side's answer is right.`);
  if (r.devServerRebuildFailures) out.push('', `wrangler dev logged ${r.devServerRebuildFailures} failed rebuild(s) during the run (files under it changed): numbers around them are not the site's.`);
  if (r.beacons) out.push('', `Beacons: ${r.beacons.accepted} accepted (200), ${r.beacons.stored} stored at the collection host${r.beacons.equal ? ` — equal after ${r.beacons.secondsToDrain.toFixed(0)} s of draining` : ' — NOT EQUAL'}.`);
  out.push('', `502/504 envelopes are the proxy's designed answer while the upstream fails or passes its ${r.proxyTimeoutMs / 1000} s deadline (codes 590000x from src/domain/api-handlers.ts EDGE_ERRORS, a Retry button in the forms); they are counted apart from the site's own 5xx, which must be 0. The client gives every request ${r.clientTimeoutMs / 1000} s, so an answer that never came is a hang.`);
  out.push('', `## Result: ${r.failures.length ? 'FAIL' : 'pass'} in ${r.seconds.toFixed(0)} s`);
  for (const f of r.failures) out.push(`- ${f}`);
  console.log(out.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
