import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { messageForBrowser } from '../services/messages';

/**
 * GET /api/geo: the visitor's country and display currency as the edge sees them (the geo
 * middleware), for the browser's locale-settings cache. Replaces a third-party IP lookup.
 * Private and never cached: the answer depends on who asks.
 */
export const geoRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const geo = c.get('geo');
    if (geo.invalidOverride) {
      return c.json({ error: { code: 'invalid_country', message: await messageForBrowser(c.env, c.req.header('accept-language'), 'buy.geo.invalidCountry') } }, 400);
    }
    return c.json({ country: geo.country, currency: geo.currency });
  })
  .all('/', async (c) => {
    c.header('Allow', 'GET, HEAD');
    c.header('Cache-Control', 'no-store');
    return c.json({ error: { code: 'method_not_allowed', message: await messageForBrowser(c.env, c.req.header('accept-language'), 'buy.geo.methodNotAllowed') } }, 405);
  });
