import type { MiddlewareHandler } from 'hono';
import { splitLocale } from '../domain/locales';
import { detectDevice } from '../domain/devices';
import type { AppEnv } from '../env';
import { translatorFor } from '../services/messages';

/**
 * What every route needs to know about a request: an id for logs, the locale (from the URL
 * prefix only, so URLs stay canonical and cacheable) and the device class.
 */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  const { locale } = splitLocale(c.req.path);
  c.set('locale', locale);
  c.set('i18n', translatorFor(locale));
  c.set('device', detectDevice(c.req.header('user-agent'), c.req.header('sec-ch-ua-mobile')));
  await next();
};
