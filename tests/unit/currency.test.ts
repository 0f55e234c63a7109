import { describe, expect, it } from 'vitest';
import { allCurrencies, chooseCurrency, currencyInfo, normalizeCountry } from '../../src/domain/currency';

describe('currency choice', () => {
  it.each([
    ['US', 'USD'],
    ['JP', 'JPY'],
    ['HK', 'HKD'],
    ['SG', 'SGD'],
    ['FR', 'EUR'],
  ])('gives a visitor from %s %s', (country, currency) => {
    expect(chooseCurrency(normalizeCountry(country))).toBe(currency);
  });

  it.each(['DE', 'IT', 'ES', 'NL', 'IE', 'FI', 'HR', 'AT'])('gives eurozone country %s euros', (country) => {
    expect(chooseCurrency(normalizeCountry(country))).toBe('EUR');
  });

  it('falls back to USD where the plan list has no price in the local currency', () => {
    expect(chooseCurrency('GB')).toBe('USD');
    expect(chooseCurrency('BR')).toBe('USD');
    expect(chooseCurrency('CN')).toBe('USD');
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
