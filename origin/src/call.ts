import { decodeUtf8, readCappedBytes } from '../../src/domain/bodies';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import {
  API_PATHS,
  API_REQUEST_SCHEMAS,
  APP_ID,
  MAX_REQUEST_BYTES,
  PRODUCT_ID,
  PRODUCT_ID_HEADER,
  type ApiParsedRequest,
  type ApiPath,
  type ApiResponseData,
  type FieldError,
} from '../../src/domain/api-schemas';
import type { OriginBindings, OriginEnv } from './env';
import { fail, replyError, replyOutcome, type CallOutcome } from './envelope';
import { nowSeconds } from './ids';
import { countCall } from './rate-limit';
import { readSettings, type Settings } from './settings';

// The pipeline every API call (the paths of API_REQUEST_SCHEMAS) goes through, in this order:
//   X-Cf-Productid must be '81'            → else 4001006
//   too-frequent counters                   → 6919992 / 6919993
//   body ≤ 64 KiB, UTF-8 JSON object        → else 4001001
//   common.app_id must be 81                → else 4001006
//   the call's zod schema                   → else 4001001 with field errors
//   the call's handler.
// Bad input never throws past this point: it is always one of the envelopes above.

export interface CallContext {
  db: D1Database;
  env: OriginBindings;
  settings: Settings;
  clientKey: string;
  /** Epoch seconds of this request. */
  now: number;
  /** Housekeeping that must not delay the answer (sweeping expired rows). */
  waitUntil: (promise: Promise<unknown>) => void;
}

export type CallHandler<P extends ApiPath> = (
  input: ApiParsedRequest<P>,
  ctx: CallContext,
) => Promise<CallOutcome<ApiResponseData<P>>>;

/** One handler per allowed path: the compiler refuses a missing call. */
export type CallHandlers = { [P in ApiPath]: CallHandler<P> };

const MAX_FIELD_ERRORS = 20;

/** The body as text, or null when it is larger than `max` bytes or not UTF-8. */
export async function readBodyLimited(request: Request, max: number): Promise<string | null> {
  const bytes = await readCappedBytes(request, max);
  return bytes && decodeUtf8(bytes);
}

/** A JSON object (not an array, not a scalar), or null. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.slice(0, MAX_FIELD_ERRORS).map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function callContext(c: Context<OriginEnv>): CallContext {
  return {
    db: c.env.DB,
    env: c.env,
    settings: readSettings(c.env),
    clientKey: c.get('clientKey'),
    now: nowSeconds(),
    waitUntil: (promise) => {
      const quiet = promise.catch((e: unknown) => console.warn('origin housekeeping failed', e));
      try {
        c.executionCtx.waitUntil(quiet);
      } catch {
        // No execution context (a direct app.fetch in a test): the promise still runs.
      }
    },
  };
}

async function runCall(c: Context<OriginEnv>, path: ApiPath, handler: CallHandler<ApiPath>): Promise<Response> {
  if (c.req.header(PRODUCT_ID_HEADER)?.trim() !== PRODUCT_ID) return replyError(c, 'FORBIDDEN', 200);

  const ctx = callContext(c);
  const refused = await countCall(ctx.db, ctx.clientKey, ctx.settings, ctx.now, ctx.waitUntil);
  if (refused) return replyError(c, refused, 200);

  const text = await readBodyLimited(c.req.raw, MAX_REQUEST_BYTES);
  const body = text === null ? null : parseJsonObject(text);
  if (!body) return replyError(c, 'UNSUPPORTED_REQUEST', 200);

  const common = body['common'];
  const appId = typeof common === 'object' && common !== null ? (common as Record<string, unknown>)['app_id'] : undefined;
  if (appId !== APP_ID) return replyError(c, 'FORBIDDEN', 200);

  const parsed = API_REQUEST_SCHEMAS[path].safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return replyOutcome(c, path, fail('UNSUPPORTED_REQUEST', { msg: errors[0]?.message, errors }));
  }
  return replyOutcome(c, path, await handler(parsed.data as ApiParsedRequest<ApiPath>, ctx));
}

/** Registers every API path: POST runs the call, any other method is a 405 envelope. */
export function mountCalls(app: Hono<OriginEnv>, handlers: CallHandlers): void {
  for (const path of API_PATHS) {
    // The mapped type guarantees handlers[path] matches path; TypeScript cannot correlate the
    // two through the loop variable, hence the widening.
    const handler = handlers[path] as unknown as CallHandler<ApiPath>;
    app.post(path, (c) => runCall(c, path, handler));
    app.all(path, (c) => {
      c.header('Allow', 'POST');
      return replyError(c, 'UNSUPPORTED_REQUEST', 405);
    });
  }
}

/**
 * The body of a non-call endpoint (test payments, collection, faults) parsed with `schema`;
 * otherwise the 4001001 envelope to answer with (HTTP 400: these endpoints are not the upstream
 * contract, so plain HTTP semantics apply).
 */
export async function parseJsonRequest<S extends z.core.$ZodType>(
  c: Context<OriginEnv>,
  schema: S,
  maxBytes: number = MAX_REQUEST_BYTES,
): Promise<{ ok: true; data: z.core.output<S> } | { ok: false; response: Response }> {
  const text = await readBodyLimited(c.req.raw, maxBytes);
  const body = text === null ? null : parseJsonObject(text);
  if (!body) return { ok: false, response: replyError(c, 'UNSUPPORTED_REQUEST', 400) };
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, response: replyError(c, 'UNSUPPORTED_REQUEST', 400, { msg: errors[0]?.message, errors }) };
  }
  return { ok: true, data: parsed.data };
}
