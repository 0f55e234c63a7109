import countryToCurrency from 'country-to-currency';

export const DEFAULT_CURRENCY = 'USD';

/**
 * The currencies the plans are priced in: the one list the site derives its currency choice from.
 * Every price is hand-set per currency at the upstream (no conversion), so a currency belongs here
 * only once the upstream's list_group carries prices in it; tests/origin/plans-integration.test.ts
 * checks that the reference origin prices exactly these. A visitor whose country's currency is not
 * here sees USD.
 */
export const PLAN_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'KRW',
  'TWD',
  'HKD',
  'SGD',
  'AUD',
  'CAD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'BRL',
  'MXN',
  'INR',
] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

export function isPlanCurrency(code: string): code is PlanCurrency {
  return (PLAN_CURRENCIES as readonly string[]).includes(code);
}

/** ISO 3166-1 alpha-2, upper case, or null for anything else (including Cloudflare's 'XX' and 'T1'). */
export function normalizeCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'T1') return null;
  return code in countryToCurrency ? code : null;
}

/** The country's own currency (eurozone countries → EUR), from the country-to-currency data. */
export function currencyOfCountry(country: string | null): string | null {
  if (!country) return null;
  return (countryToCurrency as Record<string, string>)[country] ?? null;
}

/**
 * The currency to show a visitor: their country's currency when the plan list is priced in it,
 * else USD. A visitor with no known country gets USD.
 */
export function chooseCurrency(country: string | null, available: readonly string[] = PLAN_CURRENCIES): string {
  const own = currencyOfCountry(country);
  return own && available.includes(own) ? own : DEFAULT_CURRENCY;
}

/** A currency as pages show it: value (code), label, name, symbol — from Intl, not a hand-typed list. */
export interface CurrencyInfo {
  value: string;
  label: string;
  name: string;
  symbol: string;
}

/** Described once per currency and locale (DisplayNames and NumberFormat cost 50–100 µs each to build). */
const described = new Map<string, CurrencyInfo>();

export function currencyInfo(code: string, locale: string): CurrencyInfo {
  const key = `${locale}|${code}`;
  let info = described.get(key);
  if (!info) {
    info = describeCurrency(code, locale);
    described.set(key, info);
  }
  return info;
}

function describeCurrency(code: string, locale: string): CurrencyInfo {
  const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code;
  const symbol =
    new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? code;
  return { value: code, label: `${code} – ${name}`, name, symbol };
}

/** Every currency the runtime knows (Intl.supportedValuesOf), described in `locale`. */
export function allCurrencies(locale: string): CurrencyInfo[] {
  return Intl.supportedValuesOf('currency').map((code) => currencyInfo(code, locale));
}
