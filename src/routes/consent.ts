import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { isLocale } from '../domain/locales';
import { translatorFor } from '../services/messages';
import { consentStrings } from '../i18n/consent';

/**
 * GET /consent/messages/<locale>: the consent banner's copy, for the footer's "Cookie settings"
 * on pages that were rendered without the banner (client/lib/consent-open.ts). The same for
 * everyone, so it may be cached anywhere; an unknown locale is a 404.
 */
export const consentRoutes = new Hono<AppEnv>().get('/messages/:locale', (c) => {
  const locale = c.req.param('locale');
  if (!isLocale(locale)) {
    c.header('Cache-Control', 'no-store');
    return c.json({ error: { code: 'unknown_locale', message: 'Unknown locale.' } }, 404);
  }
  c.header('Cache-Control', 'public, max-age=3600');
  return c.json(consentStrings(translatorFor(locale)));
});
