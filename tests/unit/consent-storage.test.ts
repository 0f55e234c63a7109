import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_MAX_AGE_SECONDS } from '../../src/domain/consent';

// client/lib/consent.ts in Node with a minimal browser around it: a cookie jar that keeps what
// `document.cookie = …` writes, localStorage, and window events.

interface Browser {
  cookies: Map<string, { value: string; attributes: string }>;
  local: Map<string, string>;
  events: { type: string; detail: unknown }[];
}

function fakeBrowser(): Browser {
  const browser: Browser = { cookies: new Map(), local: new Map(), events: [] };
  vi.stubGlobal('location', new URL('https://www.mt-recover.com/fr-FR'));
  vi.stubGlobal('localStorage', { getItem: (k: string) => browser.local.get(k) ?? null, setItem: (k: string, v: string) => browser.local.set(k, v) });
  vi.stubGlobal('navigator', { globalPrivacyControl: false });
  vi.stubGlobal('dispatchEvent', (event: Event & { detail?: unknown }) => browser.events.push({ type: event.type, detail: event.detail }));
  vi.stubGlobal('document', {
    get cookie() {
      return [...browser.cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair, ...attributes] = text.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      browser.cookies.set(name, { value, attributes: attributes.join('; ') });
    },
  });
  return browser;
}

let browser: Browser;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => vi.unstubAllGlobals());

const NOW = Date.UTC(2026, 10, 23, 12);
const lib = () => import('../../client/lib/consent');

describe('the stored consent in the browser', () => {
  it('is nothing until the visitor chooses', async () => {
    expect((await lib()).readStoredConsent(NOW)).toBeNull();
  });

  it('saving writes the cookie the edge reads (6 months, Lax, Secure on https) and localStorage, and tells the page', async () => {
    const { saveConsent, readStoredConsent, CONSENT_CHANGE_EVENT } = await lib();
    saveConsent({ analytics: true, ads: false }, NOW);
    const cookie = browser.cookies.get('cookie_consent');
    expect(cookie?.value).toBe('v1.1.0');
    expect(cookie?.attributes).toBe(`Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax; Secure`);
    expect(JSON.parse(browser.local.get('cookie-consent')!)).toEqual({ v: 1, analytics: true, ads: false, at: NOW });
    expect(browser.events).toEqual([{ type: CONSENT_CHANGE_EVENT, detail: { analytics: true, ads: false } }]);
    expect(readStoredConsent(NOW)).toEqual({ analytics: true, ads: false });
  });

  it('when only localStorage still holds the choice, it counts and the cookie is written again for the time left', async () => {
    browser.local.set('cookie-consent', JSON.stringify({ v: 1, analytics: false, ads: true, at: NOW - 1000 * 86_400 }));
    expect((await lib()).readStoredConsent(NOW)).toEqual({ analytics: false, ads: true });
    expect(browser.cookies.get('cookie_consent')?.value).toBe('v1.0.1');
    expect(browser.cookies.get('cookie_consent')?.attributes).toContain(`Max-Age=${CONSENT_MAX_AGE_SECONDS - 86_400}`);
  });

  it('a choice older than 6 months, from the future or malformed is no choice', async () => {
    const { readStoredConsent } = await lib();
    for (const stored of [
      { v: 1, analytics: true, ads: true, at: NOW - CONSENT_MAX_AGE_SECONDS * 1000 },
      { v: 1, analytics: true, ads: true, at: NOW + 60_000 },
      { v: 2, analytics: true, ads: true, at: NOW },
      { v: 1, analytics: 'yes', ads: true, at: NOW },
    ]) {
      browser.local.set('cookie-consent', JSON.stringify(stored));
      expect(readStoredConsent(NOW), JSON.stringify(stored)).toBeNull();
    }
    browser.local.set('cookie-consent', '{not json');
    expect(readStoredConsent(NOW)).toBeNull();
    expect(browser.cookies.has('cookie_consent')).toBe(false);
  });

  it('the opt-out and GPC are read as privacy signals', async () => {
    const { privacySignals } = await lib();
    expect(privacySignals()).toEqual({ optedOut: false, gpc: false });
    browser.local.set('privacy-opt-out', '1');
    vi.stubGlobal('navigator', { globalPrivacyControl: true });
    expect(privacySignals()).toEqual({ optedOut: true, gpc: true });
  });
});
