import { afterEach, describe, expect, it, vi } from 'vitest';
import { edgeBeaconSchema } from '../../src/domain/api-schemas';
import { isValidCampaignValue } from '../../src/domain/campaign';
import { DEFAULT_BUSINESS_INDEX, DEFAULT_TIDS, TRACKING_PRODUCT_ID } from '../../src/domain/tracking';
import { NAVIGATION_TYPES, p75, summarizeVitals, VITALS_ACTION, type VitalsRow } from '../../src/domain/vitals';
import { VISITOR_ID_KEY as BEACON_VISITOR_ID_KEY } from '../../client/lib/campaign';
import * as vitals from '../../client/lib/vitals';

// Web Vitals: the browser's report (client/lib/vitals.ts) agrees with the edge's rules, and the
// 75th percentile the stored reports are read with.

afterEach(() => vi.unstubAllGlobals());

describe("the browser's vitals report", () => {
  it('repeats the report defaults, action and visitor id rules of the rest of the site', () => {
    expect(vitals.VITALS_ACTION).toBe(VITALS_ACTION);
    expect(vitals.VITALS_REPORT_DEFAULTS).toEqual({ business_index: DEFAULT_BUSINESS_INDEX, cid: TRACKING_PRODUCT_ID, tid1: DEFAULT_TIDS.tid1, tid2: DEFAULT_TIDS.tid2, tryno: 0 });
    expect(vitals.VISITOR_ID_KEY).toBe(BEACON_VISITOR_ID_KEY);
    for (const id of ['0b6e1c1e-8a8e-4c57-9df0-7d3c1e6f3a10', 'app-visitor-0001', 'short', 'has space 123', 'x'.repeat(65)]) {
      expect(vitals.VISITOR_ID.test(id), id).toBe(isValidCampaignValue('uuid', id));
    }
  });

  it('names every web-vitals navigation type with one the edge accepts', () => {
    const names = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore', 'soft-navigation', undefined];
    expect(names.map((n) => vitals.navigationTypeOf(n))).toEqual(['navigate', 'reload', 'back_forward', 'back_forward', 'prerender', 'reload', 'navigate', 'navigate']);
    for (const n of names) expect(NAVIGATION_TYPES as readonly string[]).toContain(vitals.navigationTypeOf(n));
  });

  it('builds a query the edge accepts, with the stored visitor id or a one-off id', () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null });
    vi.stubGlobal('location', new URL('https://www.mt-recover.com/ja-JP/buy'));
    vi.stubGlobal('document', { documentElement: { lang: 'ja-JP' } });
    const now = Date.UTC(2026, 10, 24, 9);
    const oneOff = Object.fromEntries(new URLSearchParams(vitals.vitalsQuery({ lcp: 812, cls: 0.0123, ttfb: 95 }, 'prerender', now)));
    expect(oneOff).toMatchObject({ action: 'vitals', page_id: '/ja-JP/buy', locale: 'ja-JP', nav: 'prerender', lcp: '812', cls: '0.0123', ttfb: '95', time_: String(now) });
    expect(oneOff.inp).toBeUndefined();
    expect(oneOff.uuid).toMatch(/^v-[a-z0-9]{8,}$/);
    expect(storage.size, 'no visitor id is created').toBe(0);
    expect(edgeBeaconSchema.safeParse(oneOff).success).toBe(true);
    storage.set('uuid', 'stored-visitor-0002');
    const stored = Object.fromEntries(new URLSearchParams(vitals.vitalsQuery({ inp: 48 }, 'navigate', now)));
    expect(stored.uuid).toBe('stored-visitor-0002');
    expect(edgeBeaconSchema.safeParse(stored).success).toBe(true);
  });
});

describe('the 75th percentile of stored reports', () => {
  it('is the nearest-rank p75, ignoring page views that did not measure the timing', () => {
    expect(p75([])).toBeNull();
    expect(p75([null, undefined])).toBeNull();
    expect(p75([5])).toBe(5);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([10, 20, 30, 40, 50, null])).toBe(40);
  });

  it('groups per page, locale and navigation type, busiest first', () => {
    const row = (page: string, locale: string, nav: string, lcp: number | null, inp: number | null = null): VitalsRow => ({ page, locale, nav, lcp, inp, cls: 0, ttfb: 100 });
    const summary = summarizeVitals([row('/buy', 'fr-FR', 'prerender', 40), row('/buy', 'fr-FR', 'prerender', 80, 24), row('/buy', 'fr-FR', 'navigate', 900), row('/', 'en-US', 'navigate', 700), row('/buy', 'fr-FR', 'prerender', 60)]);
    expect(summary[0]).toEqual({ page: '/buy', locale: 'fr-FR', nav: 'prerender', views: 3, lcp: 80, inp: 24, cls: 0, ttfb: 100 });
    expect(summary.map((s) => `${s.page} ${s.locale} ${s.nav}`)).toEqual(['/buy fr-FR prerender', '/ en-US navigate', '/buy fr-FR navigate']);
  });
});

describe("the edge's rules for a vitals report", () => {
  const base = { uuid: 'stored-visitor-0002', time_: '1795546074294', action: 'vitals', business_index: '8109', cid: '81', tid1: '16', tid2: '1', page_id: '/fr-FR/buy', nav: 'navigate', locale: 'fr-FR', lcp: '1332', cls: '0.05', ttfb: '120' };
  const first = (fields: Record<string, string>) => {
    const parsed = edgeBeaconSchema.safeParse(fields);
    return parsed.success ? 'ok' : parsed.error.issues[0]!.message;
  };

  it('takes the four timings, the navigation type and the locale, as numbers', () => {
    const parsed = edgeBeaconSchema.parse({ ...base, inp: '56' });
    expect(parsed).toMatchObject({ lcp: 1332, inp: 56, cls: 0.05, ttfb: 120, nav: 'navigate', locale: 'fr-FR' });
  });

  it('refuses a vitals report without its navigation type, locale or any timing', () => {
    const { nav: _nav, ...noNav } = base;
    const { locale: _locale, ...noLocale } = base;
    const { lcp: _l, cls: _c, ttfb: _t, ...noTiming } = base;
    for (const fields of [noNav, noLocale, noTiming]) expect(first(fields)).toBe('a vitals report needs nav, locale and a timing');
  });

  it('refuses vitals fields on any other report', () => {
    expect(first({ ...base, action: 'download', nav: 'navigate', locale: 'fr-FR', lcp: '1', cls: '0', ttfb: '1' })).toBe('only a vitals report carries vitals fields');
  });

  it('refuses values that are no measurement', () => {
    expect(first({ ...base, lcp: '600001' })).toBe('lcp is invalid');
    expect(first({ ...base, ttfb: '-1' })).toBe('ttfb is invalid');
    expect(first({ ...base, ttfb: '12.5' })).toBe('ttfb is invalid');
    expect(first({ ...base, cls: '1e3' })).toBe('cls is invalid');
    expect(first({ ...base, nav: 'teleport' })).toBe('nav is invalid');
    expect(first({ ...base, locale: 'xx-XX' })).toBe('locale is invalid');
    expect(first({ ...base, device: 'fridge' })).toBe('device is invalid');
  });
});
