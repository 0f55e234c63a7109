import { describe, expect, it } from 'vitest';
import { ROUTES, fillPath } from '../../src/pages/machinery/route-table';
import { DEFAULT_LOCALE, LOCALES, localizePath } from '../../src/domain/locales';
import type { Messages } from '../../src/i18n/translator';
import { decodeHtml, get, MESSAGES } from './helpers';

// What a visitor reads on every page of a non-English locale, checked for English left behind:
// an en-US message shown as it is (a missing translation falls back to it), or a sentence made of
// English words. Product names, file formats and the brand are the same in every language.

const QUERY: Record<string, string> = { checkout: '?product_id=81901', 'checkout-result': '?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903' };
const KEEP_AS_IS = /^(MT (Data Recovery|Image Viewer|Format Converter)|Mingting Technology)$/;

function strings(tree: Messages, out: string[] = []): string[] {
  for (const value of Object.values(tree)) {
    if (typeof value === 'string') out.push(value);
    else strings(value, out);
  }
  return out;
}

/** en-US messages long enough to be a sentence (four words or more), placeholders cut out. */
const ENGLISH_SENTENCES = [
  ...new Set(
    strings(MESSAGES[DEFAULT_LOCALE] as Messages)
      .filter((value) => !KEEP_AS_IS.test(value))
      .flatMap((value) => value.split(/\{\{\s*\w+\s*\}\}/))
      .map((part) => part.trim())
      .filter((part) => part.split(/\s+/).filter((word) => /^[A-Za-z']{2,}$/.test(word)).length >= 4),
  ),
];

// Words that are English and not words of any other language the site speaks.
const ENGLISH_WORDS = new Set(['the', 'and', 'your', 'with', 'you', 'this', 'that', 'are', 'from', 'our', 'will', 'have', 'please', 'which', 'when', 'what', 'been', 'would', 'could']);

/** The text a visitor reads: the body without scripts, styles and tags. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return decodeHtml(body.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

function englishSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+/)
    .filter((sentence) => {
      const words = sentence.toLowerCase().match(/[a-z']+/g) ?? [];
      return new Set(words.filter((word) => ENGLISH_WORDS.has(word))).size >= 3;
    });
}

const pages = ROUTES.filter((route) => route.localized && (route.status ?? 200) === 200).map((route) => fillPath(route.path, { id: '2' }) + (QUERY[route.id] ?? ''));

describe('every page in every language but English', () => {
  it('has sentences to look for', () => {
    expect(ENGLISH_SENTENCES.length).toBeGreaterThan(300);
    expect(englishSentences('Enter the email address you used and we send your code. Geben Sie Ihre E-Mail-Adresse ein.')).toHaveLength(1);
  });

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('%s shows no English sentence', async (locale) => {
    const found: string[] = [];
    for (const path of pages) {
      const res = await get(localizePath(locale, path));
      expect(res.status, path).toBe(200);
      const text = visibleText(await res.text());
      for (const sentence of ENGLISH_SENTENCES) if (text.includes(sentence)) found.push(`${path}: "${sentence}"`);
      for (const sentence of englishSentences(text)) found.push(`${path}: ${sentence.slice(0, 120)}`);
    }
    expect(found).toEqual([]);
  });
});
