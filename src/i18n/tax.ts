// The words that say what a price includes, in the page's language, from the visitor's tax rule
// (src/domain/tax.ts). Shared by the server-rendered pages and the checkout islands, so a price
// reads the same wherever it is shown.
import { formatMoney } from '../domain/money';
import { formatRate, includedTax, type TaxRule } from '../domain/tax';
import type { Translate } from './translator';

/** The short label beside every price: 'incl. VAT', 'TTC', 'inkl. MwSt.', '税込', 'VAT 포함', 'tax included'. */
export function taxLabel(rule: TaxRule, t: Translate): string {
  return t(`checkout.tax.label.${rule.kind === 'vat' ? rule.name : 'inclusive'}`);
}

/** 'Includes €4.47 VAT (19%)': the tax contained in a price, for a rule with a national rate; null otherwise. */
export function taxAmountLine(rule: TaxRule, price: number, currency: string, t: Translate, locale: string): string | null {
  if (rule.kind !== 'vat') return null;
  return t('checkout.tax.amount', {
    amount: formatMoney(includedTax(price, rule.rateBp), currency, locale),
    tax: t(`checkout.tax.name.${rule.name}`),
    rate: formatRate(rule.rateBp, locale),
  });
}

/** One sentence for the page: which tax the prices include (and its rate), or that nothing is added at checkout. */
export function taxNote(rule: TaxRule, t: Translate, locale: string): string {
  if (rule.kind === 'vat') return t('checkout.tax.note.vat', { tax: t(`checkout.tax.name.${rule.name}`), rate: formatRate(rule.rateBp, locale) });
  return t(`checkout.tax.note.${rule.kind}`);
}
