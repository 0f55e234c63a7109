import countryToCurrency from 'country-to-currency';
import { describe, expect, it } from 'vitest';
import { allCurrencies, chooseCurrency, currencyInfo, currencyOfCountry, isPlanCurrency, normalizeCountry, PLAN_CURRENCIES } from '../../src/domain/currency';

describe('currency choice', () => {
  it.each([
    ['US', 'USD'],
    ['JP', 'JPY'],
    ['HK', 'HKD'],
    ['SG', 'SGD'],
    ['FR', 'EUR'],
    ['GB', 'GBP'],
    ['KR', 'KRW'],
    ['TW', 'TWD'],
    ['AU', 'AUD'],
    ['CA', 'CAD'],
    ['NZ', 'NZD'],
    ['CH', 'CHF'],
    ['SE', 'SEK'],
    ['NO', 'NOK'],
    ['DK', 'DKK'],
    ['PL', 'PLN'],
    ['BR', 'BRL'],
    ['MX', 'MXN'],
    ['IN', 'INR'],
  ])('gives a visitor from %s %s', (country, currency) => {
    expect(chooseCurrency(normalizeCountry(country))).toBe(currency);
  });

  it.each([
    ['LI', 'CHF'],
    ['JE', 'GBP'],
    ['IM', 'GBP'],
    ['GL', 'DKK'],
    ['FO', 'DKK'],
    ['SJ', 'NOK'],
    ['KI', 'AUD'],
    ['CK', 'NZD'],
    ['PR', 'USD'],
  ])('gives %s, which uses another country\'s currency, %s', (country, currency) => {
    expect(chooseCurrency(normalizeCountry(country))).toBe(currency);
  });

  it('prices no currency that no country of the country-to-currency data uses', () => {
    const used = new Set(Object.values(countryToCurrency as Record<string, string>));
    for (const currency of PLAN_CURRENCIES) expect(used.has(currency), currency).toBe(true);
  });

  it.each(['DE', 'IT', 'ES', 'NL', 'IE', 'FI', 'HR', 'AT'])('gives eurozone country %s euros', (country) => {
    expect(chooseCurrency(normalizeCountry(country))).toBe('EUR');
  });

  it.each([
    ['CN', 'CNY'],
    ['ZA', 'ZAR'],
    ['TR', 'TRY'],
    ['CZ', 'CZK'],
    ['TH', 'THB'],
    ['BT', 'BTN'],
  ])('falls back to USD for %s, whose %s the plan list has no price in', (country, own) => {
    expect(currencyOfCountry(country)).toBe(own);
    expect(isPlanCurrency(own)).toBe(false);
    expect(chooseCurrency(normalizeCountry(country))).toBe('USD');
  });

  it('lists at least the nineteen priced currencies, each a valid ISO 4217 code, once', () => {
    expect(new Set(PLAN_CURRENCIES).size).toBe(PLAN_CURRENCIES.length);
    expect(PLAN_CURRENCIES).toEqual(
      expect.arrayContaining(['AUD', 'BRL', 'CAD', 'CHF', 'DKK', 'EUR', 'GBP', 'HKD', 'INR', 'JPY', 'KRW', 'MXN', 'NOK', 'NZD', 'PLN', 'SEK', 'SGD', 'TWD', 'USD']),
    );
    const known = new Set(Intl.supportedValuesOf('currency'));
    for (const code of PLAN_CURRENCIES) expect(known.has(code), code).toBe(true);
  });

  it('gives USD to visitors with an unknown or missing country', () => {
    for (const raw of [undefined, null, '', 'XX', 'T1', 'ZZ', 'usa', '<script>', 42]) {
      expect(chooseCurrency(normalizeCountry(raw))).toBe('USD');
    }
  });

  it('only offers currencies the plan list is priced in', () => {
    expect(chooseCurrency('JP', ['USD', 'EUR'])).toBe('USD');
    expect(chooseCurrency('GB', ['USD', 'GBP'])).toBe('GBP');
  });

  it('describes currencies through Intl in the page locale', () => {
    expect(currencyInfo('JPY', 'en-US')).toEqual({ value: 'JPY', label: 'JPY – Japanese Yen', name: 'Japanese Yen', symbol: '¥' });
    expect(currencyInfo('EUR', 'fr-FR').name).toBe('euro');
    expect(allCurrencies('en-US').length).toBeGreaterThan(100);
  });
});
