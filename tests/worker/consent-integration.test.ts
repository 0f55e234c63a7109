import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { CONSENT_COOKIE } from '../../src/domain/consent';
import { decodeHtml, message, ORIGIN, UA } from './helpers';

type Init = { cf?: { country?: string }; headers?: Record<string, string> };

/** A page through the Worker's real fetch, as Cloudflare would hand it over from `cf.country`. */
async function page(path: string, { cf, headers = {} }: Init = {}) {
  const res = await exports.default.fetch(new Request(ORIGIN + path, { redirect: 'manual', headers: { 'user-agent': UA.desktop, ...headers }, cf } as RequestInit));
  return { res, html: await res.text() };
}

/** The same through the Worker with a changed env (production here). */
async function pageWithEnv(overrides: Partial<Env>, path: string, { cf, headers = {} }: Init = {}) {
  const ctx = createExecutionContext();
  const request = new Request(ORIGIN + path, { redirect: 'manual', headers: { 'user-agent': UA.desktop, ...headers }, cf } as RequestInit);
  const res = await worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], { ...env, ...overrides } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { res, html: await res.text() };
}

const hasBanner = (html: string) => html.includes('data-island="ConsentBanner"');
const consentMeta = (html: string) => /<meta name="consent-mode" content="([a-z]+)"/.exec(html)?.[1] ?? null;

describe('who is asked for consent', () => {
  it.each(['FR', 'DE', 'GB', 'CH', 'IE', 'NO'])('a visitor from %s gets the banner on the first byte', async (country) => {
    const { res, html } = await page('/', { cf: { country } });
    expect(res.status).toBe(200);
    expect(hasBanner(html)).toBe(true);
    expect(consentMeta(html)).toBe('banner');
  });

  it.each([{}, { country: 'XX' }, { country: 'T1' }])('a visitor whose country is unknown (%o) gets the banner', async (cf) => {
    const { html } = await page('/buy', { cf });
    expect(hasBanner(html)).toBe(true);
    expect(consentMeta(html)).toBe('banner');
  });

  it.each(['US', 'JP', 'SG', 'HK', 'BR'])('a visitor from %s sees no banner and no consent meta (the page as before)', async (country) => {
    const { html } = await page('/', { cf: { country } });
    expect(hasBanner(html)).toBe(false);
    expect(consentMeta(html)).toBeNull();
    expect(html).not.toContain(message('en-US', 'consent.title'));
  });

  it.each(['v1.0.0', 'v1.1.0', 'v1.1.1'])('a stored choice (%s) suppresses the banner; the page still starts from "denied"', async (value) => {
    const { html } = await page('/', { cf: { country: 'FR' }, headers: { cookie: `locale=en-US; ${CONSENT_COOKIE}=${value}` } });
    expect(hasBanner(html)).toBe(false);
    expect(consentMeta(html)).toBe('decided');
  });

  it.each(['yes', 'v2.1.1', 'v1.2.0', ''])('a malformed or outdated consent cookie (%j) is no choice: the banner shows', async (value) => {
    const { html } = await page('/', { cf: { country: 'DE' }, headers: { cookie: `${CONSENT_COOKIE}=${value}` } });
    expect(hasBanner(html)).toBe(true);
  });

  it('Global Privacy Control already answers: no banner, consent-mode decided', async () => {
    const { html } = await page('/', { cf: { country: 'FR' }, headers: { 'sec-gpc': '1' } });
    expect(hasBanner(html)).toBe(false);
    expect(consentMeta(html)).toBe('decided');
  });

  it('debug_country simulates the country outside production, and production ignores it', async () => {
    expect(hasBanner((await page('/?debug_country=FR', { cf: { country: 'US' } })).html)).toBe(true);
    expect(hasBanner((await page('/', { cf: { country: 'US' }, headers: { 'x-debug-country': 'ch' } })).html)).toBe(true);
    expect(hasBanner((await page('/?debug_country=US', { cf: { country: 'FR' } })).html)).toBe(false);
    expect(hasBanner((await pageWithEnv({ ENVIRONMENT: 'production' }, '/?debug_country=FR', { cf: { country: 'US' } })).html)).toBe(false);
  });
});

describe('the banner', () => {
  it.each([
    ['/', 'en-US'],
    ['/fr-FR/buy', 'fr-FR'],
    ['/ja-JP', 'ja-JP'],
    ['/zh-CN/mobile', 'zh-CN'],
  ] as const)('%s carries it in %s: a labelled region, Reject and Accept, Settings, the privacy link', async (path, locale) => {
    const { html } = await page(path, { cf: { country: 'FR' }, headers: { cookie: `locale=${locale}`, 'user-agent': path.includes('mobile') ? UA.iphone : UA.desktop } });
    const banner = /<section[^>]*class="consent-banner"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(banner).toContain(`aria-label="${message(locale, 'consent.region')}"`);
    for (const key of ['title', 'reject', 'accept', 'settings', 'privacy']) expect(decodeHtml(banner)).toContain(message(locale, `consent.${key}`));
    // Equal weight: the two choices share one class and differ only in their label.
    const reject = /<button[^>]*data-consent="reject"[^>]*>/.exec(banner)?.[0];
    const accept = /<button[^>]*data-consent="accept"[^>]*>/.exec(banner)?.[0];
    expect(reject?.replace('reject', 'x')).toBe(accept?.replace('accept', 'x'));
  });

  it('every page has the Cookie settings link beside the copyright, in its language', async () => {
    for (const [path, locale] of [['/', 'en-US'], ['/ja-JP/buy', 'ja-JP']] as const) {
      const { html } = await page(path, { cf: { country: 'US' }, headers: { cookie: `locale=${locale}` } });
      expect(decodeHtml(/<a[^>]*data-consent-open[^>]*>([^<]*)<\/a>/.exec(html)?.[1] ?? '')).toBe(message(locale, 'consent.footerLink'));
    }
  });
});

describe('caching', () => {
  it('pages vary on the cookie and GPC and are private to the visitor', async () => {
    for (const country of ['FR', 'US']) {
      const { res } = await page('/mt-recover', { cf: { country } });
      const vary = (res.headers.get('vary') ?? '').toLowerCase().split(/,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['cookie', 'sec-gpc']));
      expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    }
  });

  it('the choice itself is never in the HTML: two visitors with different choices get the same page', async () => {
    const accepted = await page('/', { cf: { country: 'FR' }, headers: { cookie: `locale=en-US; ${CONSENT_COOKIE}=v1.1.1` } });
    const rejected = await page('/', { cf: { country: 'FR' }, headers: { cookie: `locale=en-US; ${CONSENT_COOKIE}=v1.0.0` } });
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, '');
    expect(strip(accepted.html)).toBe(strip(rejected.html));
  });
});

describe('GET /consent/messages/<locale>', () => {
  it('gives the banner copy for the footer link, cacheable', async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/consent/messages/fr-FR`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = (await res.json()) as Record<string, string>;
    expect(body.reject).toBe(message('fr-FR', 'consent.reject'));
    expect(body.accept).toBe(message('fr-FR', 'consent.accept'));
  });

  it.each(['sv-SE', '..%2Fen-US', '<script>'])('answers 404 for an unknown locale (%s)', async (locale) => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/consent/messages/${encodeURIComponent(locale)}`));
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<script>');
  });
});

describe('fake tag ids for tests (X-Debug-Tag-Ids)', () => {
  const header = { 'x-debug-tag-ids': 'GTM-E2ETEST,AW-123456789,1234567' };

  it('outside production they reach the page meta and the CSP', async () => {
    const { res, html } = await page('/', { cf: { country: 'US' }, headers: header });
    expect(decodeHtml(/<meta name="analytics-tags" content="([^"]*)"/.exec(html)?.[1] ?? '')).toBe('{"gtm":"GTM-E2ETEST","ads":"AW-123456789","uet":"1234567"}');
    expect(res.headers.get('content-security-policy')).toContain('https://bat.bing.com');
  });

  it('production ignores them', async () => {
    const { res, html } = await pageWithEnv({ ENVIRONMENT: 'production' }, '/', { cf: { country: 'US' }, headers: header });
    expect(html).not.toContain('name="analytics-tags"');
    expect(res.headers.get('content-security-policy')).not.toContain('googletagmanager');
  });
});

describe('Global Privacy Control on the server (Sec-GPC: 1)', () => {
  // The generated Env types the empty local ids as ''; a deployment sets real ones.
  const tagIds = { GTM_ID: 'GTM-GPCTEST', GOOGLE_ADS_ID: 'AW-987654321', BING_UET_ID: '7654321' } as unknown as Partial<Env>;
  const tagsMeta = (html: string) => /<meta name="analytics-tags" content="([^"]*)"/.exec(html)?.[1] ?? null;

  it.each(['/', '/buy', '/fr-FR/mt-recover', '/checkout?product_id=81902'])('ships no analytics tags and no tag hosts in the CSP for %s, even right after a cached page with them', async (path) => {
    // A US visitor (not asked), with the deployment's tag ids: the page without GPC carries them...
    const plain = await pageWithEnv(tagIds, path, { cf: { country: 'US' } });
    expect(tagsMeta(plain.html)).not.toBeNull();
    expect(plain.res.headers.get('content-security-policy')).toContain('https://www.googletagmanager.com');
    // ...the same page for a browser that sends only the header (no navigator.globalPrivacyControl) does not.
    const gpc = await pageWithEnv(tagIds, path, { cf: { country: 'US' }, headers: { 'sec-gpc': '1' } });
    expect(gpc.res.status).toBe(plain.res.status);
    expect(tagsMeta(gpc.html)).toBeNull();
    expect(gpc.html).not.toContain('GTM-GPCTEST');
    expect(gpc.res.headers.get('content-security-policy')).not.toContain('googletagmanager');
    expect(gpc.res.headers.get('content-security-policy')).not.toContain('bat.bing.com');
    expect((gpc.res.headers.get('vary') ?? '').toLowerCase().split(/,\s*/)).toContain('sec-gpc');
    // And the page cache keeps the two apart the other way round too.
    expect(tagsMeta((await pageWithEnv(tagIds, path, { cf: { country: 'US' } })).html)).not.toBeNull();
  });

  it('also wins over fake tag ids and a stored consent', async () => {
    const { html } = await page('/', { cf: { country: 'DE' }, headers: { 'x-debug-tag-ids': 'GTM-E2ETEST,AW-123456789,1234567', 'sec-gpc': '1', cookie: `${CONSENT_COOKIE}=v1.1.1` } });
    expect(tagsMeta(html)).toBeNull();
  });

  it('Sec-GPC: 0 or another value is no signal', async () => {
    for (const value of ['0', 'yes']) {
      const { html } = await pageWithEnv(tagIds, '/', { cf: { country: 'US' }, headers: { 'sec-gpc': value } });
      expect(tagsMeta(html), value).not.toBeNull();
    }
  });
});
