// The four locales of the site. en-US is the default and has no URL prefix.
export const LOCALES = ['en-US', 'fr-FR', 'ja-JP', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_COOKIE = 'locale';

/** SPEC §3 "Locale entry": code, iso, name (in its own language), file. */
export interface LocaleEntry {
  code: Locale;
  iso: string;
  name: string;
  file: string;
  /** The `?lang=` value of the static legal pages for this locale. */
  legalLang: LegalLang;
}

export type LegalLang = 'en' | 'zh' | 'ja';

export const LOCALE_ENTRIES: readonly LocaleEntry[] = [
  { code: 'en-US', iso: 'en-US', name: 'English', file: 'en-US.json', legalLang: 'en' },
  { code: 'fr-FR', iso: 'fr-FR', name: 'Français', file: 'fr-FR.json', legalLang: 'en' },
  { code: 'ja-JP', iso: 'ja-JP', name: '日本語', file: 'ja-JP.json', legalLang: 'ja' },
  { code: 'zh-CN', iso: 'zh-CN', name: '简体中文', file: 'zh-CN.json', legalLang: 'zh' },
];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeEntry(locale: Locale): LocaleEntry {
  return LOCALE_ENTRIES.find((entry) => entry.code === locale) ?? LOCALE_ENTRIES[0]!;
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
    const found = LOCALES.find((locale) => locale.toLowerCase() === tag || locale.split('-')[0] === language);
    if (found) return found;
  }
  return null;
}
