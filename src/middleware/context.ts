import type { MiddlewareHandler } from 'hono';
import { isLocale, splitLocale } from '../domain/locales';
import { LOCALE_HEADER } from '../domain/api-handlers';
import { detectDevice } from '../domain/devices';
import type { AppEnv } from '../env';
import { loadMessages, translatorFor } from '../services/messages';

/**
 * What every route needs to know about a request: an id for logs, the locale (from the URL
 * prefix only, so URLs stay canonical and cacheable; its messages are loaded here) and the
 * device class.
 */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  const { locale } = splitLocale(c.req.path);
  c.set('locale', locale);
  // The page's locale, and the one an API call names for its answers' messages.
  await loadMessages(c.env, locale);
  const apiLocale = c.req.header(LOCALE_HEADER);
  if (isLocale(apiLocale)) await loadMessages(c.env, apiLocale);
  c.set('i18n', translatorFor(locale));
  c.set('device', detectDevice(c.req.header('user-agent'), c.req.header('sec-ch-ua-mobile')));
  await next();
};
