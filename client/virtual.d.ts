// Modules the Vite build writes (vite.config.ts, localeMessages).
declare module 'virtual:ui-messages' {
  import type { Messages } from '../src/i18n/translator';
  import type { Locale } from '../src/domain/locales';
  /** One loader per locale: its `ui` namespace, as a lazy chunk. */
  export const loaders: Record<Locale, () => Promise<{ default: Messages }>>;
}
