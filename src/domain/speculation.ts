// Prerendered navigation (the Speculation Rules API, Chromium browsers): same-origin page links
// are prerendered when the visitor shows intent, so the next page is already rendered when the
// click lands. Every page carries the same rules, in a nonce'd <script type="speculationrules">
// (src/components/Document.tsx), which the page's CSP admits like any other inline script.
//
// - `moderate` (the pointer rests on the link, or a pointerdown) for plain page links: the ones
//   the top bar, the footer and the pages offer, whose answer is a cached page.
// - `conservative` (pointerdown / touchstart only) for the other page links, those with a query
//   string: rarer, more likely to be rendered fresh, so the visitor's intent must be clearer. (A
//   plain link matches both rules; the more eager one decides.)
//
// Never prerendered, whatever the link:
// - the checkout and the payment result, /test-checkout and the PayPal demo: payment pages (an
//   order is created or polled, provider scripts load);
// - /test: it checks the upstream's health as it loads (a rate-limited call);
// - /download/, /api/, /beacon and the other edge paths: files, API answers and beacons are not
//   pages, and fetching them counts or changes something;
// - a URL whose query carries a one-time or personal value (an order id, a Stripe return, an
//   email address, a device id): it belongs to one visitor's one moment;
// - links marked `data-no-prerender`, `rel=nofollow`, `download`, `hreflang` (the language
//   switcher: following it records the language choice in the locale cookie, which a hover must
//   not do) or `target=_blank` (a new tab would not use it).
//
// A prerendered page runs its scripts but sends nothing until it is shown (client/lib/activation.ts):
// no beacon, no Web Vitals, no analytics tag, no consent write.

/** Unprefixed page paths that are never prerendered (under every locale prefix and /mobile/ too). */
export const NEVER_PRERENDERED_PAGES = ['/checkout', '/checkout/result', '/test-checkout', '/components/Paypal', '/test'] as const;

/** Edge paths (not pages): never prerendered. */
export const NEVER_PRERENDERED_PREFIXES = ['/download/', '/api/', '/beacon', '/__test/', '/__bench/', '/health', '/consent/'] as const;

/** Query keys whose value belongs to one visitor or one moment: a link carrying one is never prerendered. */
export const ONE_TIME_QUERY_KEYS = ['order_id', 'payment_intent', 'payment_intent_client_secret', 'redirect_status', 'retry', 'email', 'device_id'] as const;

/** Links the page marks as not to prerender (any page may add `data-no-prerender`). */
export const NO_PRERENDER_SELECTOR = '[data-no-prerender], [rel~="nofollow"], [download], [hreflang], [target="_blank"]';

type UrlPattern = string | { pathname?: string; search?: string };
type Condition = { href_matches: UrlPattern | UrlPattern[] } | { selector_matches: string } | { and: Condition[] } | { not: Condition };

/** Path patterns (URLPattern syntax, relative to the page) of everything that is never prerendered. */
export function neverPrerenderedPaths(): string[] {
  // `*` in a pathname pattern spans slashes: '/*/checkout' is /fr-FR/checkout, /mobile/checkout
  // and /ko-KR/mobile/checkout alike (a few paths that are no page at all match too, harmlessly).
  const pages = NEVER_PRERENDERED_PAGES.flatMap((path) => [path, `/*${path}`]);
  const edges = NEVER_PRERENDERED_PREFIXES.flatMap((prefix) => (prefix.endsWith('/') ? [`${prefix}*`] : [prefix, `${prefix}/*`]));
  return [...pages, ...edges];
}

/** URL patterns of a link whose query carries a one-time value. */
export function oneTimeQueryPatterns(): UrlPattern[] {
  return ONE_TIME_QUERY_KEYS.map((key) => ({ pathname: '/*', search: `*${key}=*` }));
}

type Rule = { source: 'document'; where: Condition; eagerness: 'moderate' | 'conservative' };

/** The page's rules: one object, the same on every page. */
export function speculationRules(): { prerender: Rule[] } {
  const paths: Condition = { not: { href_matches: neverPrerenderedPaths() } };
  const marked: Condition = { not: { selector_matches: NO_PRERENDER_SELECTOR } };
  return {
    prerender: [
      // A link without a query (search '') carries no one-time value.
      { source: 'document', where: { and: [{ href_matches: { pathname: '/*', search: '' } }, paths, marked] }, eagerness: 'moderate' },
      { source: 'document', where: { and: [{ href_matches: '/*' }, paths, { not: { href_matches: oneTimeQueryPatterns() } }, marked] }, eagerness: 'conservative' },
    ],
  };
}

/** The text of the page's `<script type="speculationrules">` (no `<` in it, so it is safe inline). */
let rulesJson: string | undefined;
export function speculationRulesJson(): string {
  // The same on every page: built once per isolate, on the first render.
  return (rulesJson ??= JSON.stringify(speculationRules()));
}
