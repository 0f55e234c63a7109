// Chromium driven over the DevTools protocol through its tab target, for what Playwright cannot
// observe: prerendering. Chromium turns prerendering off for a page that a DevTools client is
// attached to without tab-target support ("PrerenderingDisabledByDevTools"), which is how
// Playwright attaches to every page it drives; a client attached through the tab target, as here,
// leaves it on. Used by tests/e2e/prerender.spec.ts and the bench's next-page activation timing.
// Needs Node 22+ (global WebSocket); every npm script runs on the project's Node 24.
import { spawnGroup, stopGroup } from './processes.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The same flags as playwright.config.ts's launch options, headless, a desktop-sized window, a DevTools port. */
const FLAGS = ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-default-browser-check', '--window-size=1280,800', '--remote-debugging-port=0'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Launches a fresh Chromium (its own profile) and connects to it. */
export async function launchBrowser({ executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args = [], timeoutMs = 30_000 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'mt-cdp-'));
  // A process group of its own (/usr/bin/chromium is a wrapper script): closing stops every process.
  const child = spawnGroup(executablePath, [...FLAGS, `--user-data-dir=${profile}`, ...args, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const wsUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port in ${timeoutMs} ms: ${stderr.slice(-500)}`)), timeoutMs);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on (ws:\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}): ${stderr.slice(-500)}`));
    });
  }).catch(async (error) => {
    await stopGroup(child, 1000);
    rmSync(profile, { recursive: true, force: true });
    throw error;
  });
  const connection = await connect(wsUrl);
  return {
    connection,
    /** A new tab, attached through its tab target. */
    newTab: () => openTab(connection),
    async close() {
      connection.close();
      await stopGroup(child, 2000);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function connect(wsUrl) {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`cannot connect to ${wsUrl}`));
  });
  let nextId = 0;
  const pending = new Map();
  const listeners = new Set();
  const settle = (id) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (waiter) clearTimeout(waiter.timer);
    return waiter;
  };
  ws.onmessage = (message) => {
    const msg = JSON.parse(message.data);
    if (msg.id !== undefined) {
      const waiter = settle(msg.id);
      if (msg.error) waiter?.reject(new Error(`${waiter.method}: ${msg.error.message}`));
      else waiter?.resolve(msg.result);
    } else {
      // A page that goes away answers nothing more: its calls fail instead of waiting forever.
      if (msg.method === 'Target.detachedFromTarget') {
        for (const [id, waiter] of pending) if (waiter.sessionId === msg.params.sessionId) settle(id).reject(new Error(`${waiter.method}: the page went away`));
      }
      for (const listener of listeners) listener(msg);
    }
  };
  return {
    /** One DevTools call; a call without an answer in `timeoutMs` fails (a frozen page never answers). */
    send(method, params = {}, sessionId, timeoutMs = 15_000) {
      const id = ++nextId;
      ws.send(JSON.stringify({ id, method, params, sessionId }));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => settle(id)?.reject(new Error(`${method}: no answer in ${timeoutMs} ms`)), timeoutMs);
        pending.set(id, { resolve, reject, method, sessionId, timer });
      });
    },
    /** Calls `listener(message)` for every event; returns the function that stops it. */
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The first event for which `predicate(message)` is true. */
    waitFor(predicate, timeoutMs = 15_000, what = 'a DevTools event') {
      return new Promise((resolve, reject) => {
        const stop = this.on((msg) => {
          if (!predicate(msg)) return;
          stop();
          clearTimeout(timer);
          resolve(msg);
        });
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`timed out waiting for ${what}`));
        }, timeoutMs);
      });
    },
    close: () => ws.close(),
  };
}

/**
 * A tab: its tab-target session, and the page target it currently shows (which changes when a
 * prerendered page is activated: the prerendered target becomes the tab's page).
 */
async function openTab(connection) {
  // forTab: the id of the new tab's own target, which the session below attaches to.
  const { targetId: tabTargetId } = await connection.send('Target.createTarget', { url: 'about:blank', forTab: true });
  const tabTarget = { targetId: tabTargetId };
  const { sessionId: tabSession } = await connection.send('Target.attachToTarget', { targetId: tabTargetId, flatten: true });
  /** Page sessions under this tab: sessionId → targetInfo. */
  const pages = new Map();
  const preloads = [];
  const ruleSets = [];
  const requests = [];
  const attemptSources = new Map();
  connection.on((msg) => {
    if (msg.method === 'Target.attachedToTarget' && msg.sessionId === tabSession && msg.params.targetInfo.type === 'page') {
      pages.set(msg.params.sessionId, msg.params.targetInfo);
      void setUpPage(msg.params.sessionId);
    }
    if (msg.method === 'Target.detachedFromTarget' && msg.sessionId === tabSession) pages.delete(msg.params.sessionId);
    if (msg.method === 'Target.targetInfoChanged' || (msg.method === 'Target.attachedToTarget' && msg.sessionId === tabSession)) {
      for (const [session, info] of pages) if (info.targetId === msg.params.targetInfo.targetId) pages.set(session, msg.params.targetInfo);
    }
    if (!pages.has(msg.sessionId)) return;
    if (msg.method === 'Preload.prerenderStatusUpdated') preloads.push({ url: msg.params.key.url, status: msg.params.status, reason: msg.params.prerenderStatus ?? null, at: Date.now() });
    if (msg.method === 'Preload.ruleSetUpdated') ruleSets.push(msg.params.ruleSet);
    if (msg.method === 'Preload.preloadingAttemptSourcesUpdated') attemptSources.set(msg.sessionId, msg.params.preloadingAttemptSources);
    if (msg.method === 'Network.requestWillBeSent') {
      const info = pages.get(msg.sessionId);
      requests.push({ url: msg.params.request.url, type: msg.params.type, headers: msg.params.request.headers, prerender: info?.subtype === 'prerender' });
    }
  });
  const ready = new Set();
  async function setUpPage(sessionId) {
    // Sent in order, so the domains are on before the page runs; not awaited one by one, as a
    // paused target may answer only once it runs.
    const enabled = ['Page.enable', 'Runtime.enable', 'Preload.enable', 'Network.enable'].map((method) => connection.send(method, {}, sessionId).catch(() => undefined));
    await connection.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined);
    await Promise.all(enabled);
    ready.add(sessionId);
  }
  // New page targets (a prerender among them) wait until their domains are on, so no request is missed.
  await connection.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, tabSession);
  await connection.send('Target.setDiscoverTargets', { discover: true });

  /** The page the tab shows: the attached page target that is not a prerender. */
  async function current() {
    for (let i = 0; i < 200; i++) {
      for (const [session, info] of pages) if (info.subtype !== 'prerender' && ready.has(session)) return session;
      await sleep(25);
    }
    throw new Error('the tab has no page');
  }

  const tab = {
    connection,
    /** Prerender status events seen so far: { url, status: Pending|Running|Ready|Success|Failure, reason }. */
    preloads,
    /** Speculation rule sets the pages parsed (with errorType / errorMessage when invalid). */
    ruleSets,
    /** Requests of the tab's pages: { url, type (Document, Fetch, Ping…), headers, prerender: made by a prerendered page }. */
    requests,
    async send(method, params) {
      return connection.send(method, params, await current());
    },
    async evaluate(expression) {
      const { result, exceptionDetails } = await tab.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (exceptionDetails) throw new Error(`evaluate failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    },
    /** Makes this the browser's visible tab (a tab in the background does not prerender). */
    async bringToFront() {
      await tab.send('Page.bringToFront');
    },
    /** Navigates as a typed address would, and waits for the load event. */
    async goto(url, timeoutMs = 30_000) {
      const session = await current();
      const loaded = connection.waitFor((msg) => msg.method === 'Page.loadEventFired' && msg.sessionId === session, timeoutMs, `load of ${url}`);
      const { errorText } = await connection.send('Page.navigate', { url }, session);
      if (errorText) throw new Error(`navigation to ${url} failed: ${errorText}`);
      await loaded;
    },
    /** Waits until `expression` is truthy in the current page. */
    async waitForFunction(expression, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (await tab.evaluate(expression).catch(() => false)) return;
        await sleep(50);
      }
      throw new Error(`timed out waiting for ${expression}`);
    },
    /** The centre of the first element matching `selector`, scrolled into view. */
    async centreOf(selector) {
      const box = await tab.evaluate(`(() => { const el = document.querySelector(${JSON.stringify(selector)}); if (!el) return null; el.scrollIntoView({ block: 'center', behavior: 'instant' }); const r = el.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
      if (!box) throw new Error(`no element matches ${selector}`);
      return box;
    },
    async hover(selector) {
      const { x, y } = await tab.centreOf(selector);
      await tab.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
    },
    async pointerDown(selector) {
      const { x, y } = await tab.centreOf(selector);
      await tab.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
      await tab.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
      return { x, y };
    },
    /**
     * Clicks the link `selector` and waits until the tab shows the page it points to (a
     * prerendered page that was activated, or a new navigation) with its load event fired.
     */
    async click(selector, timeoutMs = 30_000) {
      const href = await tab.evaluate(`document.querySelector(${JSON.stringify(selector)})?.href ?? null`);
      if (!href) throw new Error(`no link matches ${selector}`);
      const { x, y } = await tab.pointerDown(selector);
      await tab.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
      await tab.waitForFunction(`location.href === ${JSON.stringify(href)} && document.readyState === 'complete'`, timeoutMs);
      return href;
    },
    /** Waits for a prerender of `url` (absolute) to reach `status` (Ready: prerendered, waiting). */
    async waitForPrerender(url, status = 'Ready', timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const seen = preloads.filter((p) => p.url === url);
        if (seen.some((p) => p.status === status)) return;
        const failed = seen.find((p) => p.status === 'Failure');
        if (failed && status !== 'Failure') throw new Error(`prerender of ${url} failed: ${failed.reason}`);
        await sleep(25);
      }
      const made = requests.filter((r) => r.prerender).map((r) => `${r.type} ${r.url}`);
      throw new Error(`no prerender of ${url} reached ${status} (seen: ${JSON.stringify(preloads.filter((p) => p.url === url))}; the prerender's requests: ${JSON.stringify(made)}; pages: ${JSON.stringify([...pages.values()].map((info) => [info.subtype, info.url]))})`);
    },
    /**
     * Evaluates `expression` inside the prerender of `url` (absolute) while it is still a
     * prerender nobody opened: what the page has done on its own so far.
     */
    async evaluateInPrerender(url, expression, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        for (const [session, info] of pages) {
          if (info.subtype !== 'prerender' || info.url !== url || !ready.has(session)) continue;
          const { result, exceptionDetails } = await connection.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, session);
          if (exceptionDetails) throw new Error(`evaluate in the prerender of ${url} failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
          return result.value;
        }
        await sleep(25);
      }
      throw new Error(`no prerender of ${url} is attached (pages: ${JSON.stringify([...pages.values()].map((info) => [info.subtype, info.url]))})`);
    },
    /** Waits until the prerender of `url` (absolute) has hydrated its islands (body[data-hydrated]): a finished prerender. */
    async waitForHydratedPrerender(url, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (!(await tab.evaluateInPrerender(url, 'document.body?.dataset.hydrated === "true"'))) {
        if (Date.now() > until) throw new Error(`the prerender of ${url} did not hydrate in ${timeoutMs} ms`);
        await sleep(25);
      }
    },
    /** URLs the current page's rules made candidates (matched links), whatever their eagerness. */
    async candidates() {
      const session = await current();
      return (attemptSources.get(session) ?? []).filter((source) => source.key.action === 'Prerender').map((source) => source.key.url);
    },
    async close() {
      await connection.send('Target.closeTarget', { targetId: tabTarget.targetId }).catch(() => undefined);
    },
  };
  await current();
  return tab;
}
