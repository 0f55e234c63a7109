import { describe, expect, it } from 'vitest';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { decodeHtml, get, message } from './helpers';

// What a visitor without JavaScript reads. The server's HTML is exactly that page: a form that
// cannot be sent says so before its first field (in reading order, the notice comes first), and
// no page promises to change by itself.

const FORM_PAGES = [
  { path: '/feedback', form: 'feedback-form' },
  { path: '/license-code', form: 'license-code-form' },
  { path: '/trial-code', form: 'trial-code-form' },
  { path: '/do-not-sell-my-info', form: 'do-not-sell-form' },
];

/** Where the <noscript> holding `text` starts in the page (-1: none holds it). */
function noscriptWith(html: string, text: string): number {
  for (const m of html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)) {
    if (decodeHtml(m[1]!.replace(/<[^>]*>/g, ' ')).includes(text)) return m.index;
  }
  return -1;
}

describe('the form pages without JavaScript', () => {
  it.each(LOCALES.flatMap((locale) => FORM_PAGES.map((page) => ({ ...page, locale }))))('$path in $locale says the form needs JavaScript before the form begins', async ({ path, form, locale }) => {
    const html = await (await get(localizePath(locale, path))).text();
    const notice = noscriptWith(html, message(locale, `pages.${path.slice(1)}.noscript`));
    const formStart = html.indexOf(`<form id="${form}"`);
    expect(notice).toBeGreaterThan(-1);
    expect(formStart).toBeGreaterThan(-1);
    expect(notice).toBeLessThan(formStart);
  });
});

describe('the checkout result page without JavaScript', () => {
  const result = '/checkout/result?order_id=MTSEEDPAYING00001&pay_type=1&product_id=81902';

  it.each([...LOCALES])('in %s promises no update it cannot make, and says first what to do instead', async (locale) => {
    const html = await (await get(localizePath(locale, '/checkout/result') + result.slice('/checkout/result'.length))).text();
    // The island alone says the page updates by itself, once it runs: never in what the server shows.
    const shown = decodeHtml((/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/<[^>]*>/g, ' '));
    expect(shown).toContain(message(locale, 'pages.checkout-result.intro'));
    expect(shown).not.toContain(message(locale, 'checkout.result.updating'));
    const notice = noscriptWith(html, message(locale, 'checkout.noscript.result'));
    expect(notice).toBeGreaterThan(-1);
    expect(notice).toBeLessThan(html.indexOf('data-island="CheckoutResult"'));
  });
});

describe('/test without JavaScript', () => {
  it.each([...LOCALES])('in %s says what the browser cannot check, and links the server check itself', async (locale) => {
    const html = await (await get(localizePath(locale, '/test') + '?host=sv')).text();
    const notice = noscriptWith(html, message(locale, 'pages.test.noscript'));
    expect(notice).toBeGreaterThan(-1);
    expect(notice).toBeLessThan(html.indexOf('data-island="Diagnostics"'));
    const block = html.slice(notice, html.indexOf('</noscript>', notice));
    expect(block).toContain('href="/health/upstream?host=sv"');
    expect(decodeHtml(block)).toContain(message(locale, 'pages.test.noscriptCheck'));
  });
});
