import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/domain/locales';

type Tree = { [key: string]: string | Tree };

// Every locales/*.json, so a new file is checked as soon as it exists.
const files = import.meta.glob<Tree>('../../locales/*.json', { eager: true, import: 'default' });
const byLocale = Object.fromEntries(Object.entries(files).map(([path, tree]) => [/([^/]+)\.json$/.exec(path)![1]!, tree]));

/** Dotted key → string value. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(byLocale).map(([locale, tree]) => [locale, flatten(tree)]));
const allKeys = [...new Set(Object.values(flat).flatMap((m) => [...m.keys()]))].sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('are exactly one per locale', () => {
    expect(Object.keys(byLocale).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s has every key of every locale file', (locale) => {
    const missing = allKeys.filter((key) => !flat[locale]?.has(key));
    expect(missing).toEqual([]);
  });

  it.each([...LOCALES])('%s has no empty or whitespace-only message', (locale) => {
    const empty = [...(flat[locale] ?? new Map<string, string>())].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each([...LOCALES])('%s uses the same {{placeholders}} as en-US in each message', (locale) => {
    const mismatched = allKeys.filter((key) => {
      const en = flat['en-US']?.get(key);
      const own = flat[locale]?.get(key);
      return en !== undefined && own !== undefined && placeholders(en).join() !== placeholders(own).join();
    });
    expect(mismatched).toEqual([]);
  });

  it.each([...LOCALES])('%s has no malformed placeholder like {year} or {{ year }', (locale) => {
    // Once the well-formed {{name}} placeholders are removed, no brace may remain.
    const malformed = [...(flat[locale] ?? new Map<string, string>())].filter(([, value]) => /[{}]/.test(value.replace(/\{\{\s*\w+\s*\}\}/g, ''))).map(([key]) => key);
    expect(malformed).toEqual([]);
  });

  it.each([...LOCALES])('%s has no key that en-US lacks', (locale) => {
    const extra = [...(flat[locale] ?? new Map<string, string>()).keys()].filter((key) => !flat['en-US']?.has(key));
    expect(extra).toEqual([]);
  });

  it.each([...LOCALES])('%s keeps its keys in the order of en-US, so two locales diff line by line', (locale) => {
    const order = [...(flat['en-US'] ?? new Map<string, string>()).keys()].filter((key) => flat[locale]?.has(key));
    expect([...(flat[locale] ?? new Map<string, string>()).keys()].filter((key) => flat['en-US']?.has(key))).toEqual(order);
  });

  it('have a title and description for every page id', () => {
    const pages = Object.keys((byLocale['en-US']?.pages ?? {}) as Tree);
    expect(pages.length).toBeGreaterThan(20);
    for (const id of pages) {
      expect(flat['en-US']?.has(`pages.${id}.title`), id).toBe(true);
      expect(flat['en-US']?.has(`pages.${id}.description`), id).toBe(true);
    }
  });
});

// Product names are the same in every language, so a heading that is only a product name is not
// an untranslated heading.
const PRODUCT_NAMES = /^MT (Data Recovery|Image Viewer|Format Converter)$/;

describe('translations', () => {
  it.each(LOCALES.filter((l) => l !== 'en-US'))('%s translates at least 90% of the en-US messages', (locale) => {
    const en = flat['en-US']!;
    const own = flat[locale]!;
    // Brand names and pure numbers/symbols may legitimately stay the same.
    const translatable = [...en].filter(([, value]) => /[A-Za-z]{3,}/.test(value) && !PRODUCT_NAMES.test(value));
    const same = translatable.filter(([key, value]) => own.get(key) === value).map(([key]) => key);
    expect(same.length / translatable.length, `untranslated: ${same.slice(0, 10).join(', ')}${same.length > 10 ? ', …' : ''}`).toBeLessThanOrEqual(0.1);
  });

  it.each(LOCALES.filter((l) => l !== 'en-US'))('%s leaves no English sentence of en-US as it is', (locale) => {
    // Two English words or more, the same in both files: a message nobody translated.
    const same = [...flat['en-US']!].filter(([key, value]) => /[A-Za-z]{3,}\s+[A-Za-z]{3,}/.test(value) && !PRODUCT_NAMES.test(value) && flat[locale]?.get(key) === value).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en-US'))('%s page headings differ from en-US (at least 90% of them)', (locale) => {
    const headings = allKeys.filter((key) => /^pages\.[^.]+\.heading$/.test(key) && !PRODUCT_NAMES.test(flat['en-US']?.get(key) ?? ''));
    expect(headings.length).toBeGreaterThan(20);
    const same = headings.filter((key) => flat[locale]?.get(key) === flat['en-US']?.get(key));
    expect(same.length / headings.length, `same as en-US: ${same.join(', ')}`).toBeLessThanOrEqual(0.1);
  });
});
