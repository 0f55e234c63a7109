import enUS from '../../locales/en-US.json';
import { createTranslator, mergeMessages, type I18n, type Messages } from '../i18n/translator';
import { DEFAULT_LOCALE, localeFile, negotiateLocale, type Locale } from '../domain/locales';

/**
 * The Worker's message catalogue. en-US, the fallback of every other locale, is bundled. Every
 * other locale's file is read from the static assets (`/_messages/<code>.json`, written by the
 * Vite build from locales/) the first time a request of this isolate needs it, parsed once and
 * kept: the bundle and the start-up stay the same size whatever the number of locales.
 * `loadMessages` runs in the request middleware; the rest of the Worker reads the catalogue
 * synchronously. A locale whose file cannot be read is logged, and its requests are answered in
 * en-US and never cached (`messagesReady`); the next request tries again.
 */
const catalogue = new Map<Locale, Messages>([[DEFAULT_LOCALE, enUS as Messages]]);
const loading = new Map<Locale, Promise<void>>();

/** The assets binding's origin: any host does, the binding looks only at the path. */
const ASSETS_ORIGIN = 'https://assets.invalid';
export const MESSAGES_ASSET_DIR = '_messages';

export interface MessagesEnv {
  ASSETS: Fetcher;
}

/** Makes `locale`'s messages available to `translatorFor` and friends; never throws. */
export function loadMessages(env: MessagesEnv, locale: Locale): Promise<void> | void {
  if (catalogue.has(locale)) return;
  let pending = loading.get(locale);
  if (!pending) {
    pending = (async () => {
      try {
        const res = await env.ASSETS.fetch(new Request(`${ASSETS_ORIGIN}/${MESSAGES_ASSET_DIR}/${localeFile(locale)}`));
        if (!res.ok) throw new Error(`status ${res.status}`);
        catalogue.set(locale, (await res.json()) as Messages);
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', event: 'messages_load_failed', locale, reason: String(error) }));
      } finally {
        loading.delete(locale);
      }
    })();
    loading.set(locale, pending);
  }
  return pending;
}

/** Whether a locale's own messages are loaded (false: its pages would be in en-US, so they are not cached). */
export function messagesReady(locale: Locale): boolean {
  return catalogue.has(locale);
}

/** A locale's messages, or en-US's while they are not loaded. */
export function messagesOf(locale: Locale): Messages {
  return catalogue.get(locale) ?? catalogue.get(DEFAULT_LOCALE)!;
}

/** en-US's messages: the source every list of items is read from. */
export const DEFAULT_MESSAGES: Messages = enUS as Messages;

/** The namespace islands read: only it is shipped to the browser, with en-US filled in for gaps. */
export const CLIENT_NAMESPACE = 'ui';

const translators = new Map<Locale, I18n>();

/**
 * Translators are immutable once built (the locale is fixed per instance), so one per locale is
 * safe to reuse. A locale whose messages are not loaded gets an en-US translator, kept only
 * until they are.
 */
export function translatorFor(locale: Locale): I18n {
  if (!catalogue.has(locale)) return translatorFor(DEFAULT_LOCALE);
  let i18n = translators.get(locale);
  if (!i18n) {
    i18n = createTranslator(locale, catalogue.get(locale)!, locale === DEFAULT_LOCALE ? undefined : DEFAULT_MESSAGES);
    translators.set(locale, i18n);
  }
  return i18n;
}

/** A JSON answer has no locale prefix: its messages follow the browser's Accept-Language. */
export async function messageForBrowser(env: MessagesEnv, acceptLanguage: string | undefined, key: string): Promise<string> {
  const locale = negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE;
  await loadMessages(env, locale);
  return translatorFor(locale).t(key);
}

/**
 * The messages a page ships to its islands: always `ui`, plus the namespaces its route declares
 * (`clientNamespaces`, e.g. the checkout's), each with en-US filled in for gaps.
 */
export function clientMessages(locale: Locale, extra: readonly string[] = []): Messages {
  const out: Messages = {};
  for (const ns of [CLIENT_NAMESPACE, ...extra]) {
    const base = DEFAULT_MESSAGES[ns] as Messages | undefined;
    const own = messagesOf(locale)[ns] as Messages | undefined;
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
    if (messagesReady(locale)) payloads.set(key, payload);
  }
  return payload;
}
