import enUS from '../../locales/en-US.json';
import frFR from '../../locales/fr-FR.json';
import jaJP from '../../locales/ja-JP.json';
import zhCN from '../../locales/zh-CN.json';
import { createTranslator, mergeMessages, type I18n, type Messages } from '../i18n/translator';
import { DEFAULT_LOCALE, negotiateLocale, type Locale } from '../domain/locales';

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

/** A JSON answer has no locale prefix: its messages follow the browser's Accept-Language. */
export function messageForBrowser(acceptLanguage: string | undefined, key: string): string {
  return translatorFor(negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE).t(key);
}

/**
 * The messages a page ships to its islands: always `ui`, plus the namespaces its route declares
 * (`clientNamespaces`, e.g. the checkout's), each with en-US filled in for gaps.
 */
export function clientMessages(locale: Locale, extra: readonly string[] = []): Messages {
  const out: Messages = {};
  for (const ns of [CLIENT_NAMESPACE, ...extra]) {
    const base = MESSAGES[DEFAULT_LOCALE][ns] as Messages | undefined;
    const own = MESSAGES[locale][ns] as Messages | undefined;
    if (!base && !own) throw new Error(`no messages namespace '${ns}'`);
    out[ns] = mergeMessages(base ?? {}, own);
  }
  return out;
}

const payloads = new Map<string, string>();

/**
 * The `<script id="__i18n">` text for a locale and a route's namespaces, serialised once per
 * isolate: the messages never change while it lives.
 */
export function clientMessagesPayload(locale: Locale, extra: readonly string[] = []): string {
  const key = `${locale}|${extra.join(',')}`;
  let payload = payloads.get(key);
  if (payload === undefined) {
    payload = JSON.stringify({ locale, messages: clientMessages(locale, extra) }).replace(/</g, '\\u003c');
    payloads.set(key, payload);
  }
  return payload;
}
