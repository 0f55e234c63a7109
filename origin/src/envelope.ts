import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERRORS, SUCCESS_CODE, type ApiErrorName } from '../../src/domain/api-errors';
import { envelopeStyle, type FieldError } from '../../src/domain/api-schemas';

// Every answer is one of the contract's two envelopes with the data fields beside it:
//   {resp_common: {ret, msg}, ...data}  or, for /mingtingvip/payv2/*, {result: {status, msg}, ...data}.
// On the API call paths every answer is HTTP 200, errors included (the code is in the envelope),
// except 405 for a method other than POST. Elsewhere plain HTTP statuses apply: 404 unknown
// path, 400 malformed test/collect body, 503 collection host down, 500 the origin's own failure.

/** What a call handler decides; the envelope is added by `replyOutcome`. */
export type CallOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; error: ApiErrorName; msg?: string; data?: Record<string, unknown>; errors?: FieldError[] };

export const ok = <T>(data: T): CallOutcome<T> => ({ ok: true, data });

export function fail<T = never>(
  error: ApiErrorName,
  extra: { msg?: string; data?: Record<string, unknown>; errors?: FieldError[] } = {},
): CallOutcome<T> {
  return { ok: false, error, ...extra };
}

export function envelopeBody(path: string, code: number, msg: string, data: object = {}): Record<string, unknown> {
  const head = envelopeStyle(path) === 'result' ? { result: { status: code, msg } } : { resp_common: { ret: code, msg } };
  // The head is spread again last so a data field can never overwrite it; the first spread only
  // puts it first in the JSON for people reading responses.
  return { ...head, ...data, ...head };
}

export function outcomeBody<T>(path: string, outcome: CallOutcome<T>): Record<string, unknown> {
  if (outcome.ok) return envelopeBody(path, SUCCESS_CODE, 'success', outcome.data as object);
  const { code, message } = API_ERRORS[outcome.error];
  const data = outcome.errors ? { ...outcome.data, errors: outcome.errors } : outcome.data;
  return envelopeBody(path, code, outcome.msg ?? message, data);
}

export function replyOutcome<T>(c: Context, path: string, outcome: CallOutcome<T>, status: ContentfulStatusCode = 200): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(outcomeBody(path, outcome), status);
}

export function replyError(c: Context, error: ApiErrorName, status: ContentfulStatusCode, extra: Parameters<typeof fail>[1] = {}): Response {
  return replyOutcome(c, c.req.path, fail(error, extra), status);
}
