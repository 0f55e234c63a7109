// Runs the site locally the way the tests, the bench and `npm start` need it: the client built by
// Vite, then `wrangler dev` on loopback, ready once GET /health answers. Node 24, no dependencies.
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { install as installCleanup, spawnGroup, stopGroup } from './processes.mjs';

export const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'node_modules/.bin');

/** PATH with the project's node_modules/.bin first, so `node` is the pinned Node 24 and `vite`/`wrangler` are local. */
export function projectEnv(extra = {}) {
  return { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ''}`, WRANGLER_SEND_METRICS: 'false', ...extra };
}

/** A TCP port nobody is listening on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The wrangler configs to run: the site, plus the reference origin once the site actually binds
 * to it (a service binding named ORIGIN in wrangler.toml) and origin/wrangler.toml exists.
 */
export function wranglerConfigs() {
  const configs = ['wrangler.toml'];
  const site = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8');
  const bindsOrigin = /^\s*binding\s*=\s*["']ORIGIN["']/m.test(site) && /\[\[\s*services\s*\]\]/.test(site);
  if (bindsOrigin && existsSync(join(ROOT, 'origin/wrangler.toml'))) configs.push('origin/wrangler.toml');
  return configs;
}

/**
 * Runs a command to completion with its output appended to `log`; resolves on exit code 0.
 * `inherit` shows the output on this terminal instead. The command runs in a process group of its
 * own, stopped with everything it started if this run is stopped (scripts/lib/processes.mjs).
 */
export function run(command, args, { env = projectEnv(), log, inherit = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(command, args, { cwd: ROOT, env, stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'] });
    if (!inherit) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

async function waitForHealth(url, child, timeoutMs, startupError) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`wrangler dev exited early (${child.signalCode ?? `exit ${child.exitCode}`})`);
    // wrangler dev keeps running after a failed Worker build (it waits for a fix): do not wait for nothing.
    if (startupError()) throw new Error(`wrangler dev could not start the Worker: ${startupError()}`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      const text = await res.text();
      if (res.ok && text.startsWith('ok: ')) return;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  throw new Error(`the site did not answer ${url}/health within ${timeoutMs / 1000}s`);
}

/**
 * Builds the client and starts `wrangler dev` on 127.0.0.1.
 *
 * - `production` (default true): React's production build in the browser bundle and in the Worker
 *   (NODE_ENV=production for Vite and for wrangler's bundler, which substitutes process.env.NODE_ENV).
 *   The Worker still runs with the local vars (ENVIRONMENT=development).
 * - `port`: defaults to a free port. `persistTo`: wrangler's local state directory (default: a
 *   fresh temporary one, so runs never share state). `build: false` skips the Vite build.
 * - `inherit`: show the output on this terminal (for `npm start`) instead of a log file.
 * - `devTraces` (default false): wrangler dev's local observability (X_LOCAL_OBSERVABILITY), which
 *   attaches a streaming tail worker, the trace collector of its Local Explorer, to every Worker
 *   invocation. Only `npm start` turns it on, for a developer to read. Off for the tests, the bench,
 *   the audit and the soak: production has no such tail, and here it costs every Worker request
 *   (not the static assets) about 0.5–1 ms of CPU, which the bench's page-vs-static throughput
 *   budget would otherwise charge to the site (measured: home 0.77–0.87 with it, 0.92–1.05 without).
 * - `vars`: extra Worker vars for this run, as `--var KEY:VALUE` (the bench's REQUEST_LOG=off).
 *
 * Resolves to { url, port, log, stop() } once GET /health answers.
 */
export async function startSite({ port, production = true, persistTo, build = true, inherit = false, devTraces = false, vars = {}, timeoutMs = 90_000 } = {}) {
  port ??= await freePort();
  const workDir = mkdtempSync(join(tmpdir(), 'mt-site-'));
  const logPath = join(workDir, 'site.log');
  const log = createWriteStream(logPath);
  const nodeEnv = production ? 'production' : 'development';
  // Miniflare's request.cf is then its fixed stand-in (country US) rather than the machine's own
  // location fetched from the internet, so every run sees the same visitor (consent, currency);
  // ?debug_country / X-Debug-Country simulate any other.
  const env = projectEnv({ NODE_ENV: nodeEnv, CLOUDFLARE_CF_FETCH_ENABLED: 'false', X_LOCAL_OBSERVABILITY: String(devTraces) });
  const url = `http://127.0.0.1:${port}`;

  const fail = async (error, child) => {
    if (child) await stopGroup(child);
    await new Promise((resolve) => log.end(resolve));
    if (!inherit) {
      console.error(`--- site log (${logPath}) ---`);
      console.error(readFileSync(logPath, 'utf8').split('\n').slice(-200).join('\n'));
      console.error('--- end of site log ---');
    }
    throw error;
  };

  if (build) {
    try {
      await run('vite', ['build', '--mode', nodeEnv, '--logLevel', 'warn'], { env, log, inherit });
    } catch (error) {
      return fail(error);
    }
  }

  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistTo ?? join(workDir, 'state'), '--show-interactive-dev-session=false', '--log-level', inherit ? 'info' : 'warn'];
  for (const config of wranglerConfigs()) args.push('-c', config);
  // Extra Worker vars for this run (`--var KEY:VALUE`, e.g. the bench's REQUEST_LOG=off).
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  // A process group of its own, so stop() reaches workerd too, and Ctrl-C in a terminal goes to us first.
  const child = spawnGroup('wrangler', args, { cwd: ROOT, env, stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'] });
  let buildError = '';
  const watchForBuildFailure = (chunk) => {
    const match = /Build failed[^\n]*|Could not resolve [^\n]*/.exec(String(chunk).replace(/\x1b\[[0-9;]*m/g, ''));
    if (match && !buildError) buildError = match[0];
  };
  if (!inherit) {
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.stdout.on('data', watchForBuildFailure);
    child.stderr.on('data', watchForBuildFailure);
  }
  try {
    await waitForHealth(url, child, timeoutMs, () => buildError);
  } catch (error) {
    return fail(error, child);
  }

  let stopping;
  return {
    url,
    port,
    log: logPath,
    child,
    stop() {
      stopping ??= stopGroup(child).then(() => new Promise((resolve) => log.end(resolve)));
      return stopping;
    },
  };
}

/**
 * Kept for the scripts that call it: every site startSite() starts is already stopped on Ctrl-C,
 * SIGTERM, SIGHUP and any early exit (scripts/lib/processes.mjs); this only makes sure the
 * handlers are in place for a site started elsewhere (e.g. `--url`, which has nothing to stop).
 */
export function stopOnSignal() {
  installCleanup();
}
