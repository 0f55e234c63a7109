import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { NEVER_PRERENDERED_PAGES, NO_PRERENDER_SELECTOR, ONE_TIME_QUERY_KEYS, speculationRules, speculationRulesJson } from '../../src/domain/speculation';

// The speculation rules as data (the browser's reading of them is tests/e2e/prerender.spec.ts),
// and the activation gate of the browser code in Node with a fake document.

const BASE = 'https://www.mt-recover.com/';

type Pattern = string | { pathname?: string; search?: string };
type Condition = { href_matches?: Pattern | Pattern[]; selector_matches?: string; and?: Condition[]; not?: Condition };

/** How a browser evaluates a rule's `where` for a link (URLPattern, Node 24), selectors left out. */
function hrefMatches(condition: Condition, href: string): boolean {
  if (condition.and) return condition.and.every((c) => hrefMatches(c, href));
  if (condition.not) return condition.not.selector_matches !== undefined || !hrefMatches(condition.not, href);
  const patterns = ([] as Pattern[]).concat(condition.href_matches ?? []);
  return patterns.some((p) => (typeof p === 'string' ? new URLPattern(p, BASE) : new URLPattern({ ...p, baseURL: BASE })).test(new URL(href, BASE)));
}

function eagernessFor(href: string): string | null {
  const matching = speculationRules().prerender.filter((rule) => hrefMatches(rule.where as Condition, href));
  if (matching.some((r) => r.eagerness === 'moderate')) return 'moderate';
  return matching[0]?.eagerness ?? null;
}

/** Every URL a page of `path` has: unprefixed, under each locale prefix, and its /mobile/ variant. */
const everyUrlOf = (path: string) => LOCALES.flatMap((locale) => [localizePath(locale, path), localizePath(locale, path === '/' ? '/mobile' : `/mobile${path}`)]);

describe('the speculation rules', () => {
  it('prerender plain page links on hover and links with a query only on pointerdown', () => {
    expect(eagernessFor('/buy')).toBe('moderate');
    expect(eagernessFor('/ja-JP/mt-recover')).toBe('moderate');
    expect(eagernessFor('/mobile')).toBe('moderate');
    expect(eagernessFor('/buy?from=newsletter')).toBe('conservative');
    expect(eagernessFor('/mtdr_privacy.html?lang=ja')).toBe('conservative');
  });

  it('never prerender the payment pages, /test or the edge paths, under any prefix', () => {
    for (const path of [...NEVER_PRERENDERED_PAGES, '/checkout?product_id=81902']) {
      for (const url of everyUrlOf(path)) expect(eagernessFor(url), url).toBeNull();
    }
    for (const url of ['/download/mt-recover_setup_16_1.exe', '/api/geo', '/beacon?action=download', '/__test/collect-count', '/health', '/consent/messages/fr-FR']) {
      expect(eagernessFor(url), url).toBeNull();
    }
  });

  it('never prerender a link whose query carries a one-time or personal value', () => {
    for (const key of ONE_TIME_QUERY_KEYS) {
      expect(eagernessFor(`/feedback?${key}=x`), key).toBeNull();
      expect(eagernessFor(`/fr-FR/license-code?from=a&${key}=x`), key).toBeNull();
    }
    expect(eagernessFor('/feedback?ticket_type=refund&order_id=MT1234&email=a%40b.c')).toBeNull();
  });

  it('leave out marked links, nofollow, downloads, the language switcher and new tabs', () => {
    for (const selector of ['[data-no-prerender]', '[rel~="nofollow"]', '[download]', '[hreflang]', '[target="_blank"]']) expect(NO_PRERENDER_SELECTOR).toContain(selector);
    for (const rule of speculationRules().prerender) expect(JSON.stringify(rule.where)).toContain(JSON.stringify(NO_PRERENDER_SELECTOR));
  });

  it('are safe inside an inline script', () => {
    expect(speculationRulesJson()).not.toMatch(/[<>]/);
    expect(JSON.parse(speculationRulesJson())).toEqual(speculationRules());
  });
});

/** A document that is a prerender until `activate()` (or a normal page), with its listeners. */
function fakeDocument(prerendering: boolean) {
  const listeners = new Map<string, (() => void)[]>();
  const doc = {
    prerendering,
    visibilityState: prerendering ? 'hidden' : 'visible',
    cookie: '',
    addEventListener: (type: string, fn: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
  };
  return {
    doc,
    activate() {
      doc.prerendering = false;
      doc.visibilityState = 'visible';
      for (const fn of listeners.get('prerenderingchange') ?? []) fn();
    },
    fire: (type: string) => (listeners.get(type) ?? []).forEach((fn) => fn()),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('a prerendered page', () => {
  it('runs what counts or records only once it is shown, and at once on a page loaded normally', async () => {
    const { whenActivated } = await import('../../client/lib/activation');
    const normal = fakeDocument(false);
    const ran: string[] = [];
    whenActivated(() => ran.push('normal'), normal.doc as unknown as Document);
    expect(ran).toEqual(['normal']);
    const prerendered = fakeDocument(true);
    whenActivated(() => ran.push('prerendered'), prerendered.doc as unknown as Document);
    expect(ran).toEqual(['normal']);
    prerendered.activate();
    expect(ran).toEqual(['normal', 'prerendered']);
  });

  it('sends no beacon until it is opened, and none at all when it is left unopened', async () => {
    for (const opened of [true, false]) {
      vi.resetModules();
      const page = fakeDocument(true);
      const sent: string[] = [];
      vi.stubGlobal('document', page.doc);
      vi.stubGlobal('window', globalThis);
      vi.stubGlobal('addEventListener', (type: string, fn: () => void) => page.doc.addEventListener(type, fn));
      vi.stubGlobal('location', new URL('https://www.mt-recover.com/buy'));
      const storage = new Map<string, string>();
      const memory = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
      vi.stubGlobal('localStorage', memory);
      vi.stubGlobal('sessionStorage', memory);
      vi.stubGlobal('navigator', { sendBeacon: (url: string) => sent.push(url) > 0 });
      const { track } = await import('../../client/lib/tracking');
      const { installBeaconSender } = await import('../../client/lib/beacon');
      installBeaconSender();
      track({ action: 'click', btn_id: 'buy_1' });
      expect(sent).toEqual([]);
      if (opened) page.activate();
      page.fire('pagehide');
      expect(sent.length, opened ? 'opened' : 'never opened').toBe(opened ? 1 : 0);
    }
  });

  it('rewrites no consent cookie until it is opened', async () => {
    const page = fakeDocument(true);
    const choice = JSON.stringify({ v: 1, analytics: true, ads: false, at: Date.UTC(2026, 10, 1) });
    vi.stubGlobal('document', page.doc);
    vi.stubGlobal('location', new URL('https://www.mt-recover.com/fr-FR'));
    vi.stubGlobal('localStorage', { getItem: () => choice, setItem: () => undefined });
    const { readStoredConsent } = await import('../../client/lib/consent');
    expect(readStoredConsent(Date.UTC(2026, 10, 23))).toEqual({ analytics: true, ads: false });
    expect(page.doc.cookie).toBe('');
    page.activate();
    expect(page.doc.cookie).toMatch(/^cookie_consent=v1\.1\.0; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
  });
});
