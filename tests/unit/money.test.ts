import { describe, expect, it } from 'vitest';
import { PLAN_CURRENCIES } from '../../src/domain/currency';
import { AMOUNT_NOT_INTEGER, assertMinorUnits, formatMoney, formatPercent, fractionDigits, saving, toDecimalString } from '../../src/domain/money';

// Intl output uses narrow no-break spaces in some locales: normalise them for readable expectations.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('rejects amounts that are not integers in minor units', () => {
    for (const bad of [24.99, Number.NaN, Infinity, '2499', null, undefined, 2 ** 60]) {
      expect(() => assertMinorUnits(bad)).toThrow(AMOUNT_NOT_INTEGER);
    }
    expect(() => formatMoney(24.5, 'USD', 'en-US')).toThrow(AMOUNT_NOT_INTEGER);
  });

  it('shows JPY and KRW without decimals and every other currency with two', () => {
    expect(fractionDigits('JPY')).toBe(0);
    expect(fractionDigits('KRW')).toBe(0);
    expect(fractionDigits('USD')).toBe(2);
    expect(fractionDigits('EUR')).toBe(2);
    expect(plain(formatMoney(3980, 'JPY', 'en-US'))).toBe('¥3,980');
    expect(plain(formatMoney(29000, 'KRW', 'en-US'))).toBe('₩29,000');
  });

  it('gives every priced currency but JPY and KRW two decimals, whatever Intl would pick by default', () => {
    for (const currency of PLAN_CURRENCIES) {
      const digits = currency === 'JPY' || currency === 'KRW' ? 0 : 2;
      expect(fractionDigits(currency), currency).toBe(digits);
      for (const locale of ['en-US', 'fr-FR', 'ja-JP', 'zh-CN']) {
        // Seven minor units: '0.07' (digits 007) with two decimals, '7' without.
        expect(formatMoney(7, currency, locale).replace(/\D/g, ''), `${currency} in ${locale}`).toBe(digits === 0 ? '7' : '007');
      }
    }
  });

  const samples: [number, string, string, string][] = [
    [2499, 'USD', 'en-US', '$24.99'],
    [2499, 'USD', 'fr-FR', '24,99 $US'],
    [2499, 'USD', 'ja-JP', '$24.99'],
    [2499, 'USD', 'zh-CN', 'US$24.99'],
    [3980, 'JPY', 'ja-JP', '￥3,980'],
    [3980, 'JPY', 'fr-FR', '3 980 JPY'],
    [3980, 'JPY', 'zh-CN', 'JP¥3,980'],
    [19900, 'HKD', 'en-US', 'HK$199.00'],
    [19900, 'HKD', 'zh-CN', 'HK$199.00'],
    [3490, 'SGD', 'en-US', 'SGD 34.90'],
    [3490, 'SGD', 'ja-JP', 'SGD 34.90'],
    [2299, 'EUR', 'fr-FR', '22,99 €'],
    [2299, 'EUR', 'en-US', '€22.99'],
    [2299, 'EUR', 'ja-JP', '€22.99'],
    [123456789, 'EUR', 'fr-FR', '1 234 567,89 €'],
    [123456789, 'USD', 'en-US', '$1,234,567.89'],
    [2199, 'GBP', 'en-US', '£21.99'],
    [2199, 'GBP', 'fr-FR', '21,99 £GB'],
    [32000, 'KRW', 'en-US', '₩32,000'],
    [32000, 'KRW', 'ja-JP', '₩32,000'],
    [32000, 'KRW', 'fr-FR', '32 000 ₩'],
    [79000, 'TWD', 'zh-CN', 'NT$790.00'],
    [3999, 'AUD', 'en-US', 'A$39.99'],
    [3499, 'CAD', 'en-US', 'CA$34.99'],
    [4299, 'NZD', 'en-US', 'NZ$42.99'],
    [2790, 'CHF', 'en-US', 'CHF 27.90'],
    [2790, 'CHF', 'fr-FR', '27,90 CHF'],
    [24900, 'SEK', 'en-US', 'SEK 249.00'],
    [26900, 'NOK', 'fr-FR', '269,00 NOK'],
    [17900, 'DKK', 'ja-JP', 'DKK 179.00'],
    [10999, 'PLN', 'fr-FR', '109,99 PLN'],
    [12990, 'BRL', 'en-US', 'R$129.90'],
    [12990, 'BRL', 'fr-FR', '129,90 R$'],
    [44900, 'MXN', 'en-US', 'MX$449.00'],
    [199900, 'INR', 'en-US', '₹1,999.00'],
  ];
  it.each(samples)('formats %i %s in %s as %s', (amount, currency, locale, expected) => {
    expect(plain(formatMoney(amount, currency, locale))).toBe(expected);
  });

  it('computes the saving from price and origin price', () => {
    expect(saving(2499, 3999)).toEqual({ amount: 1500, percent: 37 });
    expect(saving(2999, 4999)).toEqual({ amount: 2000, percent: 40 });
    expect(saving(5999, 11999)).toEqual({ amount: 6000, percent: 50 });
    expect(saving(3999, 3999)).toBeNull();
    expect(saving(4000, 3999)).toBeNull();
    expect(() => saving(24.99, 39.99)).toThrow(AMOUNT_NOT_INTEGER);
  });

  it('computes the saving in zero-decimal currencies too', () => {
    expect(saving(3980, 5980)).toEqual({ amount: 2000, percent: 33 });
    expect(saving(8980, 17980)).toEqual({ amount: 9000, percent: 50 });
    expect(saving(0, 0)).toBeNull();
  });

  it('writes minor units as a plain decimal for structured data', () => {
    expect(toDecimalString(2999, 'USD')).toBe('29.99');
    expect(toDecimalString(2905, 'EUR')).toBe('29.05');
    expect(toDecimalString(7, 'USD')).toBe('0.07');
    expect(toDecimalString(11999, 'SGD')).toBe('119.99');
    expect(toDecimalString(4480, 'JPY')).toBe('4480');
    expect(toDecimalString(32000, 'KRW')).toBe('32000');
    expect(toDecimalString(79000, 'TWD')).toBe('790.00');
    expect(toDecimalString(-250, 'USD')).toBe('-2.50');
    expect(() => toDecimalString(29.99, 'USD')).toThrow(AMOUNT_NOT_INTEGER);
  });

  it('formats a saving percentage in the page locale', () => {
    expect(plain(formatPercent(37, 'en-US'))).toBe('37%');
    expect(plain(formatPercent(37, 'fr-FR'))).toBe('37 %');
    expect(plain(formatPercent(50, 'ja-JP'))).toBe('50%');
    expect(plain(formatPercent(40, 'zh-CN'))).toBe('40%');
  });
});
