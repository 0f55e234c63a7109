import { describe, expect, it } from 'vitest';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { decodeHtml, get, message } from './helpers';

// What a visitor without JavaScript reads. The server's HTML is exactly that page: a form that
// cannot be sent says so before its first field (in reading order, the notice comes first).

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
