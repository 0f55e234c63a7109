import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// client/lib/analytics.ts in Node with a minimal page around it: the ids in the meta tag, a
// nonce'd script, storage, navigator, and the load event.

interface Page {
  added: { src: string; nonce: string; async: boolean }[];
  loadListeners: (() => void)[];
}

function fakePage({ meta, search = '', optOut = false, gpc = false, readyState = 'complete' }: { meta?: object; search?: string; optOut?: boolean; gpc?: boolean; readyState?: string }): Page {
  const page: Page = { added: [], loadListeners: [] };
  const local = new Map<string, string>(optOut ? [['privacy-opt-out', '1']] : []);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('localStorage', { getItem: (k: string) => local.get(k) ?? null, setItem: () => undefined });
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => undefined });
  vi.stubGlobal('location', new URL(`https://www.mt-recover.com/${search}`));
  vi.stubGlobal('navigator', { userAgent: 'test', globalPrivacyControl: gpc });
  vi.stubGlobal('addEventListener', (type: string, fn: () => void) => type === 'load' && page.loadListeners.push(fn));
  vi.stubGlobal('document', {
    readyState,
    querySelector: (selector: string) => {
      if (selector.startsWith('meta[name="analytics-tags"]')) return meta ? { content: JSON.stringify(meta) } : null;
      if (selector === 'script[nonce]') return { nonce: 'page-nonce' };
      return null;
    },
    createElement: () => ({ async: false, src: '', nonce: '' }),
    head: { appendChild: (script: { src: string; nonce: string; async: boolean }) => page.added.push(script) },
  });
  return page;
}

async function start() {
  vi.resetModules();
  const { startAnalytics } = await import('../../client/lib/analytics');
  startAnalytics();
}

const ids = { gtm: 'GTM-AB12CD', ads: 'AW-123456789', uet: '12345678' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the analytics tags', () => {
  it('load the tag manager and the ads tag with the page nonce, after the load event', async () => {
    const page = fakePage({ meta: ids, readyState: 'loading' });
    await start();
    vi.runAllTimers();
    expect(page.added).toEqual([]);
    page.loadListeners.forEach((fn) => fn());
    vi.runAllTimers();
    expect(page.added.map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD', 'https://www.googletagmanager.com/gtag/js?id=AW-123456789']);
    expect(page.added.every((s) => s.nonce === 'page-nonce' && s.async)).toBe(true);
  });

  it('load the Bing tracker too for isSem=2', async () => {
    const page = fakePage({ meta: ids, search: '?isSem=2' });
    await start();
    vi.runAllTimers();
    expect(page.added.map((s) => s.src)).toContain('https://bat.bing.com/bat.js');
  });

  it('load nothing for a visitor who opted out', async () => {
    const page = fakePage({ meta: ids, search: '?isSem=2', optOut: true });
    await start();
    vi.runAllTimers();
    expect(page.added).toEqual([]);
  });

  it('load nothing when the browser sends Global Privacy Control', async () => {
    const page = fakePage({ meta: ids, gpc: true });
    await start();
    vi.runAllTimers();
    expect(page.added).toEqual([]);
  });

  it('load nothing without configured ids, or with malformed ones', async () => {
    const none = fakePage({});
    await start();
    vi.runAllTimers();
    expect(none.added).toEqual([]);
    const bad = fakePage({ meta: { gtm: 'GTM-"><x', ads: 'nope' } });
    await start();
    vi.runAllTimers();
    expect(bad.added).toEqual([]);
  });
});
