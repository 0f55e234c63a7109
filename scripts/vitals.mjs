#!/usr/bin/env node
// `npm run vitals -- --since 1h`: the 75th percentile of real-user Web Vitals (LCP, INP, CLS,
// TTFB) per page, locale and navigation type, from the reference origin's store of vitals
// reports (vitals_events, docs/ARCHITECTURE.md, Web Vitals).
//
// Reads the local D1 database `npm start` keeps in .wrangler/state (wrangler d1 execute --local;
// no site needs to be running), or with `--site <url>` asks a running site outside production
// (GET /__test/vitals), or with `--remote` reads the reference origin's production database
// (origin/wrangler.toml [env.production], wrangler d1 execute --remote: the account's
// credentials, `wrangler login` or CLOUDFLARE_API_TOKEN). `--since` takes 30m, 1h, 7d… (default
// 24h); `--persist-to <dir>` another local state directory; `--json` prints the rows of the table
// as JSON.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { projectEnv, ROOT } from './lib/dev-server.mjs';
import { summarizeVitals } from '../src/domain/vitals.ts';

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

/** '30m', '1h', '7d', '90s' → seconds. */
function parseDuration(text) {
  const match = /^(\d+(?:\.\d+)?)([smhd])$/.exec(text ?? '');
  if (!match) throw new Error(`--since takes a duration such as 30m, 1h or 7d (got ${JSON.stringify(text)})`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[match[2]];
}

/**
 * Rows of vitals_events received since `since` (epoch seconds): in a local D1 state directory
 * (`persistTo`), or with `remote` in the reference origin's production database.
 */
function fromDatabase({ persistTo, remote }, since) {
  const sql = `SELECT page, locale, nav, lcp, inp, cls, ttfb FROM vitals_events WHERE received_at >= ${Math.floor(since)}`;
  const where = remote ? ['mt-origin-db-production', '--remote', '-c', 'origin/wrangler.toml', '--env', 'production'] : ['mt-origin-db', '--local', '-c', 'origin/wrangler.toml', '--env=', '--persist-to', persistTo];
  const run = spawnSync(join(ROOT, 'node_modules/.bin/wrangler'), ['d1', 'execute', ...where, '--json', '--command', sql], { cwd: ROOT, env: projectEnv(), encoding: 'utf8' });
  if (run.status !== 0) {
    const text = `${run.stdout}\n${run.stderr}`;
    if (!remote && /no such table: vitals_events/.test(text)) throw new Error(`the database in ${persistTo} has no vitals_events yet: run \`npm start\` once (the origin brings its schema up) or \`npm run origin:migrate\``);
    throw new Error(`wrangler d1 execute failed: ${text.trim().slice(-1500)}`);
  }
  const answer = JSON.parse(run.stdout);
  return (Array.isArray(answer) ? answer : [answer]).flatMap((part) => part.results ?? []);
}

async function fromSite(url, since) {
  const res = await fetch(new URL(`/__test/vitals?since=${Math.floor(since)}`, url), { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`GET /__test/vitals answered ${res.status} (only a site outside production with the reference origin has it)`);
  return (await res.json()).rows;
}

const format = (value, unit) => (value === null ? '–' : unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3));

async function main() {
  const seconds = parseDuration(option('--since') ?? '24h');
  const since = Date.now() / 1000 - seconds;
  const site = option('--site');
  const remote = argv.includes('--remote');
  const rows = site ? await fromSite(site, since) : fromDatabase({ persistTo: option('--persist-to') ?? join(ROOT, '.wrangler/state'), remote }, since);
  const table = summarizeVitals(rows);
  if (argv.includes('--json')) {
    console.log(JSON.stringify(table, null, 2));
    return;
  }
  console.log(`Web Vitals p75 over the last ${option('--since') ?? '24h'} (${rows.length} page views; ${site ? site : remote ? 'production D1 mt-origin-db-production' : 'local D1'})`);
  console.log('');
  console.log('| page | locale | navigation | views | LCP | INP | CLS | TTFB |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of table) console.log(`| ${r.page} | ${r.locale} | ${r.nav} | ${r.views} | ${format(r.lcp, 'ms')} | ${format(r.inp, 'ms')} | ${format(r.cls)} | ${format(r.ttfb, 'ms')} |`);
  if (table.length === 0) console.log('| (no page views) | | | | | | | |');
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
