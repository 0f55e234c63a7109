/**
 * The one list of the site's locales: adding a locale is one entry here plus its message file
 * (locales/<code>.json). Everything per locale reads this list: the URL prefixes, the language
 * switcher, hreflang and the sitemap, the message loaders of the Worker and the browser, the
 * legal pages' `?lang=` keys, the language sent to the upstream, and the tests.
 *
 * - `code`: the BCP 47 tag; the URL prefix (none for the default), the message file's name,
 *   the `Intl` locale of dates, numbers and prices, and `<html lang>`.
 * - `name`: the language's name in itself, for the switcher.
 * - `legalLang`: the `?lang=` value of the agreement and privacy pages in this language
 *   (`en`, `zh` and `ja` are the historical keys; a region is added only where the language alone
 *   would be ambiguous: `zh` is Simplified Chinese, `zh-TW` Traditional).
 * - `upstreamLang`: what the upstream expects in `common.lang` (docs/UPSTREAM.md).
 * - `alsoFor`: lower-case Accept-Language tags (and their subtags) this locale answers besides
 *   its own code and language, where the language alone would pick another locale: Traditional
 *   Chinese readers in Hong Kong and Macau get zh-TW, not zh-CN.
 */
export const LOCALE_ENTRIES = [
  { code: 'en-US', name: 'English', legalLang: 'en', upstreamLang: 'en-US' },
  { code: 'fr-FR', name: 'Français', legalLang: 'fr', upstreamLang: 'fr-FR' },
  { code: 'ja-JP', name: '日本語', legalLang: 'ja', upstreamLang: 'ja-JP' },
  { code: 'zh-CN', name: '简体中文', legalLang: 'zh', upstreamLang: 'zh-CN' },
  { code: 'de-DE', name: 'Deutsch', legalLang: 'de', upstreamLang: 'de-DE' },
  { code: 'es-ES', name: 'Español', legalLang: 'es', upstreamLang: 'es-ES' },
  { code: 'it-IT', name: 'Italiano', legalLang: 'it', upstreamLang: 'it-IT' },
  { code: 'pt-BR', name: 'Português (Brasil)', legalLang: 'pt', upstreamLang: 'pt-BR' },
  { code: 'ko-KR', name: '한국어', legalLang: 'ko', upstreamLang: 'ko-KR' },
  { code: 'zh-TW', name: '繁體中文', legalLang: 'zh-TW', upstreamLang: 'zh-TW', alsoFor: ['zh-hant', 'zh-hk', 'zh-mo'] },
] as const satisfies readonly { code: `${string}-${string}`; name: string; legalLang: string; upstreamLang: string; alsoFor?: readonly string[] }[];

export type LocaleEntry = (typeof LOCALE_ENTRIES)[number];
export type Locale = LocaleEntry['code'];
export type LegalLang = LocaleEntry['legalLang'];

export const LOCALES: readonly Locale[] = LOCALE_ENTRIES.map((entry) => entry.code);
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_COOKIE = 'locale';

/** The message file of a locale, under locales/. */
export const localeFile = (locale: Locale) => `${locale}.json`;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeEntry(locale: Locale): LocaleEntry {
  return LOCALE_ENTRIES.find((entry) => entry.code === locale) ?? LOCALE_ENTRIES[0];
}

/** The locale a legal page shows for its `?lang=` key (the first locale that uses the key), or null for an unknown key. */
export function localeForLegalLang(lang: string | null): Locale | null {
  return LOCALE_ENTRIES.find((entry) => entry.legalLang === lang)?.code ?? null;
}

/** '' for the default locale, '/fr-FR' for the others. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** Joins a locale prefix and an unprefixed path: ('ja-JP', '/') → '/ja-JP', ('ja-JP', '/buy') → '/ja-JP/buy'. */
export function localizePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix}${path}`;
}

/**
 * Splits a URL path into its locale and the unprefixed rest. The prefix match is exact and
 * case-sensitive ('/fr-fr' is not a locale), so every page has exactly one URL per locale.
 */
export function splitLocale(pathname: string): { locale: Locale; rest: string } {
  // `s`: a decoded path may hold a newline (%0A), which must not drop its locale.
  const match = /^\/([a-z]{2}-[A-Z]{2})(?=\/|$)(.*)$/s.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], rest: match[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, rest: pathname || '/' };
}

/** Best supported locale for an Accept-Language header, or null when nothing but the default fits. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .slice(0, 512)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    const found =
      LOCALES.find((locale) => locale.toLowerCase() === tag) ??
      LOCALE_ENTRIES.find((entry) => 'alsoFor' in entry && entry.alsoFor.some((alias) => tag === alias || tag.startsWith(`${alias}-`)))?.code ??
      LOCALES.find((locale) => locale.split('-')[0] === language);
    if (found) return found;
  }
  return null;
}
