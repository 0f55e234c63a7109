import { describe, expect, it } from 'vitest';
import { localizePath, type Locale } from '../../src/domain/locales';
import { decodeHtml, message, page, plain } from './helpers';

// What a price includes, as the buy page, the checkout and the result page say it to a visitor
// from one country in one language (the country from cf.country, the language from the prefix).

/** The short labels beside the plan prices of a page. */
function taxLabels(html: string): string[] {
  return [...html.matchAll(/<span class="plan-price-tax">([^<]*)<\/span>/g)].map((m) => plain(decodeHtml(m[1]!)));
}

/** The result island's props, as the server serialized them. */
function resultIslandProps(html: string): { tax: Record<string, unknown> } {
  const raw = /data-island="CheckoutResult"[^>]*data-props="([^"]*)"/.exec(html)?.[1] ?? /data-props="([^"]*)"[^>]*data-island="CheckoutResult"/.exec(html)?.[1];
  if (!raw) throw new Error('no CheckoutResult island');
  return JSON.parse(decodeHtml(raw)) as { tax: Record<string, unknown> };
}

function checkoutIslandProps(html: string): Record<string, unknown> {
  const raw = /data-island="CheckoutForm"[^>]*data-props="([^"]*)"/.exec(html)?.[1] ?? /data-props="([^"]*)"[^>]*data-island="CheckoutForm"/.exec(html)?.[1];
  if (!raw) throw new Error('no CheckoutForm island');
  return JSON.parse(decodeHtml(raw)) as Record<string, unknown>;
}

const CASES: { country: string; locale: Locale; label: string; amount: string | null; note: string }[] = [
  { country: 'FR', locale: 'fr-FR', label: 'TTC', amount: 'Dont 4,67 € de TVA (20 %)', note: 'Prix TTC, TVA de votre pays incluse (20 %). Vous payez exactement le prix affiché.' },
  { country: 'DE', locale: 'de-DE', label: 'inkl. MwSt.', amount: 'Enthält 4,47 € MwSt. (19 %)', note: 'Alle Preise inkl. MwSt. zum Satz Ihres Landes (19 %). Sie zahlen genau den angezeigten Preis.' },
  { country: 'GB', locale: 'en-US', label: 'incl. VAT', amount: 'Includes £4.33 VAT (20%)', note: "Prices include VAT at your country's rate (20%). You pay exactly the price shown." },
  { country: 'CH', locale: 'de-DE', label: 'inkl. MwSt.', amount: 'Enthält 2,54 CHF MwSt. (8,1 %)', note: 'Alle Preise inkl. MwSt. zum Satz Ihres Landes (8,1 %). Sie zahlen genau den angezeigten Preis.' },
  { country: 'JP', locale: 'ja-JP', label: '税込', amount: 'うち消費税 ￥407（10%）', note: '表示価格は、お住まいの国の消費税（10%）を含む税込価格です。表示どおりの金額をお支払いいただきます。' },
  { country: 'KR', locale: 'ko-KR', label: 'VAT 포함', amount: '부가세 ₩3,545 포함 (10%)', note: '표시 가격에는 거주 국가의 부가세(10%)가 포함되어 있습니다. 표시된 금액 그대로 결제됩니다.' },
  { country: 'AU', locale: 'en-US', label: 'incl. GST', amount: 'Includes A$4.36 GST (10%)', note: "Prices include GST at your country's rate (10%). You pay exactly the price shown." },
  { country: 'US', locale: 'en-US', label: 'tax included', amount: null, note: 'Prices include any sales tax that applies where you live. You pay exactly the amount shown: nothing is added at checkout.' },
  { country: 'CA', locale: 'fr-FR', label: 'TTC', amount: null, note: 'Prix TTC : ils incluent toute taxe de vente applicable là où vous habitez. Vous payez exactement le montant affiché, rien n’est ajouté au moment du paiement.' },
  { country: 'HK', locale: 'zh-TW', label: '含稅', amount: null, note: '價格已包含所有適用稅費，您只需支付所顯示的金額，結帳時不會另外加收任何費用。' },
];

describe.each(CASES)('a visitor from $country reading $locale', ({ country, locale, label, amount, note }) => {
  it('sees what every price on the buy page includes, and one line on how tax is handled', async () => {
    const { res, html, text } = await page(localizePath(locale, '/buy'), { cf: { country } });
    expect(res.status).toBe(200);
    const labels = taxLabels(html);
    expect(labels).toHaveLength(3);
    expect(new Set(labels)).toEqual(new Set([label]));
    expect(text).toContain(note);
  });

  it('sees the price with what it includes on the checkout, and the VAT amount and rate where one applies', async () => {
    const { res, html, text } = await page(localizePath(locale, '/checkout?product_id=81902'), { cf: { country } });
    expect(res.status).toBe(200);
    expect(taxLabels(html)).toEqual([label]);
    const props = checkoutIslandProps(html);
    expect(props['taxLabel']).toBe(label);
    if (amount) {
      expect(text).toContain(amount);
      expect(plain(String(props['taxAmount']))).toBe(amount);
    } else {
      expect(html).not.toContain('data-tax-amount');
      expect(props['taxAmount']).toBeNull();
      expect(text).toContain(note);
    }
  });

  it('gives the result page the same rule, so the order total says what it includes', async () => {
    const { html } = await page(localizePath(locale, '/checkout/result?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903'), { cf: { country } });
    const { tax } = resultIslandProps(html);
    expect(tax['kind']).toBe(amount ? 'vat' : country === 'US' || country === 'CA' ? 'salesTax' : 'final');
  });
});

describe('the page cache and the tax rule', () => {
  it('never serves one country’s tax wording to another country with the same currency', async () => {
    // FR, DE and AT all pay in euros; FR and AT share a rate, DE does not.
    const fr = await page('/buy', { cf: { country: 'FR' } });
    const de = await page('/buy', { cf: { country: 'DE' } });
    const at = await page('/buy', { cf: { country: 'AT' } });
    expect(fr.text).toContain('(20%)');
    expect(de.text).toContain('(19%)');
    expect(at.text).toContain('(20%)');
    const frCheckout = await page('/checkout?product_id=81901', { cf: { country: 'FR' } });
    const deCheckout = await page('/checkout?product_id=81901', { cf: { country: 'DE' } });
    expect(frCheckout.text).toContain(message('en-US', 'checkout.tax.amount', { amount: '€3.83', tax: 'VAT', rate: '20%' }));
    expect(deCheckout.text).toContain(message('en-US', 'checkout.tax.amount', { amount: '€3.67', tax: 'VAT', rate: '19%' }));
  });
});
