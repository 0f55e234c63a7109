// The locale settings (country, currency, timestamp), kept in localStorage for 24 hours.
// Where they come from, in order: this cache while it is fresh; else the edge (GET /api/geo, which
// replaced the third-party IP lookup); else the browser's language. The buy page seeds the cache
// with what the server already knew, so a later page (checkout) rarely needs the request at all.

export const LOCALE_SETTINGS_KEY = 'locale-settings';
/** The locale cache lives 24 hours. */
export const LOCALE_SETTINGS_TTL_MS = 24 * 60 * 60 * 1000;
export const GEO_ENDPOINT = '/api/geo';

export interface LocaleSettings {
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  /** ISO 4217. */
  currency: string;
  /** Epoch milliseconds when the settings were learnt. */
  timestamp: number;
}

export type LocaleSettingsSource = 'cache' | 'edge' | 'browser';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const COUNTRY = /^[A-Z]{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

function isGeo(value: unknown): value is { country: string | null; currency: string } {
  if (!value || typeof value !== 'object') return false;
  const { country, currency } = value as Record<string, unknown>;
  return (country === null || (typeof country === 'string' && COUNTRY.test(country))) && typeof currency === 'string' && CURRENCY.test(currency);
}

function defaultStorage(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

/**
 * GET /api/geo, carrying the page's `debug_country` when it has one: outside production that
 * simulates a country for the page, so the edge must answer for the same country.
 * Production ignores the parameter.
 */
function geoUrl(): string {
  const debug = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('debug_country');
  return debug ? `${GEO_ENDPOINT}?debug_country=${encodeURIComponent(debug)}` : GEO_ENDPOINT;
}

/** The cached settings when they are less than 24 hours old; null when missing, malformed, expired or unreadable. */
export function readLocaleSettings(now = Date.now(), storage: Store | null = defaultStorage()): LocaleSettings | null {
  try {
    const raw = storage?.getItem(LOCALE_SETTINGS_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!isGeo(value)) return null;
    const { timestamp } = value as { timestamp?: unknown };
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
    const age = now - timestamp;
    if (age < 0 || age >= LOCALE_SETTINGS_TTL_MS) return null;
    return { country: value.country, currency: value.currency, timestamp };
  } catch {
    return null;
  }
}

export function saveLocaleSettings(settings: LocaleSettings, storage: Store | null = defaultStorage()): void {
  try {
    storage?.setItem(LOCALE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* storage full or disabled: the settings last for this page only */
  }
}

/** Records what the edge said about this visitor, unless the cache already says the same and is fresh. */
export function rememberGeo(geo: { country: string | null; currency: string }, now = Date.now(), storage: Store | null = defaultStorage()): void {
  if (!isGeo(geo)) return;
  const cached = readLocaleSettings(now, storage);
  if (cached && cached.country === geo.country && cached.currency === geo.currency) return;
  saveLocaleSettings({ country: geo.country, currency: geo.currency, timestamp: now }, storage);
}

/** Country and currency from the browser language ('ja-JP' → JP → JPY; 'fr' → FR → EUR), USD when nothing fits. */
export async function settingsFromLanguage(language: string | undefined, now = Date.now()): Promise<LocaleSettings> {
  let country: string | null = null;
  try {
    const region = language ? new Intl.Locale(language).maximize().region : undefined;
    country = region && COUNTRY.test(region) ? region : null;
  } catch {
    country = null;
  }
  // Loaded only on this last resort: the country-to-currency data is not needed otherwise.
  const { chooseCurrency, normalizeCountry } = await import('../../src/domain/currency');
  const known = normalizeCountry(country);
  return { country: known, currency: chooseCurrency(known), timestamp: now };
}

export interface ResolveOptions {
  now?: number;
  storage?: Store | null;
  /** Fetches the edge's answer; the default asks GET /api/geo on this site. */
  fetchGeo?: () => Promise<Response>;
  language?: string;
}

/** The visitor's locale settings: the fresh cache, else the edge (then cached), else the browser language. */
export async function resolveLocaleSettings(options: ResolveOptions = {}): Promise<LocaleSettings & { source: LocaleSettingsSource }> {
  const now = options.now ?? Date.now();
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const cached = readLocaleSettings(now, storage);
  if (cached) return { ...cached, source: 'cache' };
  try {
    const fetchGeo = options.fetchGeo ?? (() => fetch(geoUrl(), { headers: { accept: 'application/json' }, credentials: 'same-origin' }));
    const res = await fetchGeo();
    if (res.ok) {
      const body: unknown = await res.json();
      if (isGeo(body)) {
        const settings = { country: body.country, currency: body.currency, timestamp: now };
        saveLocaleSettings(settings, storage);
        return { ...settings, source: 'edge' };
      }
    }
  } catch {
    /* offline or blocked: fall through to the browser language */
  }
  const language = options.language ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  return { ...(await settingsFromLanguage(language, now)), source: 'browser' };
}
