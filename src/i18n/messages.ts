import enUS from '../../locales/en-US.json';
import frFR from '../../locales/fr-FR.json';
import jaJP from '../../locales/ja-JP.json';
import zhCN from '../../locales/zh-CN.json';
import { createTranslator, mergeMessages, type I18n, type Messages } from '../../client/lib/i18n';
import { DEFAULT_LOCALE, type Locale } from '../domain/locales';

/** Every locale's messages, bundled into the Worker (a few KB each). */
export const MESSAGES: Record<Locale, Messages> = {
  'en-US': enUS,
  'fr-FR': frFR,
  'ja-JP': jaJP,
  'zh-CN': zhCN,
};

/** The namespace islands read: only it is shipped to the browser, with en-US filled in for gaps. */
export const CLIENT_NAMESPACE = 'ui';

const translators = new Map<Locale, I18n>();

/** Translators are immutable once built (the locale is fixed per instance), so one per locale is safe to reuse. */
export function translatorFor(locale: Locale): I18n {
  let i18n = translators.get(locale);
  if (!i18n) {
    i18n = createTranslator(locale, MESSAGES[locale], locale === DEFAULT_LOCALE ? undefined : MESSAGES[DEFAULT_LOCALE]);
    translators.set(locale, i18n);
  }
  return i18n;
}

export function clientMessages(locale: Locale): Messages {
  const base = MESSAGES[DEFAULT_LOCALE][CLIENT_NAMESPACE] as Messages;
  const own = MESSAGES[locale][CLIENT_NAMESPACE] as Messages | undefined;
  return { [CLIENT_NAMESPACE]: mergeMessages(base, own) };
}
