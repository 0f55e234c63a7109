import { describe, expect, it } from 'vitest';
import { LOCALE_SETTINGS_KEY, LOCALE_SETTINGS_TTL_MS, readLocaleSettings, rememberGeo, resolveLocaleSettings, saveLocaleSettings, settingsFromLanguage } from '../../client/lib/locale-settings';

/** An in-memory Storage with a log of writes. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(key);
      data.set(key, value);
    },
    data,
    writes,
  };
}

const NOW = Date.UTC(2026, 10, 21, 12);
const geoAnswer = (body: unknown, status = 200) => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the locale-settings cache', () => {
  it('keeps country, currency and timestamp for 24 hours', () => {
    const storage = memoryStorage();
    saveLocaleSettings({ country: 'JP', currency: 'JPY', timestamp: NOW }, storage);
    expect(JSON.parse(storage.data.get(LOCALE_SETTINGS_KEY)!)).toEqual({ country: 'JP', currency: 'JPY', timestamp: NOW });
    expect(readLocaleSettings(NOW + LOCALE_SETTINGS_TTL_MS - 1, storage)).toEqual({ country: 'JP', currency: 'JPY', timestamp: NOW });
    expect(readLocaleSettings(NOW + LOCALE_SETTINGS_TTL_MS, storage)).toBeNull();
  });

  it('ignores settings from the future, malformed ones and unreadable storage', () => {
    expect(readLocaleSettings(NOW, memoryStorage({ [LOCALE_SETTINGS_KEY]: JSON.stringify({ country: 'JP', currency: 'JPY', timestamp: NOW + 60_000 }) }))).toBeNull();
    expect(readLocaleSettings(NOW, memoryStorage({ [LOCALE_SETTINGS_KEY]: '{not json' }))).toBeNull();
    expect(readLocaleSettings(NOW, memoryStorage({ [LOCALE_SETTINGS_KEY]: JSON.stringify({ country: '<b>', currency: 'JPY', timestamp: NOW }) }))).toBeNull();
    expect(readLocaleSettings(NOW, memoryStorage({ [LOCALE_SETTINGS_KEY]: JSON.stringify({ country: 'JP', currency: 'yen', timestamp: NOW }) }))).toBeNull();
    const broken = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); } };
    expect(readLocaleSettings(NOW, broken)).toBeNull();
    expect(() => saveLocaleSettings({ country: null, currency: 'USD', timestamp: NOW }, broken)).not.toThrow();
  });

  it('is seeded from what the edge said, and only rewritten when that changes or expires', () => {
    const storage = memoryStorage();
    rememberGeo({ country: 'FR', currency: 'EUR' }, NOW, storage);
    rememberGeo({ country: 'FR', currency: 'EUR' }, NOW + 1000, storage);
    expect(storage.writes).toHaveLength(1);
    rememberGeo({ country: 'DE', currency: 'EUR' }, NOW + 2000, storage);
    expect(readLocaleSettings(NOW + 2000, storage)).toEqual({ country: 'DE', currency: 'EUR', timestamp: NOW + 2000 });
    rememberGeo({ country: 'DE', currency: 'EUR' }, NOW + 2000 + LOCALE_SETTINGS_TTL_MS, storage);
    expect(storage.writes).toHaveLength(3);
    rememberGeo({ country: 'DE', currency: 'euro' }, NOW, storage);
    expect(storage.writes).toHaveLength(3);
  });
});

describe('resolving the locale settings', () => {
  it('uses the fresh cache without asking the edge', async () => {
    const storage = memoryStorage();
    saveLocaleSettings({ country: 'SG', currency: 'SGD', timestamp: NOW - 1000 }, storage);
    let asked = 0;
    const settings = await resolveLocaleSettings({ now: NOW, storage, fetchGeo: () => (asked++, geoAnswer({ country: 'US', currency: 'USD' })()) });
    expect(settings).toEqual({ country: 'SG', currency: 'SGD', timestamp: NOW - 1000, source: 'cache' });
    expect(asked).toBe(0);
  });

  it('asks GET /api/geo when the cache is empty or expired, and caches the answer', async () => {
    const storage = memoryStorage();
    saveLocaleSettings({ country: 'SG', currency: 'SGD', timestamp: NOW - LOCALE_SETTINGS_TTL_MS - 1 }, storage);
    const settings = await resolveLocaleSettings({ now: NOW, storage, fetchGeo: geoAnswer({ country: 'HK', currency: 'HKD' }) });
    expect(settings).toEqual({ country: 'HK', currency: 'HKD', timestamp: NOW, source: 'edge' });
    expect(readLocaleSettings(NOW, storage)).toEqual({ country: 'HK', currency: 'HKD', timestamp: NOW });
  });

  it('falls back to the browser language only when both the cache and the edge fail', async () => {
    for (const fetchGeo of [unreachable, geoAnswer({ error: { code: 'invalid_country' } }, 400), geoAnswer({ country: 'JP' }), geoAnswer('not json at all')]) {
      const storage = memoryStorage();
      const settings = await resolveLocaleSettings({ now: NOW, storage, fetchGeo, language: 'ja-JP' });
      expect(settings).toEqual({ country: 'JP', currency: 'JPY', timestamp: NOW, source: 'browser' });
      // A guess from the language is not cached as if the edge had said it.
      expect(storage.data.has(LOCALE_SETTINGS_KEY)).toBe(false);
    }
  });

  it.each([
    ['fr-FR', 'FR', 'EUR'],
    ['fr', 'FR', 'EUR'],
    ['de-AT', 'AT', 'EUR'],
    ['en-US', 'US', 'USD'],
    ['en-GB', 'GB', 'GBP'],
    ['pt-BR', 'BR', 'BRL'],
    ['zh-CN', 'CN', 'USD'],
    ['zh-HK', 'HK', 'HKD'],
    ['ja', 'JP', 'JPY'],
    ['not a language tag', null, 'USD'],
  ])('reads %s as country %s and currency %s', async (language, country, currency) => {
    expect(await settingsFromLanguage(language, NOW)).toEqual({ country, currency, timestamp: NOW });
  });
});
