// The browser's API client: one function per upstream call, each a POST to the site's own /api/
// proxy (which adds X-Cf-Productid, common.app_id and common.lang, and picks the upstream).
//
// - Both envelopes (resp_common / result) are unwrapped; code 0 resolves with the whole body.
// - 4570002–4570005 resolve too: the caller gets the body and shows the reason.
// - Any other code rejects with an ApiError (code, server message or 'unknown error', the
//   message in the page's language from `ui.api.<code>`, the body). Handlers registered with
//   onApiErrorCode run 10 ms later unless the caller read `error.code`.
// - Network failures, timeouts and answers that are not envelopes become ApiErrors with the
//   EDGE_ERRORS codes, so a form always has something to say and a way to retry.
// - Every call is wrapped in trackPending, so the progress bar shows while it runs.
//
// Zod-free on purpose (types only from api-schemas.ts): the home page loads this for downloads.
import type { ActivityReceiveData, ApiPath, ApiRequest, ApiResponseData, PayType, TestPaymentConfirmData, TestPaymentConfirmRequest } from '../../src/domain/api-schemas';
import { isPassThroughCode, messageFor } from '../../src/domain/api-errors';
import { ApiError, EDGE_ERRORS, HOST_KEY_HEADER, LOCALE_HEADER, orderQueryPath, parseHostKey, scheduleApiErrorHandlers, type HostKey, type OrderQueryPath } from '../../src/domain/api-handlers';
import type { Translate } from '../../src/i18n/translator';
import { i18nStore } from './locale-loader';
import { trackPending } from './store';

export { ApiError, onApiErrorCode, HANDLER_DELAY_MS } from '../../src/domain/api-handlers';

/** What a call sends: its schema's input, without `common` (the proxy sets it). */
export type ApiPayload<P extends ApiPath> = Omit<ApiRequest<P>, 'common'>;

export interface EnvelopeHead {
  resp_common?: { ret: number; msg: string };
  result?: { status: number; msg: string };
}

/** A successful answer: the envelope's head beside the call's data. */
export type ApiAnswer<P extends ApiPath> = ApiResponseData<P> & EnvelopeHead;

/** A trial claim the upstream refused with a reason (4570002–4570005): passed through, not rejected. */
export interface ActivityRefusal extends EnvelopeHead {
  resp_common: { ret: number; msg: string };
  activity_id?: number;
}

/** How long the browser waits for the proxy (which itself gives the upstream 8 s). */
export const CLIENT_TIMEOUT_MS = 20_000;
export const HOST_STORAGE_KEY = 'mt-api-host';

/** The (code, msg) of either envelope, or null: the same rule as readEnvelope in api-schemas.ts, without zod. */
export function readEnvelopeHead(body: unknown): { code: number; msg: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const [key, codeKey] of [
    ['resp_common', 'ret'],
    ['result', 'status'],
  ] as const) {
    const head = record[key];
    if (typeof head === 'object' && head !== null) {
      const code = (head as Record<string, unknown>)[codeKey];
      const msg = (head as Record<string, unknown>)['msg'];
      if (Number.isSafeInteger(code) && typeof msg === 'string') return { code: code as number, msg };
    }
  }
  return null;
}

/** What the client needs from its surroundings; the browser's defaults are below, tests pass their own. */
export interface ApiTransport {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** The page's locale (html[lang]). */
  locale: () => string;
  /** The remembered `?host=` key, if any. */
  hostKey: () => HostKey | null;
  /** The islands' translator, for localized messages (null before hydration). */
  translate: () => Translate | null;
  /** Wraps each call (the progress bar's trackPending). */
  track: <T>(work: () => Promise<T>) => Promise<T>;
  timeoutMs?: number;
  /**
   * The page's `?debug_country=` (two letters), sent as X-Debug-Country so the edge places the
   * page's calls where it placed the page (the waiver of EEA orders); production ignores it.
   */
  debugCountry?: () => string | null;
}

/**
 * The `?host=` key of this page, remembered in localStorage: a valid key is stored, any
 * other `host` value clears it (so `?host=release` goes back to the default), no `host` keeps it.
 */
export function rememberHostKey(search: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): HostKey | null {
  const params = new URLSearchParams(search);
  try {
    if (params.has('host')) {
      const key = parseHostKey(params.get('host'));
      if (key) storage?.setItem(HOST_STORAGE_KEY, key);
      else storage?.removeItem(HOST_STORAGE_KEY);
      return key;
    }
    return parseHostKey(storage?.getItem(HOST_STORAGE_KEY));
  } catch {
    // Storage refused (private mode, quota): this page's key still counts.
    return parseHostKey(params.get('host'));
  }
}

/** The message to show for `code` in the page's language; the server's words, then 'unknown error', when there is none. */
export function localizedMessageFor(code: number, serverMessage: string | null | undefined, t: Translate | null): string {
  if (t) {
    const key = `ui.api.${code}`;
    const text = t(key);
    if (text !== key) return text;
  }
  const trimmed = serverMessage?.trim();
  if (trimmed) return trimmed;
  if (t) {
    const unknown = t('ui.api.unknown');
    if (unknown !== 'ui.api.unknown') return unknown;
  }
  return messageFor(code, serverMessage);
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'TimeoutError' || error.name === 'AbortError' : false;
}

export function createApiClient(transport: ApiTransport) {
  const fail = (code: number, serverMessage: string | null, body: unknown, status: number): ApiError => {
    const error = new ApiError({
      code,
      message: messageFor(code, serverMessage),
      localizedMessage: localizedMessageFor(code, serverMessage, transport.translate()),
      body,
      status,
    });
    scheduleApiErrorHandlers(error);
    return error;
  };

  async function exchange(path: string, payload: object): Promise<unknown> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', [LOCALE_HEADER]: transport.locale() };
    const hostKey = transport.hostKey();
    if (hostKey) headers[HOST_KEY_HEADER] = hostKey;
    const debugCountry = transport.debugCountry?.();
    if (debugCountry && /^[A-Za-z]{2}$/.test(debugCountry)) headers['X-Debug-Country'] = debugCountry;
    let response: Response;
    try {
      response = await transport.fetch(`/api${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(transport.timeoutMs ?? CLIENT_TIMEOUT_MS),
      });
    } catch (error) {
      const edge = isTimeout(error) ? EDGE_ERRORS.UPSTREAM_TIMEOUT : EDGE_ERRORS.NETWORK_FAILURE;
      throw fail(edge.code, null, null, 0);
    }
    let body: unknown = null;
    try {
      body = JSON.parse(await response.text());
    } catch (error) {
      if (isTimeout(error)) throw fail(EDGE_ERRORS.UPSTREAM_TIMEOUT.code, null, null, response.status);
      body = null;
    }
    const head = readEnvelopeHead(body);
    if (!head) {
      // Not an envelope: the site itself (or something in between) failed; say so by its status.
      const edge = response.status === 504 ? EDGE_ERRORS.UPSTREAM_TIMEOUT : response.status >= 500 ? EDGE_ERRORS.UPSTREAM_FAILED : EDGE_ERRORS.UPSTREAM_BAD_ANSWER;
      throw fail(edge.code, null, body, response.status);
    }
    if (head.code === 0 || isPassThroughCode(head.code)) return body;
    throw fail(head.code, head.msg, body, response.status);
  }

  /** POSTs `payload` to `path` through the proxy; see the file comment for what resolves and what rejects. */
  function call<P extends ApiPath>(path: P, payload: ApiPayload<P>): Promise<ApiAnswer<P>> {
    return transport.track(() => exchange(path, payload)) as Promise<ApiAnswer<P>>;
  }

  return {
    call,
    reportAction: (payload: ApiPayload<'/ocpc/report_action'>) => call('/ocpc/report_action', payload),
    getShortCode: (payload: ApiPayload<'/ocpc/get_short_code'>) => call('/ocpc/get_short_code', payload),
    sendLicenceCodeMail: (payload: ApiPayload<'/pay/send_cdkey_order_mail'>) => call('/pay/send_cdkey_order_mail', payload),
    addFeedback: (payload: ApiPayload<'/feedback/add'>) => call('/feedback/add', payload),
    getCaptcha: () => call('/feedback/captcha', {}),
    listPlans: (payload: ApiPayload<'/paypackagebase/list_group'>) => call('/paypackagebase/list_group', payload),
    /** Resolves with the trial code, or with the refusal body for 4570002–4570005 (see activityRefusalCode). */
    claimTrialCode: (payload: ApiPayload<'/activity/receive'>) =>
      call('/activity/receive', payload) as Promise<ApiAnswer<'/activity/receive'> | ActivityRefusal>,
    createStripeOrder: (payload: ApiPayload<'/payv2/stripe/elements/create_cdkey_order'>) => call('/payv2/stripe/elements/create_cdkey_order', payload),
    createPaypalOrder: (payload: ApiPayload<'/mingtingvip/payv2/paypal/create_cdkey_order'>) => call('/mingtingvip/payv2/paypal/create_cdkey_order', payload),
    reportPaymentClick: (payload: ApiPayload<'/pay/click_payment_report'>) => call('/pay/click_payment_report', payload),
    /** The order query path is chosen by payment type (1 Stripe, 2 PayPal). */
    queryOrder: (payType: PayType, payload: ApiPayload<OrderQueryPath>) => call(orderQueryPath(payType), payload),
    getLicenceCode: (payload: ApiPayload<'/pay/get_cd_key'>) => call('/pay/get_cd_key', payload),
    addPrivacyRequest: (payload: ApiPayload<'/privacy_control/add'>) => call('/privacy_control/add', payload),
    /** Withdraws from the contract of one order (or asks for its money-back refund); idempotent per order. */
    requestWithdrawal: (payload: ApiPayload<'/pay/withdrawal_request'>) => call('/pay/withdrawal_request', payload),
    /** Outside production only: the reference origin's test payment step (the proxy refuses it in production). */
    confirmTestPayment: (payload: TestPaymentConfirmRequest) =>
      transport.track(() => exchange('/test-payments/confirm', payload)) as Promise<TestPaymentConfirmData & EnvelopeHead>,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The refusal code of a trial claim's answer (4570002–4570005), or null when a code was issued. */
export function activityRefusalCode(answer: (ActivityReceiveData & EnvelopeHead) | ActivityRefusal): number | null {
  const head = readEnvelopeHead(answer);
  return head && head.code !== 0 ? head.code : null;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The client every island uses. */
export const api: ApiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  locale: () => document.documentElement.lang || 'en-US',
  hostKey: () => rememberHostKey(location.search, browserStorage()),
  translate: () => i18nStore.get().i18n?.t ?? null,
  track: trackPending,
  debugCountry: () => new URLSearchParams(location.search).get('debug_country'),
});
