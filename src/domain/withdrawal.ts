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
