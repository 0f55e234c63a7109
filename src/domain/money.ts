// Money is always an integer count of minor units (cents; yen and won for the zero-decimal JPY and
// KRW). Display goes through Intl.NumberFormat in the page's locale.

/** JPY and KRW show no decimals; every other currency shows two. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW']);

export const AMOUNT_NOT_INTEGER = 'The amount must be an integer, in cents';

export function fractionDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/** Throws unless `amount` is an integer in minor units. */
export function assertMinorUnits(amount: unknown): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) throw new TypeError(AMOUNT_NOT_INTEGER);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = fractionDigits(currency);
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

/** 2499 USD in en-US → '$24.99'; 3980 JPY in ja-JP → '￥3,980'. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  assertMinorUnits(amount);
  return formatter(locale, currency).format(amount / 10 ** fractionDigits(currency));
}

export interface Saving {
  /** Minor units saved against the origin price. */
  amount: number;
  /** Whole percent off, rounded down so the badge never overstates the saving. */
  percent: number;
}

/** MoreSave: how much a plan saves against its original price; null when there is no saving. */
export function saving(price: number, originPrice: number): Saving | null {
  assertMinorUnits(price);
  assertMinorUnits(originPrice);
  if (originPrice <= 0 || price >= originPrice) return null;
  const amount = originPrice - price;
  return { amount, percent: Math.floor((amount * 100) / originPrice) };
}

/** A machine-readable decimal for structured data (schema.org `price`): 2999 USD → '29.99', 4480 JPY → '4480'. */
export function toDecimalString(amount: number, currency: string): string {
  assertMinorUnits(amount);
  const digits = fractionDigits(currency);
  if (digits === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** A whole percentage in the page's language: 37 → '37%' (en), '37 %' (fr). */
export function formatPercent(percent: number, locale: string): string {
  let f = percentFormatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percentFormatters.set(locale, f);
  }
  return f.format(percent / 100);
}

// Building an Intl formatter costs 50–100 µs; one per locale (and currency) lives as long as the isolate.
const percentFormatters = new Map<string, Intl.NumberFormat>();
