import type { I18n } from './translator';
import type { Locale } from '../domain/locales';

const KEYS = [
  'region', 'title', 'body', 'accept', 'reject', 'settings', 'save', 'purposes', 'analytics', 'analyticsHelp', 'ads', 'adsHelp', 'necessary', 'privacy', 'gpc', 'saved',
] as const;

/** The consent banner's copy, one string per `consent.*` key: the island's props and the footer link's JSON. */
export type ConsentStrings = Record<(typeof KEYS)[number], string>;

const byLocale = new Map<Locale, ConsentStrings>();

/**
 * The consent banner's copy (`consent.*`) for a locale, built once per isolate: island props for
 * asked visitors (src/components/ConsentRegion.tsx), JSON for the footer link (src/routes/consent.ts).
 */
export function consentStrings(i18n: I18n): ConsentStrings {
  let strings = byLocale.get(i18n.locale);
  if (!strings) {
    strings = Object.fromEntries(KEYS.map((key) => [key, i18n.t(`consent.${key}`)])) as unknown as ConsentStrings;
    byLocale.set(i18n.locale, strings);
  }
  return strings;
}
