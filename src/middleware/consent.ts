import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { CONSENT_COOKIE, consentPage, debugTagIds, DEBUG_TAG_IDS_HEADER } from '../domain/consent';
import { tagIdsFrom } from '../domain/tracking';
import { addPageVariant } from '../pages/machinery/page-cache-key';
import { mutableHeaders } from './response-headers';


/** What decides a page's consent variant: the cookie and Global Privacy Control (plus the country, which is no header). */
export const CONSENT_VARY = ['Cookie', 'Sec-GPC'];

function appendVary(headers: Headers, names: string[]) {
  const current = (headers.get('Vary') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  if (current.includes('*')) return;
  const lower = new Set(current.map((v) => v.toLowerCase()));
  for (const name of names) if (!lower.has(name.toLowerCase())) current.push(name);
  headers.set('Vary', current.join(', '));
}

/**
 * Decides, once per request and after `geo`, whether this visitor is asked for consent
 * (`c.get('consent')`, src/domain/consent.ts `consentPage`), and which analytics tags are
 * configured (`c.get('tagIds')`; outside production the X-Debug-Tag-Ids header may supply fake
 * ones for tests). Pages read both; the CSP reads the tags. HTML answers then vary on what
 * decided the banner and are never stored by a shared cache, so no visitor gets another's page.
 */
export const consent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const gpc = c.req.header('sec-gpc')?.trim() === '1';
  const page = consentPage(c.get('country') ?? null, getCookie(c, CONSENT_COOKIE), gpc);
  c.set('consent', page);
  // The banner and the consent-mode meta are in the HTML: rendered pages are cached per variant.
  addPageVariant(c, `consent=${page}`);
  const debugIds = c.env.ENVIRONMENT === 'production' ? null : debugTagIds(c.req.header(DEBUG_TAG_IDS_HEADER));
  // Global Privacy Control wins over any consent (grantedPurposes): a browser that sends only the
  // header, without navigator.globalPrivacyControl, must not be handed the tags to load either, so
  // the page names none (no analytics meta, no tag hosts in the CSP). The tag ids are part of the
  // page cache key, and HTML varies on Sec-GPC (below).
  c.set('tagIds', gpc ? {} : (debugIds ?? tagIdsFrom(c.env ?? {})));
  await next();
  if (!c.res.headers.get('Content-Type')?.startsWith('text/html')) return;
  const headers = mutableHeaders(c);
  appendVary(headers, CONSENT_VARY);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
};
