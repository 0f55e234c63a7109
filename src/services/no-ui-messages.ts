// The Worker's stand-in for the browser-only `virtual:ui-messages` module (wrangler.toml [alias]):
// islands are rendered on the server with the page's messages and never switch locale there, so
// the Worker bundles no per-locale chunk.
import type { Messages } from '../i18n/translator';
import type { Locale } from '../domain/locales';

export const loaders = {} as Record<Locale, () => Promise<{ default: Messages }>>;
