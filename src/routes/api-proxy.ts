// The edge proxy at /api/* (docs/UPSTREAM.md, The site's proxy): the browser only ever calls its own origin, and
// this sub-app forwards exactly the allowlisted calls to the upstream through src/services/upstream.ts.
//
//   POST /api/<path>   <path> in API_PATHS (outside production also /test-payments/confirm)
//     405 any other method (Allow: POST)           415 a body that is not application/json
//     403 a cross-site request (Sec-Fetch-Site)   429 too many form submits (FORM_RATE_LIMITER)
//     413 a body over 64 KB (declared or read)     400 not a JSON object, or a field error
//     502 / 504 the upstream failed / timed out    else the upstream's envelope and status
//   anything else under /api/ that no route answers: 404 with the envelope.
//
// Every answer is a JSON envelope (resp_common, or result for /mingtingvip/payv2/) with
// Cache-Control: no-store; the edge's own messages are in the page's language (X-Site-Locale).
// Uploads are not proxied here: the feedback image upload mounts its own sub-app under /api
// (e.g. /api/upload/*) with its own size and type limits; paths this proxy does not know fall
// through to it (next()), so the order of app.route() lines does not matter.
import { decodeUtf8, readCappedBytes } from '../domain/bodies';
import { Hono, type MiddlewareHandler } from 'hono';
import { rejectTrailingSlash } from '../middleware/trailing-slash';
import type { AppContext, AppEnv } from '../env';
import { withinRateLimit } from '../services/rate-limit';
import {
  API_REQUEST_SCHEMAS,
  ATTACHMENT_NOT_UPLOADED,
  MAX_REQUEST_BYTES,
  TEST_PAYMENT_CONFIRM_PATH,
  isApiPath,
  testPaymentConfirmRequestSchema,
  type FieldError,
  type WithdrawalWaiver,
} from '../domain/api-schemas';
import { waiverRecordedAt, waiverRequired } from '../domain/withdrawal';
import { API_ERRORS } from '../domain/api-errors';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain/locales';
import { translatorFor } from '../services/messages';
import { HOST_KEY_HEADER, LOCALE_HEADER, parseHostKey } from '../domain/api-handlers';
import { localizeFieldMessage } from '../domain/form';
import { callUpstream, envelopeFor, upstreamLang, withCommon } from '../services/upstream';
import { claimUploads, firstUnknownAttachment } from '../services/uploads';
import { redactForLog } from '../domain/log-safety';

export const API_PREFIX = '/api';

/** The calls a visitor's form submits: rate-limited per client IP and path at the edge. */
export const FORM_PATHS: ReadonlySet<string> = new Set(['/pay/send_cdkey_order_mail', '/activity/receive', '/privacy_control/add', '/feedback/add', '/pay/withdrawal_request']);

/** How long a refused visitor is asked to wait (the FORM_RATE_LIMITER period). */
const RATE_LIMIT_RETRY_AFTER_S = 60;

type ProxySchema = { safeParse(input: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };

/** The schema of an allowed path, or null when the path is not forwarded in this environment. */
function schemaFor(path: string, production: boolean): ProxySchema | null {
  if (isApiPath(path)) return API_REQUEST_SCHEMAS[path] as unknown as ProxySchema;
  if (path === TEST_PAYMENT_CONFIRM_PATH && !production) return testPaymentConfirmRequestSchema as unknown as ProxySchema;
  return null;
}

/** The page's locale as the client sent it; anything else (absent, unknown, injected) is the default. */
export function requestLocale(c: AppContext): Locale {
  const value = c.req.header(LOCALE_HEADER);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** A JSON envelope answer built from scratch (no headers of an earlier response leak into it). */
function envelopeResponse(path: string, status: number, code: number, msg: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(envelopeFor(path, code, msg, extra)), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** application/json, with or without parameters (charset). */
function isJsonContentType(value: string | undefined): boolean {
  return (value ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'not_utf8' };

/** The body as text, refusing more than `max` bytes whether declared (Content-Length) or streamed. */
async function readBody(request: Request, max: number): Promise<BodyRead> {
  const bytes = await readCappedBytes(request, max);
  if (!bytes) return { ok: false, reason: 'too_large' };
  const text = decodeUtf8(bytes);
  return text === null ? { ok: false, reason: 'not_utf8' } : { ok: true, text };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The visitor's country: the geo middleware's answer when it ran (it honours the debug override outside production), else cf.country. */
function visitorCountry(c: AppContext): string | null {
  const fromGeo = (c.var as Record<string, unknown>)['country'];
  if (typeof fromGeo === 'string') return fromGeo;
  const country = (c.req.raw as Request & { cf?: { country?: unknown } }).cf?.country;
  return typeof country === 'string' ? country : null;
}

/** Anything under /api/ that no route answered is a JSON 404, not the HTML page. */
const jsonNotFound: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 404 && !(c.res.headers.get('content-type') ?? '').includes('application/json')) {
    await c.res.body?.cancel().catch(() => {});
    const t = translatorFor(requestLocale(c)).t;
    c.res = undefined; // replaced, not merged: none of the HTML page's headers carry over
    c.res = envelopeResponse('', 404, API_ERRORS.UNSUPPORTED_REQUEST.code, t('ui.api.edge.notFound'));
  }
};

export const apiProxy = new Hono<AppEnv>({ strict: true });

apiProxy.use('*', jsonNotFound);
// After jsonNotFound, so '/api/…/' gets the JSON 404 envelope.
apiProxy.use('*', rejectTrailingSlash);

apiProxy.all('/*', async (c, next) => {
  const path = c.req.path.slice(API_PREFIX.length);
  const schema = schemaFor(path, c.env.ENVIRONMENT === 'production');
  // Not ours: another /api sub-app (geo, uploads) may answer it, else jsonNotFound does.
  if (!schema) return next();

  const locale = requestLocale(c);
  const t = translatorFor(locale).t;
  const code = API_ERRORS.UNSUPPORTED_REQUEST.code;

  if (c.req.method !== 'POST') return envelopeResponse(path, 405, code, t('ui.api.edge.method'), {}, { Allow: 'POST' });
  // A page of another site cannot make a visitor's browser submit our forms.
  if (c.req.header('sec-fetch-site') === 'cross-site') return envelopeResponse(path, 403, API_ERRORS.FORBIDDEN.code, t('ui.api.edge.crossSite'));
  if (!isJsonContentType(c.req.header('content-type'))) return envelopeResponse(path, 415, code, t('ui.api.edge.contentType'));

  const clientIp = c.req.header('cf-connecting-ip') ?? null;
  if (FORM_PATHS.has(path)) {
    // Without the limiter the upstream's own limits still apply.
    if (!(await withinRateLimit(c.env.FORM_RATE_LIMITER, `${clientIp ?? 'unknown'}|${path}`, 'form', c.get('requestId')))) {
      return envelopeResponse(path, 429, API_ERRORS.TOO_FREQUENT.code, t('ui.api.6919992'), {}, { 'Retry-After': String(RATE_LIMIT_RETRY_AFTER_S) });
    }
  }

  const read = await readBody(c.req.raw, MAX_REQUEST_BYTES);
  if (!read.ok) {
    return read.reason === 'too_large' ? envelopeResponse(path, 413, code, t('ui.api.edge.tooLarge')) : envelopeResponse(path, 400, code, t('ui.api.edge.badJson'));
  }
  const body = parseObject(read.text);
  if (!body) return envelopeResponse(path, 400, code, t('ui.api.edge.badJson'));

  const isCall = isApiPath(path);
  const parsed = schema.safeParse(isCall ? withCommon(body, upstreamLang(locale)) : body);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.slice(0, 20).map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
    return envelopeResponse(path, 400, code, localizeFieldMessage(errors[0]?.message ?? '', t) || t('ui.api.4001001'), { errors });
  }

  if (path === '/feedback/add') {
    const refused = await refuseUnknownAttachments(c, path, parsed.data, t);
    if (refused) return refused;
  }
  let sent = parsed.data as Record<string, unknown>;
  if (ORDER_CREATE_PATHS.has(path)) {
    const checked = withWaiverRule(path, sent, visitorCountry(c), t);
    if (!checked.ok) return checked.response;
    sent = checked.body;
  }

  const result = await callUpstream(c.env, path, sent, {
    hostKey: parseHostKey(c.req.header(HOST_KEY_HEADER)),
    clientIp,
    country: visitorCountry(c),
    lang: locale,
    common: isCall,
  });
  if (!result.ok) {
    console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'upstream fault', path, fault: result.fault, detail: redactForLog(result.detail) }));
  }
  if (path === '/feedback/add') claimTicketUploads(c, parsed.data, result.body);
  // Only the envelope travels back: none of the upstream's headers (cookies, server names) do.
  return new Response(JSON.stringify(result.body), {
    status: result.status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' },
  });
});

/** The two order creations: the buyer's waiver of the right of withdrawal travels with them. */
const ORDER_CREATE_PATHS: ReadonlySet<string> = new Set(['/payv2/stripe/elements/create_cdkey_order', '/mingtingvip/payv2/paypal/create_cdkey_order']);

/** The field message of a missing waiver (the contract's wording; the answer's `msg` is localized). */
export const WAIVER_REQUIRED = 'withdrawal waiver is required';

/**
 * An order from the EEA, the UK or Switzerland must carry the buyer's waiver (src/domain/withdrawal.ts):
 * without it the licence code could not be delivered at once, so the order is refused here with the
 * page's wording, before any upstream order exists. Its time is the buyer's tick when plausible, else
 * the edge's clock. Anyone else's order never carries one.
 */
function withWaiverRule(path: string, body: Record<string, unknown>, country: string | null, t: (key: string) => string): { ok: true; body: Record<string, unknown> } | { ok: false; response: Response } {
  const { withdrawal_waiver: waiver, ...rest } = body as Record<string, unknown> & { withdrawal_waiver?: WithdrawalWaiver };
  if (!waiverRequired(country)) return { ok: true, body: rest };
  if (!waiver) {
    const errors: FieldError[] = [{ field: 'withdrawal_waiver', message: WAIVER_REQUIRED }];
    return { ok: false, response: envelopeResponse(path, 400, API_ERRORS.UNSUPPORTED_REQUEST.code, t('checkout.waiver.required'), { errors }) };
  }
  const now = Math.floor(Date.now() / 1000);
  return { ok: true, body: { ...rest, withdrawal_waiver: { ...waiver, accepted_at: waiverRecordedAt(waiver.accepted_at, now) } } };
}

/**
 * A ticket may only name images this form uploaded (firstUnknownAttachment): a key of the right
 * shape that names nothing, another form's image or a removed one is refused here, with the field,
 * before the upstream stores a ticket pointing at it. Null when every key is one of the form's.
 */
async function refuseUnknownAttachments(c: AppContext, path: string, sent: unknown, t: (key: string) => string): Promise<Response | null> {
  const keys = (sent as { data?: { attachments?: string[] } }).data?.attachments ?? [];
  if (keys.length === 0) return null;
  let unknown: number;
  try {
    unknown = await firstUnknownAttachment(c.env.UPLOADS, keys);
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: 'attachment check failed', error: String(error) }));
    return envelopeResponse(path, 503, API_ERRORS.INTERNAL_ERROR.code, t(`ui.api.${API_ERRORS.INTERNAL_ERROR.code}`));
  }
  if (unknown === -1) return null;
  const errors: FieldError[] = [{ field: `data.attachments.${unknown}`, message: ATTACHMENT_NOT_UPLOADED }];
  return envelopeResponse(path, 400, API_ERRORS.UNSUPPORTED_REQUEST.code, t('feedback.errors.attachmentsNotUploaded'), { errors });
}

/**
 * A ticket the upstream accepted keeps its images: they move out of `pending/` (where the cleanup
 * deletes them after a day) after the answer, in waitUntil.
 */
function claimTicketUploads(c: AppContext, sent: unknown, answer: unknown) {
  const keys = (sent as { data?: { attachments?: string[] } }).data?.attachments ?? [];
  const head = answer as { resp_common?: { ret?: unknown }; ticket_id?: unknown };
  if (keys.length === 0 || head.resp_common?.ret !== 0 || typeof head.ticket_id !== 'string') return;
  const ticketId = head.ticket_id;
  c.executionCtx.waitUntil(
    claimUploads(c.env.UPLOADS, keys, ticketId).then((missed) => {
      if (missed.length > 0) console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: 'ticket images not claimed', ticketId, missed }));
    }),
  );
}
