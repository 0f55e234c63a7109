// The right of withdrawal and its waiver for digital content. A consumer in the EEA, the UK or
// Switzerland may withdraw from a distance contract within 14 days; for digital content that is
// not on a tangible medium (a licence code), the right ends when delivery begins, but only if the
// consumer expressly asked for immediate delivery and acknowledged losing the right, and the
// trader confirms both on a durable medium (the licence email). Pure: the checkout island, the
// edge's proxy and the reference origin share these rules.
import { CONSENT_COUNTRIES } from './consent';

// The withdrawal page (/withdraw): the path other pages link to, with the order filled in where
// they know it (the payment result page), and what the page's island reads back. Pure, no zod:
// the result page's island may import it.

/** The unprefixed path of the withdrawal and refund page (siteLinks().withdraw is the localized one). */
export const WITHDRAW_PATH = '/withdraw';

/** The query key that prefills the order number; only the page's island reads it (route `clientQuery`). */
export const WITHDRAW_ORDER_QUERY = 'order_id';

/** The shape orderIdSchema accepts (api-schemas.ts): anything else is not put into the form. */
const ORDER_ID = /^[A-Za-z0-9_-]{6,64}$/;

/**
 * The withdrawal page for one order: `withdrawalHref(siteLinks(locale).withdraw, orderId)`. The
 * buyer still types the email address: it is what proves the order is theirs, so no link carries it.
 */
export function withdrawalHref(withdrawPath: string, orderId?: string | null): string {
  const id = orderId?.trim();
  return id && ORDER_ID.test(id) ? `${withdrawPath}?${WITHDRAW_ORDER_QUERY}=${encodeURIComponent(id)}` : withdrawPath;
}

/** The order number a link put in the address bar, when it has the shape of one. */
export function orderIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get(WITHDRAW_ORDER_QUERY)?.trim();
  return id && ORDER_ID.test(id) ? id : null;
}

/**
 * Where the checkout asks for the waiver: the EEA (EU 27 with the outermost regions Cloudflare
 * reports under their own codes, Iceland, Liechtenstein, Norway), the United Kingdom and
 * Switzerland: the same list as the cookie consent's. An unknown country is not asked (the
 * checkout cannot tell where the buyer is; the 30-day money-back guarantee applies anyway).
 */
export const WAIVER_COUNTRIES: ReadonlySet<string> = CONSENT_COUNTRIES;

/** Whether a buyer from `country` must tick the waiver before paying (and the edge refuses an order without it). */
export function waiverRequired(country: string | null | undefined): boolean {
  return !!country && WAIVER_COUNTRIES.has(country.toUpperCase());
}

/** The longest waiver text an order may carry (the two statements, in any of the site's languages). */
export const WAIVER_TEXT_MAX = 1000;

/**
 * How far the consent's time may be from the edge's clock: a tick older than a day, or one in the
 * future, is recorded at the edge's time instead (a browser's clock can be wrong).
 */
export const WAIVER_CLOCK_WINDOW_S = 24 * 60 * 60;

/** The consent time to record: the buyer's tick when it is plausible, else the edge's `now` (epoch seconds). */
export function waiverRecordedAt(sentAt: number, now: number): number {
  return sentAt <= now && sentAt >= now - WAIVER_CLOCK_WINDOW_S ? sentAt : now;
}
