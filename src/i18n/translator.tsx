import { createContext, useContext, type ReactNode } from 'react';
import rosetta from 'rosetta';
import type { Locale } from '../domain/locales';

export type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface I18n {
  locale: Locale;
  t: Translate;
}

/**
 * One rosetta instance per translator: rosetta keeps a mutable "current locale", and an isolate
 * serves many requests at once, so instances are never shared between requests or locales.
 * A key missing in `messages` falls back to `fallback` (en-US), then to the key itself so a gap
 * is visible rather than blank.
 */
export function createTranslator(locale: Locale, messages: Messages, fallback?: Messages): I18n {
  const dict = rosetta<Messages>({ main: messages, ...(fallback ? { fallback } : {}) });
  // Messages never change while a translator lives: a key without params is looked up once.
  const plain = new Map<string, string>();
  const t: Translate = (key, params) => {
    if (!params) {
      const known = plain.get(key);
      if (known !== undefined) return known;
    }
    const value = dict.t(key, params, 'main') || (fallback ? dict.t(key, params, 'fallback') : '');
    const text = typeof value === 'string' && value !== '' ? value : key;
    if (!params) plain.set(key, text);
    return text;
  };
  return { locale, t };
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}

/** Merges `base` under `override`: keys missing from `override` keep `base`'s value. */
export function mergeMessages(base: Messages, override: Messages | undefined): Messages {
  if (!override) return base;
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? mergeMessages(current, value) : value;
  }
  return out;
}
