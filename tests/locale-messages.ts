import { LOCALES, localeFile, type Locale } from '../src/domain/locales';
import type { Messages } from '../src/i18n/translator';

// Every locale file of the locale list, read at build time by Vite (the unit and worker projects
// both run through it), so the tests iterate the same list as the site.
const files = import.meta.glob<Messages>('../locales/*.json', { eager: true, import: 'default' });

export const LOCALE_MESSAGES = Object.fromEntries(
  LOCALES.map((locale) => {
    const messages = files[`../locales/${localeFile(locale)}`];
    if (!messages) throw new Error(`locales/${localeFile(locale)} is missing`);
    return [locale, messages];
  }),
) as Record<Locale, Messages>;
