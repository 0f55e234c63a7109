import { describe, expect, it } from 'vitest';
import { CONSENT_COUNTRIES } from '../../src/domain/consent';
import { currencyOfCountry, PLAN_CURRENCIES } from '../../src/domain/currency';
import { formatRate, includedTax, TAX_RATES, TAX_RATES_AS_OF, taxRuleFor, taxRuleKey } from '../../src/domain/tax';
import { taxAmountLine, taxLabel, taxNote } from '../../src/i18n/tax';
import { createTranslator, type Messages } from '../../src/i18n/translator';
import { LOCALE_MESSAGES } from '../locale-messages';
import type { Locale } from '../../src/domain/locales';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const tr = (locale: Locale) => createTranslator(locale, LOCALE_MESSAGES[locale] as Messages).t;

describe('the tax table', () => {
  it('says when it was checked', () => {
    expect(TAX_RATES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['DE', 1900], ['FR', 2000], ['IT', 2200], ['ES', 2100], ['NL', 2100], ['AT', 2000], ['BE', 2100], ['IE', 2300], ['PT', 2300],
    ['FI', 2550], ['SE', 2500], ['DK', 2500], ['NO', 2500], ['PL', 2300], ['CH', 810], ['LI', 810], ['GB', 2000], ['EE', 2400],
    ['RO', 2100], ['SK', 2300], ['LU', 1700], ['HU', 2700], ['JP', 1000], ['KR', 1000], ['AU', 1000], ['NZ', 1500], ['SG', 900],
    ['IN', 1800], ['TW', 500], ['MX', 1600],
  ] as const)('%s charges its standard rate (%i basis points)', (country, rateBp) => {
    expect(taxRuleFor(country)).toMatchObject({ kind: 'vat', country, rateBp });
  });

  it('covers every EU member, the rest of the EEA, the UK and Switzerland that has a VAT of its own', () => {
    // The outermost regions and Åland are EU territory outside the EU VAT area.
    const outsideVatArea = new Set(['GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'AX']);
    for (const country of CONSENT_COUNTRIES) {
      if (outsideVatArea.has(country)) expect(taxRuleFor(country).kind, country).toBe('final');
      else expect(taxRuleFor(country).kind, country).toBe('vat');
    }
  });

  it('names GST in Australia, New Zealand, Singapore and India, consumption tax in Japan, VAT elsewhere', () => {
    for (const country of ['AU', 'NZ', 'SG', 'IN']) expect(TAX_RATES[country]?.name, country).toBe('gst');
    expect(TAX_RATES['JP']?.name).toBe('jct');
    expect(TAX_RATES['DE']?.name).toBe('vat');
  });

  it('leaves the tax to the buyer’s address in the US and Canada, and adds nothing anywhere else', () => {
    expect(taxRuleFor('US')).toEqual({ kind: 'salesTax', country: 'US' });
    expect(taxRuleFor('ca')).toEqual({ kind: 'salesTax', country: 'CA' });
    for (const country of ['HK', 'BR', 'CN', 'ZA', null, undefined, '', 'XX', 'toString', '__proto__']) expect(taxRuleFor(country).kind, String(country)).toBe('final');
  });

  it('has a rule for the country of every priced currency', () => {
    const countries = ['US', 'DE', 'GB', 'JP', 'KR', 'TW', 'HK', 'SG', 'AU', 'CA', 'NZ', 'CH', 'SE', 'NO', 'DK', 'PL', 'BR', 'MX', 'IN'];
    expect(new Set(countries.map(currencyOfCountry))).toEqual(new Set(PLAN_CURRENCIES));
    for (const country of countries) expect(['vat', 'salesTax', 'final']).toContain(taxRuleFor(country).kind);
  });

  it('keys pages by rate and tax name, never by country', () => {
    expect(taxRuleKey(taxRuleFor('FR'))).toBe('vat-2000-vat');
    expect(taxRuleKey(taxRuleFor('AT'))).toBe(taxRuleKey(taxRuleFor('FR')));
    expect(taxRuleKey(taxRuleFor('AU'))).toBe('vat-1000-gst');
    expect(taxRuleKey(taxRuleFor('US'))).toBe('salesTax');
    expect(taxRuleKey(taxRuleFor(null))).toBe('final');
  });
});

describe('the tax included in a price', () => {
  it('is price − price / (1 + rate), rounded to the minor unit', () => {
    expect(includedTax(3000, 2000)).toBe(500); // €30.00 at 20 % → €5.00
    expect(includedTax(2799, 1900)).toBe(447); // €27.99 / 1.19 = 23.521… → 4.469 → €4.47
    expect(includedTax(2799, 2000)).toBe(467); // 466.5 rounds half up
    expect(includedTax(4480, 1000)).toBe(407); // ¥4,480 at 10 % → ¥407
    expect(includedTax(39000, 1000)).toBe(3545); // ₩39,000 → ₩3,545
    expect(includedTax(3390, 810)).toBe(254); // CHF 33.90 at 8.1 % → 2.540…
    expect(includedTax(29900, 2550)).toBe(6075); // 299 kr at 25.5 %
    expect(includedTax(99000, 500)).toBe(4714); // NT$990.00 at 5 %
    expect(includedTax(0, 2000)).toBe(0);
  });

  it('never exceeds the price and adds back up: net + tax = price', () => {
    for (const rateBp of [500, 810, 1000, 1900, 2000, 2550, 2700]) {
      for (let price = 1; price < 5000; price += 37) {
        const tax = includedTax(price, rateBp);
        expect(tax).toBeLessThan(price);
        expect(Math.abs((price - tax) * (10_000 + rateBp) / 10_000 - price)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses amounts that are not minor units', () => {
    expect(() => includedTax(29.99, 2000)).toThrow(TypeError);
    expect(() => includedTax(-1, 2000)).toThrow(TypeError);
    expect(() => includedTax(100, 19.5)).toThrow(TypeError);
  });

  it('shows a rate with its decimal only when it has one', () => {
    expect(plain(formatRate(1900, 'en-US'))).toBe('19%');
    expect(plain(formatRate(2000, 'fr-FR'))).toBe('20 %');
    expect(plain(formatRate(2550, 'fi-FI'))).toBe('25,5 %');
    expect(plain(formatRate(810, 'de-DE'))).toBe('8,1 %');
  });
});

describe('the tax wording', () => {
  it.each([
    ['en-US', 'DE', 'incl. VAT', 'Includes €4.47 VAT (19%)'],
    ['fr-FR', 'FR', 'TTC', 'Dont 4,67 € de TVA (20 %)'],
    ['de-DE', 'DE', 'inkl. MwSt.', 'Enthält 4,47 € MwSt. (19 %)'],
    ['it-IT', 'IT', 'IVA inclusa', 'Include 5,05 € di IVA (22%)'],
    ['es-ES', 'ES', 'IVA incluido', 'Incluye 4,86 € de IVA (21 %)'],
  ] as const)('%s for a visitor from %s: "%s", "%s"', (locale, country, label, amount) => {
    const t = tr(locale);
    const rule = taxRuleFor(country);
    expect(taxLabel(rule, t)).toBe(label);
    expect(plain(taxAmountLine(rule, 2799, 'EUR', t, locale)!)).toBe(amount);
  });

  it('reads 税込 in Japanese, VAT 포함 in Korean, 含税/含稅 in Chinese', () => {
    expect(taxLabel(taxRuleFor('JP'), tr('ja-JP'))).toBe('税込');
    expect(taxAmountLine(taxRuleFor('JP'), 4480, 'JPY', tr('ja-JP'), 'ja-JP')).toBe('うち消費税 ￥407（10%）');
    expect(taxLabel(taxRuleFor('KR'), tr('ko-KR'))).toBe('VAT 포함');
    expect(taxAmountLine(taxRuleFor('KR'), 39000, 'KRW', tr('ko-KR'), 'ko-KR')).toBe('부가세 ₩3,545 포함 (10%)');
    expect(taxLabel(taxRuleFor('CN'), tr('zh-CN'))).toBe('含税');
    expect(taxLabel(taxRuleFor('TW'), tr('zh-TW'))).toBe('含稅');
    expect(taxLabel(taxRuleFor('BR'), tr('pt-BR'))).toBe('impostos inclusos');
  });

  it('says how tax is handled in the US and elsewhere, with no amount', () => {
    const t = tr('en-US');
    expect(taxLabel(taxRuleFor('US'), t)).toBe('tax included');
    expect(taxAmountLine(taxRuleFor('US'), 2999, 'USD', t, 'en-US')).toBeNull();
    expect(taxNote(taxRuleFor('US'), t, 'en-US')).toBe('Prices include any sales tax that applies where you live. You pay exactly the amount shown: nothing is added at checkout.');
    expect(taxNote(taxRuleFor('HK'), t, 'en-US')).toBe('Prices include any tax that applies. You pay exactly the amount shown: nothing is added at checkout.');
    expect(taxNote(taxRuleFor('CH'), t, 'en-US')).toBe("Prices include VAT at your country's rate (8.1%). You pay exactly the price shown.");
  });
});
