// What a price includes, by the visitor's country. Every price the site shows is the final price
// the buyer pays: tax is never added at checkout. Pure: the edge picks the rule from cf.country,
// the browser and the reference origin read the same table.

/** How the tax is called where it applies: the page says "incl. VAT", "incl. GST", "税込"… in its own language. */
export type TaxName = 'vat' | 'gst' | 'jct';

export interface CountryTax {
  /** The standard rate in basis points (1900 = 19 %, 2550 = 25.5 %, 810 = 8.1 %). */
  rateBp: number;
  name: TaxName;
}

/**
 * When the rates below were last checked against the tax authorities' published standard rates
 * (the latest changes then: Finland 25.5 % from 2024-09-01, Slovakia 23 % from 2025-01-01,
 * Estonia 24 % from 2025-07-01, Romania 21 % from 2025-08-01). A rate change is one line here.
 */
export const TAX_RATES_AS_OF = '2026-11-24';

/**
 * Standard VAT/GST rates on electronically supplied services (downloaded software and licence
 * keys) sold to consumers, where the seller collects the tax at a single national rate: the EU
 * (destination rate under the OSS scheme), the rest of the EEA, the United Kingdom, Switzerland
 * and Liechtenstein (one VAT area), and the countries of the site's other currencies whose
 * non-resident digital-services rules apply a national rate (JP, KR, AU, NZ, SG, IN, TW, MX).
 * Left out on purpose: the US and Canada (the tax depends on the buyer's state or province, see
 * `salesTaxCountry`), Hong Kong (no VAT), Brazil (no single national rate on imported digital
 * services), EU territories outside the EU VAT area (Åland, the French overseas departments).
 */
export const TAX_RATES: Readonly<Record<string, CountryTax>> = {
  // EU 27
  AT: { rateBp: 2000, name: 'vat' },
  BE: { rateBp: 2100, name: 'vat' },
  BG: { rateBp: 2000, name: 'vat' },
  HR: { rateBp: 2500, name: 'vat' },
  CY: { rateBp: 1900, name: 'vat' },
  CZ: { rateBp: 2100, name: 'vat' },
  DK: { rateBp: 2500, name: 'vat' },
  EE: { rateBp: 2400, name: 'vat' },
  FI: { rateBp: 2550, name: 'vat' },
  FR: { rateBp: 2000, name: 'vat' },
  DE: { rateBp: 1900, name: 'vat' },
  GR: { rateBp: 2400, name: 'vat' },
  HU: { rateBp: 2700, name: 'vat' },
  IE: { rateBp: 2300, name: 'vat' },
  IT: { rateBp: 2200, name: 'vat' },
  LV: { rateBp: 2100, name: 'vat' },
  LT: { rateBp: 2100, name: 'vat' },
  LU: { rateBp: 1700, name: 'vat' },
  MT: { rateBp: 1800, name: 'vat' },
  NL: { rateBp: 2100, name: 'vat' },
  PL: { rateBp: 2300, name: 'vat' },
  PT: { rateBp: 2300, name: 'vat' },
  RO: { rateBp: 2100, name: 'vat' },
  SK: { rateBp: 2300, name: 'vat' },
  SI: { rateBp: 2200, name: 'vat' },
  ES: { rateBp: 2100, name: 'vat' },
  SE: { rateBp: 2500, name: 'vat' },
  // Monaco is in the French VAT area, the Isle of Man in the UK's.
  MC: { rateBp: 2000, name: 'vat' },
  IM: { rateBp: 2000, name: 'vat' },
  // Rest of the EEA, the UK, Switzerland and Liechtenstein
  IS: { rateBp: 2400, name: 'vat' },
  NO: { rateBp: 2500, name: 'vat' },
  GB: { rateBp: 2000, name: 'vat' },
  CH: { rateBp: 810, name: 'vat' },
  LI: { rateBp: 810, name: 'vat' },
  // Asia-Pacific and the Americas
  JP: { rateBp: 1000, name: 'jct' },
  KR: { rateBp: 1000, name: 'vat' },
  TW: { rateBp: 500, name: 'vat' },
  AU: { rateBp: 1000, name: 'gst' },
  NZ: { rateBp: 1500, name: 'gst' },
  SG: { rateBp: 900, name: 'gst' },
  IN: { rateBp: 1800, name: 'gst' },
  MX: { rateBp: 1600, name: 'vat' },
};

/** Countries whose sales tax depends on the buyer's state or province (and city). */
const SALES_TAX_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA']);

/**
 * What the price of a visitor from one country includes:
 * - `vat`: a national VAT/GST at `rateBp`; the checkout names the amount included and the rate.
 * - `salesTax`: the US and Canada. Decided: prices include any sales tax that applies to the
 *   buyer's address, and the buyer pays exactly the amount shown (the seller bears the tax).
 * - `final`: anywhere else, and an unknown country: the price is final, no tax is added.
 */
export type TaxRule = { kind: 'vat'; country: string; rateBp: number; name: TaxName } | { kind: 'salesTax'; country: string } | { kind: 'final' };

/** The tax rule for a visitor's country (ISO alpha-2; null when unknown). */
export function taxRuleFor(country: string | null | undefined): TaxRule {
  const code = country?.toUpperCase() ?? '';
  const tax = Object.hasOwn(TAX_RATES, code) ? TAX_RATES[code] : undefined;
  if (tax) return { kind: 'vat', country: code, rateBp: tax.rateBp, name: tax.name };
  if (SALES_TAX_COUNTRIES.has(code)) return { kind: 'salesTax', country: code };
  return { kind: 'final' };
}

/**
 * A short, bounded name for what the rule changes on a page (`vat-1900-vat`, `salesTax`, `final`):
 * the part of the page cache key that the tax wording adds. Pages name the rate and the tax, never
 * the country, so countries with the same rate share one rendering.
 */
export function taxRuleKey(rule: TaxRule): string {
  return rule.kind === 'vat' ? `vat-${rule.rateBp}-${rule.name}` : rule.kind;
}

/**
 * The tax contained in a tax-inclusive price, in minor units: price − price / (1 + rate), rounded
 * half up to the nearest minor unit (€27.99 at 19 % → €4.47; €30.00 at 20 % → €5.00). Integer
 * arithmetic only, so no binary fraction can tip a half cent.
 */
export function includedTax(price: number, rateBp: number): number {
  if (!Number.isSafeInteger(price) || price < 0) throw new TypeError('The price must be a non-negative integer in minor units');
  if (!Number.isInteger(rateBp) || rateBp < 0) throw new TypeError('The rate must be a non-negative integer in basis points');
  const numerator = price * rateBp;
  const denominator = 10_000 + rateBp;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

const rateFormatters = new Map<string, Intl.NumberFormat>();

/** A rate in the page's language, with a decimal only when it has one: 1900 → '19%' (en), '25,5 %' (fr), '8.1%'. */
export function formatRate(rateBp: number, locale: string): string {
  let f = rateFormatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    rateFormatters.set(locale, f);
  }
  return f.format(rateBp / 10_000);
}
