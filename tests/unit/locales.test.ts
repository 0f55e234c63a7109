import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_LOCALE, isLocale, LOCALE_ENTRIES, LOCALES, localeEntry, localeFile, localeForLegalLang, localePrefix, localizePath, negotiateLocale, splitLocale } from '../../src/domain/locales';

describe('LOCALES', () => {
  it('are the ten locales, en-US (the default) first', () => {
    expect(LOCALES).toEqual(['en-US', 'fr-FR', 'ja-JP', 'zh-CN', 'de-DE', 'es-ES', 'it-IT', 'pt-BR', 'ko-KR', 'zh-TW']);
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it('each have an entry with code, name, file, the legal pages language and the upstream language', () => {
    expect(LOCALE_ENTRIES.map((e) => e.code)).toEqual([...LOCALES]);
    for (const entry of LOCALE_ENTRIES) expect(localeFile(entry.code)).toBe(`${entry.code}.json`);
    for (const entry of LOCALE_ENTRIES) expect(entry.upstreamLang).toBe(entry.code);
    expect(localeForLegalLang('en')).toBe('en-US');
    expect(localeForLegalLang('ja')).toBe('ja-JP');
    expect(localeForLegalLang('zh')).toBe('zh-CN');
    expect(localeForLegalLang('xx')).toBeNull();
    expect(localeForLegalLang(null)).toBeNull();
    expect(localeEntry('ja-JP').legalLang).toBe('ja');
    expect(localeEntry('zh-CN').legalLang).toBe('zh');
    expect(localeEntry('fr-FR').legalLang).toBe('fr');
  });

  it('isLocale accepts exactly the codes of the list', () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
    for (const other of ['en', 'fr-fr', 'EN-US', 'sv-SE', 'de-de', '', null, 42, 'toString']) expect(isLocale(other)).toBe(false);
  });
});

describe('localePrefix', () => {
  it('is empty for en-US and /<code> for the others', () => {
    expect(LOCALES.map(localePrefix)).toEqual(['', ...LOCALES.slice(1).map((code) => `/${code}`)]);
    expect(localePrefix('ko-KR')).toBe('/ko-KR');
  });
});

describe('localizePath', () => {
  it.each([
    ['en-US', '/', '/'],
    ['en-US', '', '/'],
    ['en-US', '/buy', '/buy'],
    ['ja-JP', '/', '/ja-JP'],
    ['ja-JP', '', '/ja-JP'],
    ['ja-JP', '/buy', '/ja-JP/buy'],
    ['zh-CN', '/mobile/buy', '/zh-CN/mobile/buy'],
    ['fr-FR', '/article-list/2', '/fr-FR/article-list/2'],
  ] as const)('(%s, %j) is %s', (locale, path, expected) => {
    expect(localizePath(locale, path)).toBe(expected);
  });
});

describe('splitLocale', () => {
  it.each([
    ['/', 'en-US', '/'],
    ['', 'en-US', '/'],
    ['/buy', 'en-US', '/buy'],
    ['/fr-FR', 'fr-FR', '/'],
    // A decoded %0A: the locale still comes from the prefix (found by the 404 fuzz test).
    ['/fr-FR/\n/', 'fr-FR', '/\n/'],
    ['/fr-FR/', 'fr-FR', '/'],
    ['/ja-JP/buy', 'ja-JP', '/buy'],
    ['/zh-CN/mobile/buy', 'zh-CN', '/mobile/buy'],
    ['/fr-fr/buy', 'en-US', '/fr-fr/buy'],
    ['/sv-SE/buy', 'en-US', '/sv-SE/buy'],
    ['/fr-FRx/buy', 'en-US', '/fr-FRx/buy'],
    ['/en-US/buy', 'en-US', '/en-US/buy'],
    ['/buy/ja-JP', 'en-US', '/buy/ja-JP'],
  ])('%j is %s with rest %j', (path, locale, rest) => {
    expect(splitLocale(path)).toEqual({ locale, rest });
  });

  it('undoes localizePath for every locale and path', () => {
    const path = fc.array(fc.webSegment().filter((s) => s !== ''), { maxLength: 4 }).map((segments) => `/${segments.join('/')}`);
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), path, (locale, rest) => {
        fc.pre(!isLocale(rest.split('/')[1]));
        expect(splitLocale(localizePath(locale, rest))).toEqual({ locale, rest });
      }),
    );
  });
});

describe('negotiateLocale', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['ja', 'ja-JP'],
    ['ja-JP', 'ja-JP'],
    ['JA-jp', 'ja-JP'],
    ['fr-CA,fr;q=0.9', 'fr-FR'],
    ['zh-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['pt-PT', 'pt-BR'],
    ['es-MX', 'es-ES'],

    ['ko', 'ko-KR'],
    ['en-GB,ja;q=0.8', 'en-US'],
    ['de-DE,ja;q=0.5', 'de-DE'],
    ['sv-SE,ja;q=0.5', 'ja-JP'],
    ['sv-SE,nl;q=0.5', null],
    ['*', null],
    ['ja;q=0, fr;q=0.1', 'fr-FR'],
    ['ja;q=0.2, fr;q=0.8', 'fr-FR'],
    ['ja;q=abc', 'ja-JP'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('never throws and only answers a supported locale or null', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (header) => {
        const result = negotiateLocale(header);
        expect(result === null || isLocale(result)).toBe(true);
      }),
    );
  });
});
