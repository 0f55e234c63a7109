import type { AppContext } from '../../env';
import { CAMPAIGN_KEYS } from '../../domain/campaign';
import type { Locale } from '../../domain/locales';
import type { PageLoad, PageRoute } from './types';

/**
 * The page cache key: everything that changes a page's HTML, and nothing that does not. Two
 * requests with the same key get byte-identical pages apart from the nonce (tested in
 * tests/worker/page-cache-integration.test.ts). What the key holds:
 *
 *   route id, locale, desktop/mobile, the unprefixed path (params; the language links use it),
 *   the query string verbatim when every key in it is a campaign key or one the route declares
 *   (`cacheQuery`; the language links copy it), less the keys only the browser reads (`clientQuery`), the UTC year (the footer), the deployment facts
 *   the page prints (environment, site URL, analytics tag ids), the variant parts middleware
 *   added (`addPageVariant`), and what the page's `load` step read (`PageLoad.cacheKey`).
 *
 * No key (render fresh, store nothing): a route with `cache: false`, a load step that answered
 * `cache: false` or no `cacheKey` at all (the safe default), any other query key, or an
 * overlong query.
 */

const CAMPAIGN_QUERY_KEYS: ReadonlySet<string> = new Set(CAMPAIGN_KEYS);
/** Longer query strings are not worth a cache entry (and would let one visitor fill the cache faster). */
export const MAX_CACHED_QUERY_LENGTH = 512;

/**
 * Adds a part to this request's page cache key, from middleware that changes what pages render
 * (e.g. `addPageVariant(c, \`consent=${banner ? 1 : 0}\`)`). Parts keep their order; make them
 * small and bounded (a flag or a code, never a raw header).
 */
export function addPageVariant(c: AppContext, part: string): void {
  const parts = c.get('pageVariant');
  if (parts) parts.push(part);
  else c.set('pageVariant', [part]);
}

/**
 * The request's query as the page's HTML may see it: without the route's `clientQuery` keys (read
 * only in the browser). Verbatim when there is none of them.
 */
export function htmlSearch(route: PageRoute, search: string): string {
  const client = route.clientQuery;
  if (!client || search.length <= 1) return search;
  const query = new URLSearchParams(search);
  if (!client.some((key) => query.has(key))) return search;
  for (const key of client) query.delete(key);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

export interface PageKeyFacts {
  route: PageRoute;
  locale: Locale;
  mobile: boolean;
  /** The unprefixed path the language switcher links to. */
  rest: string;
  /** The request's query as the HTML sees it (`htmlSearch`): '' or '?…'. */
  search: string;
  loaded: PageLoad | undefined;
  /** The deployment's analytics tag ids as the page prints them. */
  analyticsTags: string;
}

/** The key of this request's page, or null when this answer must not come from (or go into) the cache. */
export function pageCacheKey(c: AppContext, facts: PageKeyFacts): string | null {
  const { route, loaded, search } = facts;
  if (route.cache === false || loaded?.cache === false) return null;
  // A load step read the request or storage: unless it said what it read, its page is not cached.
  if (loaded && loaded.cacheKey === undefined) return null;
  if (search.length > MAX_CACHED_QUERY_LENGTH) return null;
  if (search.length > 1) {
    for (const name of new URLSearchParams(search).keys()) {
      if (!CAMPAIGN_QUERY_KEYS.has(name) && !route.cacheQuery?.includes(name)) return null;
    }
  }
  const env = c.env;
  return [
    route.id,
    facts.locale,
    facts.mobile ? 'mobile' : 'desktop',
    facts.rest,
    search,
    new Date().getUTCFullYear(),
    env.ENVIRONMENT,
    env.SITE_URL,
    facts.analyticsTags,
    (c.get('pageVariant') ?? []).join('&'),
    loaded?.cacheKey ?? '',
  ].join('\n');
}
