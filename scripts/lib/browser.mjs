// The Chromium that Playwright (npm test, test:e2e, audit) and Lighthouse (bench, audit) drive:
// found on this machine, or installed once, so a fresh clone needs no step beyond the README's
// two commands. Plain Node ESM, no dependencies (playwright-core is only asked where its cache is).
//
// Search order: CHROMIUM_PATH (CHROME_PATH as an alias), /usr/bin/chromium, `chromium`,
// `chromium-browser` and `google-chrome` on PATH, then Playwright's own browser cache.
// Install order when none is found: Debian's chromium with apt-get (as root or with password-less
// sudo), else `playwright install chromium` (downloads Chrome for Testing into Playwright's cache).
// `node scripts/lib/browser.mjs` prints the path, installing a browser if it has to.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome'];
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The first browser in the search order, without touching the machine: `which(name)` looks a
 * command up on PATH (a path or null), `exists(path)` says whether an executable is there, and
 * `playwrightExecutable` is where Playwright keeps (or would keep) its Chromium.
 * Returns { path, source } or { path: null, error } (error only for a CHROMIUM_PATH that is wrong,
 * which is never silently replaced by another browser).
 */
export function findBrowser({ env, which, exists, playwrightExecutable }) {
  for (const name of ['CHROMIUM_PATH', 'CHROME_PATH']) {
    const chosen = env[name];
    if (!chosen) continue;
    if (exists(chosen)) return { path: chosen, source: name };
    return { path: null, error: `${name}=${chosen}, but there is no executable there. Point ${name} at a Chromium or Chrome binary, or unset it to let the project find or install one.` };
  }
  if (exists(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: SYSTEM_CHROMIUM };
  for (const name of PATH_NAMES) {
    const found = which(name);
    if (found && exists(found)) return { path: found, source: `${name} on PATH` };
  }
  if (playwrightExecutable && exists(playwrightExecutable)) return { path: playwrightExecutable, source: "Playwright's browser cache" };
  return { path: null };
}

/**
 * How a browser can be installed here, best first, each with the one line said before it runs.
 * `uid` is the user id (null off POSIX), `sudo` whether password-less sudo works, `which` as above.
 */
export function installPlan({ platform, uid, sudo, which }) {
  const plan = [];
  if (platform === 'linux' && which('apt-get') && (uid === 0 || sudo)) {
    const prefix = uid === 0 ? [] : ['sudo', '-n'];
    const apt = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
    plan.push({
      name: 'apt',
      say: `No Chromium found: installing Debian's chromium package with ${uid === 0 ? '' : 'sudo '}apt-get (once, about 100 MB)…`,
      commands: [
        [...apt, 'update', '-qq'],
        [...apt, 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
      ],
    });
  }
  plan.push({
    name: 'playwright',
    say: "No Chromium found: downloading Playwright's Chromium with `npx playwright install chromium` (once, about 170 MB)…",
    commands: [[join(ROOT, 'node_modules/.bin/playwright'), 'install', 'chromium']],
  });
  return plan;
}

/** What to tell someone when no browser was found and none could be installed. */
export function notFoundMessage({ tried = [] } = {}) {
  const attempts = tried.length ? ` (tried: ${tried.join('; ')})` : '';
  return [
    `No Chromium found and none could be installed${attempts}. Run one of these, then try again:`,
    '  sudo apt-get install -y chromium          # Debian or Ubuntu',
    '  npx playwright install chromium           # any system, into Playwright\'s cache',
    '  export CHROMIUM_PATH=/path/to/chrome      # a Chromium or Chrome you already have',
  ].join('\n');
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function whichOnPath(name, env = process.env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core');
    return chromium.executablePath();
  } catch {
    return null; // playwright-core not installed yet, or no build for this platform
  }
}

function machineSearch(playwrightExecutable) {
  return findBrowser({ env: process.env, which: (name) => whichOnPath(name), exists: isExecutable, playwrightExecutable });
}

function use(path) {
  // Playwright (playwright.config.ts, scripts/audit/axe.mjs) reads CHROMIUM_PATH, Lighthouse's chrome-launcher CHROME_PATH;
  // children started after this inherit both.
  process.env.CHROMIUM_PATH = path;
  process.env.CHROME_PATH = path;
  return path;
}

/**
 * Finds a browser, installing one when there is none; sets CHROMIUM_PATH and CHROME_PATH for
 * this process and its children and resolves to the path. Rejects with a message that says what
 * to run when nothing works. `install: false` only searches.
 */
export async function ensureBrowser({ install = true, log = (line) => console.error(line) } = {}) {
  const playwrightExecutable = await playwrightChromium();
  const found = machineSearch(playwrightExecutable);
  if (found.path) return use(found.path);
  if (found.error) throw new Error(found.error);
  if (!install) throw new Error(notFoundMessage());

  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  const sudo = uid !== 0 && uid !== null && whichOnPath('sudo') !== null && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const tried = [];
  for (const step of installPlan({ platform: process.platform, uid, sudo, which: (name) => whichOnPath(name) })) {
    log(step.say);
    const failed = step.commands.find(([command, ...args]) => spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], cwd: ROOT }).status !== 0);
    const after = machineSearch(playwrightExecutable);
    if (!failed && after.path) {
      log(`Chromium installed: ${after.path}`);
      return use(after.path);
    }
    tried.push(failed ? `${failed.join(' ')} failed` : `${step.name} installed no browser`);
  }
  throw new Error(notFoundMessage({ tried }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureBrowser()
    .then((path) => console.log(path))
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
