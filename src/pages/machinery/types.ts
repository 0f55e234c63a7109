import type { ReactElement } from 'react';
import type { Locale } from '../../domain/locales';
import type { AppContext } from '../../env';
import type { IslandName } from '../../components/islands';

export interface PageProps {
  locale: Locale;
  /** Rendered at the /mobile/ variant of the route. */
  mobile: boolean;
  params: Record<string, string>;
  /** The visitor's query string, already parsed; pages carry the campaign keys along. */
  query: URLSearchParams;
  /** What the page's `load` step returned (pages without one get undefined). */
  data?: unknown;
}

/** What a page's data step gets: the request, and the same facts the page renders with. */
export interface PageLoadContext {
  c: AppContext;
  locale: Locale;
  mobile: boolean;
  params: Record<string, string>;
  query: URLSearchParams;
}

export interface PageLoad {
  /** Passed to the page as `data`. */
  data?: unknown;
  /**
   * Structured data for <head> (rendered as nonce'd application/ld+json scripts). A function is
   * called only when the page is actually rendered, not when it is served from the page cache.
   */
  jsonLd?: object[] | (() => object[]);
  /**
   * Everything this step read from the request or from storage that changes the HTML (e.g. the
   * buy page's currency, package table and plan entry version): joins the page cache key. A load
   * step that leaves it out gets its page rendered fresh every time ('' means "nothing": cache it).
   */
  cacheKey?: string;
  /** The HTML depends on something that cannot be keyed: render this answer fresh and do not cache it. */
  cache?: false;
}

/**
 * A page component. A page that needs data (e.g. the buy page's plans) declares `Page.load`: the
 * router awaits it before rendering, so the page renders complete (no client fetch, no layout
 * shift) and the step can still set response headers. Components never see the request (see
 * src/pages/machinery/page-context.tsx): whatever a page reads from it goes through `load`, which names it
 * in `cacheKey`.
 */
export type PageComponent = ((props: PageProps) => ReactElement) & {
  load?: (ctx: PageLoadContext) => Promise<PageLoad>;
};

export interface PageRoute {
  /** Stable id: names the page's messages (`pages.<id>`) and its CSS hooks. */
  id: string;
  /** Unprefixed path in Hono syntax: '/', '/buy', '/article-list/:id'. */
  path: string;
  page: PageComponent;
  /** Served under /fr-FR, /ja-JP, /zh-CN too. False for the static legal pages, whose language is `?lang=`. */
  localized: boolean;
  /** Has a /mobile/ variant. */
  mobile: boolean;
  /** Phones are sent to the /mobile/ variant and desktops back (needs `mobile`). */
  agentRedirect: boolean;
  /** Listed in /sitemap.xml and indexable; test and demo pages are not. */
  indexable: boolean;
  /** HTTP status of the page itself (the 404 page answers 404). */
  status?: number;
  /** Returns false to turn the request into a 404 (the route's validate step). */
  validate?: (params: Record<string, string>, query: URLSearchParams) => boolean;
  /** Message keys of the page's <title> and description when they depend on params (default `pages.<id>.title` / `.description`). */
  headKeys?: (params: Record<string, string>) => { title: string; description: string };
  /**
   * Message namespaces shipped to the browser on this page besides `ui` (e.g. `['checkout']`):
   * islands with a lot of copy keep it out of every other page's HTML.
   */
  clientNamespaces?: readonly string[];
  /**
   * The page may load a payment provider's script (Stripe.js, PayPal's SDK): only such pages get
   * the widened CSP, `Permissions-Policy: payment` for Stripe and COOP for PayPal's popup.
   */
  payments?: boolean;
  /**
   * false: every answer is rendered fresh and never cached (for a page whose HTML depends on request
   * data that neither the cache key nor its `load` step's `cacheKey` names). Default: cached per
   * isolate (src/pages/machinery/page-cache-key.ts lists what the key holds).
   */
  cache?: boolean;
  /**
   * Query keys besides the campaign keys that may change this page's HTML and still let it be
   * cached (e.g. `['product_id']`). Any other query key bypasses the cache. Their values reach the
   * key only after `validate` accepted the request, so declare a `validate` that checks them.
   */
  cacheQuery?: readonly string[];
  /**
   * Query keys only the page's islands read, in the browser (e.g. the result page's order): the
   * HTML never contains them, so they are left out of the page cache key and of the language
   * links (the language switcher adds them back from the address bar when clicked). The page's
   * `validate` or `load` step may still check them (a 404 for a URL that names no order).
   */
  clientQuery?: readonly string[];
  /**
   * Every link of the layout (top bar, footer) carries the visit's campaign keys in the HTML,
   * not only when clicked: the ad-landing page, where attribution is the point.
   */
  campaignLinks?: boolean;
  /** For unlocalized pages: the locale to render in, from the query. */
  localeFromQuery?: (query: URLSearchParams) => Locale;
  /**
   * The static legal document this page is: its language switcher and hreflang alternates point
   * at the document's `?lang=` URLs instead of locale prefixes.
   */
  legal?: 'agreement' | 'privacy';
  /**
   * A first visit at the default locale with no locale cookie (never a bot) is redirected once to
   * the visitor's Accept-Language locale; the redirect sets the cookie, so it cannot loop.
   */
  offerLanguage?: boolean;
  /**
   * The page holds a `<form method="post">` whose action is the page itself (the no-JS fallback of
   * an island that sends through /api/): a POST to the page is answered 303 back to it at this
   * form id, without reading the body.
   */
  formPost?: string;
  /** Request headers the page's `load` step reads (e.g. Sec-GPC): added to the answer's Vary so caches key on them. */
  vary?: readonly string[];
  /**
   * Islands whose stylesheets the page links whatever it renders, in this order: its own markup
   * uses their styles (the buy page's plan grid, a status view without its island, a page that
   * may render without the island).
   */
  islandStyles?: readonly IslandName[];
  /** The title and description are the site's own (`site.title`, `site.description`), with no ' | <site name>' suffix. */
  siteTitle?: boolean;
}

export type PageElement = ReactElement;
