import { createTranslator, mergeMessages, type I18n, type Messages } from '../../src/i18n/translator';
import { DEFAULT_LOCALE, type Locale } from '../../src/domain/locales';
import { createStore } from './store';
// One small chunk per locale of the locale list, holding only its `ui` messages; fetched the
// first time it is needed (vite.config.ts writes the loaders; the Worker's bundle gets none).
import { loaders } from 'virtual:ui-messages';

async function tryLoad(locale: Locale): Promise<Messages | null> {
  try {
    return (await loaders[locale]!()).default;
  } catch (error) {
    // A locale file that fails to load is logged only; the page keeps working.
    console.warn(`Could not load messages for ${locale}`, error);
    return null;
  }
}

/** Loads a locale's island messages lazily; missing keys (or a failed load) fall back to en-US. */
export async function loadClientMessages(locale: Locale): Promise<I18n> {
  const [own, fallback] = await Promise.all([tryLoad(locale), locale === DEFAULT_LOCALE ? null : tryLoad(DEFAULT_LOCALE)]);
  if (!own) return createTranslator(DEFAULT_LOCALE, fallback ?? {});
  return createTranslator(locale, fallback ? mergeMessages(fallback, own) : own);
}

/** The islands' current translator: starts with the messages the server embedded in the page. */
export const i18nStore = createStore<{ i18n: I18n | null }>({ i18n: null });

/** Switches every island's messages to `locale` (used while the browser navigates to that locale's page). */
export async function switchClientLocale(locale: Locale): Promise<void> {
  i18nStore.set({ i18n: await loadClientMessages(locale) });
}
