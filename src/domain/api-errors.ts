// The upstream API's error catalogue: every `ret` (or `result.status`) code the site may see,
// with its English default message. Pure data and helpers: the origin answers with these codes,
// the site's proxy and browser client read them. The request-level, too-frequent and activity
// codes come from the product brief; the others were decided for the reference origin
// (docs/PRODUCT.md, Error catalogue; docs/UPSTREAM.md).

export const SUCCESS_CODE = 0;

export const API_ERRORS = {
  // Request-level errors (from the product brief).
  UNSUPPORTED_REQUEST: { code: 4001001, message: 'Unsupported request, please check the query' },
  AUTH_EXPIRED: { code: 4001002, message: 'Authorization has expired' },
  QUERY_METHOD_OUTDATED: { code: 4001003, message: 'This query method is out of date, please use the official website' },
  LOGIN_REQUIRED: { code: 4001004, message: 'Please log in first' },
  REQUEST_EXPIRED: { code: 4001005, message: 'The request has expired, please refresh the page' },
  FORBIDDEN: { code: 4001006, message: 'No valid authorization, access forbidden' },
  // Too frequent (burst, then daily; from the product brief).
  TOO_FREQUENT: { code: 6919992, message: 'Operation too frequent, please try again later' },
  TOO_FREQUENT_TODAY: { code: 6919993, message: 'Too frequent, please try again tomorrow' },
  // Trial-code activity (from the product brief); the client shows these bodies instead of rejecting.
  ACTIVITY_ALREADY_CLAIMED: { code: 4570002, message: 'Already claimed the event' },
  ACTIVITY_PREVIOUSLY_PURCHASED: { code: 4570003, message: 'Previously purchased membership' },
  ACTIVITY_EXPIRED: { code: 4570004, message: 'Event has expired' },
  ACTIVITY_NOT_NEW_INSTALL: { code: 4570005, message: 'Not a new installation user' },
  // Decided here: business errors of the reference origin (the brief leaves the 4590xxx band unused).
  EMAIL_NOT_REGISTERED: { code: 4590001, message: 'This email has not been registered' },
  EMAIL_ALREADY_EXISTS: { code: 4590002, message: 'The email address already exists. Please do not add it again.' },
  CAPTCHA_INVALID: { code: 4590003, message: 'The verification code is incorrect or has expired' },
  ORDER_NOT_FOUND: { code: 4590004, message: 'Order not found' },
  ORDER_NOT_PAID: { code: 4590005, message: 'The order has not been paid' },
  PACKAGE_NOT_AVAILABLE: { code: 4590006, message: 'This plan is not available' },
  CURRENCY_NOT_SUPPORTED: { code: 4590007, message: 'This currency is not supported' },
  PAYMENT_DECLINED: { code: 4590008, message: 'Your card was declined' },
  INSUFFICIENT_FUNDS: { code: 4590009, message: 'Your card has insufficient funds' },
  PAYMENT_SECRET_MISMATCH: { code: 4590010, message: 'The payment could not be verified' },
  ORDER_STATE_CONFLICT: { code: 4590011, message: 'The order cannot be changed in its current state' },
  ACTIVITY_NOT_FOUND: { code: 4590012, message: 'Event does not exist' },
  // Decided here: the origin failed (never caused by the request's content).
  INTERNAL_ERROR: { code: 5000001, message: 'Service temporarily unavailable, please try again later' },
} as const satisfies Record<string, { code: number; message: string }>;

export type ApiErrorName = keyof typeof API_ERRORS;
export type ApiErrorCode = (typeof API_ERRORS)[ApiErrorName]['code'];

/** Any other non-zero code rejects with the server message, else this (docs/PRODUCT.md, Error catalogue). */
export const UNKNOWN_ERROR_MESSAGE = 'unknown error';

const MESSAGE_BY_CODE: ReadonlyMap<number, string> = new Map(
  Object.values(API_ERRORS).map((e) => [e.code, e.message] as const),
);

/** The codes whose response body the client resolves with (shown as the reason): the trial-code refusals. */
export const PASS_THROUGH_CODES: ReadonlySet<number> = new Set([
  API_ERRORS.ACTIVITY_ALREADY_CLAIMED.code,
  API_ERRORS.ACTIVITY_PREVIOUSLY_PURCHASED.code,
  API_ERRORS.ACTIVITY_EXPIRED.code,
  API_ERRORS.ACTIVITY_NOT_NEW_INSTALL.code,
]);

export function isKnownErrorCode(code: number): boolean {
  return MESSAGE_BY_CODE.has(code);
}

export function isPassThroughCode(code: number): boolean {
  return PASS_THROUGH_CODES.has(code);
}

/** The English default message of a code; 'unknown error' for codes outside the catalogue. */
export function defaultMessage(code: number): string {
  return MESSAGE_BY_CODE.get(code) ?? UNKNOWN_ERROR_MESSAGE;
}

/**
 * The message to show for a failed call: the server's own message when it sent one,
 * else the catalogue's default, else 'unknown error' (docs/PRODUCT.md, Error catalogue).
 */
export function messageFor(code: number, serverMessage?: string | null): string {
  const trimmed = serverMessage?.trim();
  return trimmed ? trimmed : defaultMessage(code);
}
