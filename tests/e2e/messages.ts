import { readFileSync } from 'node:fs';

import { LOCALES, localeFile, type Locale } from '../../src/domain/locales';

export { LOCALES, type Locale };

/** The e2e suites' view of the copy: the locale files of the locale list as shipped, read once per worker. */
const readLocale = (locale: Locale): unknown => JSON.parse(readFileSync(new URL(`../../locales/${localeFile(locale)}`, import.meta.url), 'utf8'));
const FILES = Object.fromEntries(LOCALES.map((locale) => [locale, readLocale(locale)])) as Record<Locale, unknown>;

/** A message from the locale files, {{placeholders}} filled. */
export function msg(locale: Locale, key: string, params: Record<string, string> = {}): string {
  let node: unknown = FILES[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no ${key} in ${locale}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

/** A path in a locale: unprefixed for en-US; a locale's home is `/fr-FR`, never `/fr-FR/`. */
export const at = (locale: Locale, path: string) => (locale === 'en-US' ? path : path === '/' ? `/${locale}` : `/${locale}${path}`);

/** An address no earlier run has used (the origin keeps state between tests). */
export const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
