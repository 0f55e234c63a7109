// The error side of the API layer, shared by the browser client (client/lib/api.ts) and the edge
// proxy (src/routes/api-proxy.ts, src/services/upstream.ts): the wire names between the two, the
// edge's own fault codes, ApiError, and the per-code handlers (docs/PRODUCT.md, Error catalogue). Pure: no DOM, no zod,
// no React, so the Worker and the home page bundle can both import it for a few hundred bytes.
// Types only, erased from the build: this file stays zod-free.
import type { ApiPath, FieldError, PayType } from './api-schemas';

/** The request header that carries the page's `?host=` key to the proxy ('sv' or 'jb'). */
export const HOST_KEY_HEADER = 'X-Upstream-Host';
/** The request header that carries the page's locale (one of LOCALES) to the proxy. */
export const LOCALE_HEADER = 'X-Site-Locale';
/** The upstream keys a page may ask for with `?host=`; anything else means the release host. */
export const HOST_KEYS = ['sv', 'jb'] as const;
export type HostKey = (typeof HOST_KEYS)[number];

export type OrderQueryPath = Extract<ApiPath, `/mingtingvip/payv2/${string}/order/query`>;

/** The order query of a payment type: PayPal's for 2 (PAY_TYPES.paypal), Stripe's otherwise. */
export function orderQueryPath(payType: PayType): OrderQueryPath {
  return payType === 2 ? '/mingtingvip/payv2/paypal/order/query' : '/mingtingvip/payv2/stripe/order/query';
}

/** 'sv' or 'jb' exactly; every other value (a URL, an injection attempt, '') is not a key. */
export function parseHostKey(value: string | null | undefined): HostKey | null {
  return value === 'sv' || value === 'jb' ? value : null;
}

/**
 * Faults the edge reports itself (the upstream never sends these). The 59000xx band is unused by
 * the product brief and the reference origin. NETWORK_FAILURE is the browser's own: the site did not answer.
 */
export const EDGE_ERRORS = {
  NETWORK_FAILURE: { code: 5900001, status: 0, message: 'Network failure, please check your connection and try again' },
  UPSTREAM_TIMEOUT: { code: 5900002, status: 504, message: 'The service took too long to answer, please try again' },
  UPSTREAM_UNREACHABLE: { code: 5900003, status: 502, message: 'The service could not be reached, please try again later' },
  UPSTREAM_FAILED: { code: 5900004, status: 502, message: 'The service is temporarily unavailable, please try again later' },
  UPSTREAM_BAD_ANSWER: { code: 5900005, status: 502, message: 'The service sent an answer that could not be read' },
} as const;

export type EdgeErrorName = keyof typeof EDGE_ERRORS;

/** Codes worth a Retry button: the request itself was fine, the way to the answer was not. */
export const TRANSIENT_CODES: ReadonlySet<number> = new Set([
  ...Object.values(EDGE_ERRORS).map((e) => e.code),
  5000001, // the origin's INTERNAL_ERROR
]);

/**
 * A failed call (any non-zero code but 4570002–4570005): `code` is the envelope's code, `message` the server's message or
 * 'unknown error', `localizedMessage` what to show in the page's language, `body` the whole answer.
 * Reading `code` marks it as read, which cancels the handler registered for that code.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly #code: number;
  #codeRead = false;
  readonly localizedMessage: string;
  readonly body: unknown;
  /** HTTP status of the answer (0 when there was none). */
  readonly status: number;
  /** Field errors the server (proxy or origin) found: `errors: [{field, message}]` of the body. */
  readonly fieldErrors: FieldError[];

  constructor(init: { code: number; message: string; localizedMessage: string; body: unknown; status: number }) {
    super(init.message);
    this.#code = init.code;
    this.localizedMessage = init.localizedMessage;
    this.body = init.body;
    this.status = init.status;
    this.fieldErrors = readFieldErrors(init.body);
  }

  /** The code; reading it tells the handlers the caller took care of it. */
  get code(): number {
    this.#codeRead = true;
    return this.#code;
  }

  /** The code without marking it read (for the dispatcher and for logging). */
  peekCode(): number {
    return this.#code;
  }

  get codeWasRead(): boolean {
    return this.#codeRead;
  }

  /** True when trying again later may work (network, timeout, upstream down). */
  get transient(): boolean {
    return TRANSIENT_CODES.has(this.#code);
  }
}

function readFieldErrors(body: unknown): FieldError[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is FieldError => typeof e === 'object' && e !== null && typeof (e as FieldError).field === 'string' && typeof (e as FieldError).message === 'string',
  );
}

// ── Per-code handlers ───────────────────────────────────────────────────────────────────────

export type ApiErrorHandler = (error: ApiError) => void;

/** A handler runs this long after the rejection, unless the caller read the code first. */
export const HANDLER_DELAY_MS = 10;

const handlers = new Map<number, Set<ApiErrorHandler>>();

/** Registers a handler for a code; returns the function that removes it. */
export function onApiErrorCode(code: number, handler: ApiErrorHandler): () => void {
  let set = handlers.get(code);
  if (!set) handlers.set(code, (set = new Set()));
  set.add(handler);
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(code);
  };
}

/**
 * Called by the client for every rejection: schedules the code's handlers HANDLER_DELAY_MS later
 * and runs them only if nobody has read `error.code` by then. A throwing handler is logged, never
 * propagated (it runs outside the caller's promise chain).
 */
export function scheduleApiErrorHandlers(error: ApiError): void {
  if (!handlers.has(error.peekCode())) return;
  setTimeout(() => {
    if (error.codeWasRead) return;
    for (const handler of [...(handlers.get(error.peekCode()) ?? [])]) {
      try {
        handler(error);
      } catch (handlerError) {
        console.error('API error handler failed', handlerError);
      }
    }
  }, HANDLER_DELAY_MS);
}
