import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { emailSchema } from '../../src/domain/api-schemas';
import { parseJsonRequest } from './call';
import { COLLECT_DOWN_KEY, isCollectDown } from './collect';
import { resetDatabase, writeMeta } from './db';
import type { OriginEnv } from './env';
import { fail, ok, replyError, replyOutcome } from './envelope';

// Test-only controls (outside production only; index.ts guards every path here):
//   POST /__admin/reset              empty every table and seed again
//   GET|POST /__faults               read / set {collect_down?: boolean, latency_ms?: number, fail_api?: boolean, fail_path?: string | null}
//   GET /__test/captcha/:captcha_id  the answer of a captcha (e2e tests must pass it)
//   GET /__test/outbox?email=…       the mails queued for an email, newest first
//   GET /__test/feedback/:ticket_id  a feedback ticket with its attachment keys (e2e checks what was stored)

export const admin = new Hono<OriginEnv>();

admin.post('/__admin/reset', async (c) => {
  await resetDatabase(c.env.DB);
  return replyOutcome(c, c.req.path, ok({ reset: true }));
});

/** Upper bound of the latency fault: longer than any proxy timeout, short of a hung test. */
export const MAX_FAULT_LATENCY_MS = 60_000;
export const LATENCY_KEY = 'fault.latency_ms';
export const FAIL_API_KEY = 'fault.fail_api';
export const FAIL_PATH_KEY = 'fault.fail_path';

/** Any subset of the switches; each given one is set, the others keep their value. */
const faultsSchema = z
  .object({
    collect_down: z.boolean({ error: 'collect_down must be true or false' }).optional(),
    latency_ms: z
      .number({ error: 'latency_ms must be a number' })
      .int('latency_ms must be an integer')
      .min(0, 'latency_ms must be at least 0')
      .max(MAX_FAULT_LATENCY_MS, `latency_ms must be at most ${MAX_FAULT_LATENCY_MS}`)
      .optional(),
    fail_api: z.boolean({ error: 'fail_api must be true or false' }).optional(),
    /** One call path that fails like fail_api (null: none), so a browser test can break one call without the others. */
    fail_path: z
      .string({ error: 'fail_path must be a call path or null' })
      .regex(/^\/[a-z0-9_/]{1,100}$/, 'fail_path must be a call path or null')
      .nullable()
      .optional(),
  })
  .refine((f) => f.collect_down !== undefined || f.latency_ms !== undefined || f.fail_api !== undefined || f.fail_path !== undefined, {
    message: 'set collect_down, latency_ms, fail_api or fail_path',
  });

export interface ApiFaults {
  /** Every API call waits this long before it is handled (a slow upstream). */
  latency_ms: number;
  /** Every API call answers HTTP 500 with 5000001 (a failing upstream). */
  fail_api: boolean;
  /** Only calls to this path answer like fail_api (null: none). */
  fail_path: string | null;
}

/** The API fault switches, in one read (stored in D1 like collect_down, so every isolate sees them). */
export async function readApiFaults(db: D1Database): Promise<ApiFaults> {
  const { results } = await db
    .prepare('SELECT key, value FROM origin_meta WHERE key IN (?, ?, ?)')
    .bind(LATENCY_KEY, FAIL_API_KEY, FAIL_PATH_KEY)
    .all<{ key: string; value: string }>();
  const value = (key: string) => results.find((row) => row.key === key)?.value;
  const latency = Number(value(LATENCY_KEY));
  return {
    latency_ms: Number.isInteger(latency) && latency > 0 ? Math.min(latency, MAX_FAULT_LATENCY_MS) : 0,
    fail_api: value(FAIL_API_KEY) === 'true',
    fail_path: value(FAIL_PATH_KEY) || null,
  };
}

async function faultState(c: Context<OriginEnv>) {
  return { collect_down: await isCollectDown(c), ...(await readApiFaults(c.env.DB)) };
}

admin.get('/__faults', async (c) => replyOutcome(c, c.req.path, ok(await faultState(c))));

admin.post('/__faults', async (c) => {
  const parsed = await parseJsonRequest(c, faultsSchema);
  if (!parsed.ok) return parsed.response;
  const { collect_down, latency_ms, fail_api, fail_path } = parsed.data;
  if (collect_down !== undefined) await writeMeta(c.env.DB, COLLECT_DOWN_KEY, String(collect_down));
  if (latency_ms !== undefined) await writeMeta(c.env.DB, LATENCY_KEY, String(latency_ms));
  if (fail_api !== undefined) await writeMeta(c.env.DB, FAIL_API_KEY, String(fail_api));
  if (fail_path !== undefined) await writeMeta(c.env.DB, FAIL_PATH_KEY, fail_path ?? '');
  // COLLECT_DOWN=true in the vars still wins: report what /collect will actually do.
  return replyOutcome(c, c.req.path, ok(await faultState(c)));
});

/**
 * Runs before every API call (outside production): waits latency_ms, then answers HTTP 500
 * with 5000001 when fail_api is on, so the site's proxy can be seen against a slow or failing
 * upstream (`npm run soak`). Production never reads the switches.
 */
export const apiFaults: MiddlewareHandler<OriginEnv> = async (c, next) => {
  if (c.env.ENVIRONMENT === 'production') return next();
  const faults = await readApiFaults(c.env.DB);
  if (faults.latency_ms > 0) await new Promise((resolve) => setTimeout(resolve, faults.latency_ms));
  if (faults.fail_api || faults.fail_path === c.req.path) return replyError(c, 'INTERNAL_ERROR', 500);
  return next();
};

admin.get('/__test/captcha/:captcha_id', async (c) => {
  const row = await c.env.DB.prepare('SELECT answer, expires_at, used_at FROM captchas WHERE captcha_id = ?')
    .bind(c.req.param('captcha_id'))
    .first<{ answer: string; expires_at: number; used_at: number | null }>();
  if (!row) return replyOutcome(c, c.req.path, fail('CAPTCHA_INVALID'));
  return replyOutcome(c, c.req.path, ok(row));
});

admin.get('/__test/feedback/:ticket_id', async (c) => {
  const ticketId = c.req.param('ticket_id');
  const ticket = await c.env.DB.prepare('SELECT * FROM feedback_tickets WHERE ticket_id = ?').bind(ticketId).first<Record<string, unknown>>();
  if (!ticket) return replyOutcome(c, c.req.path, fail('UNSUPPORTED_REQUEST', { msg: 'no such ticket' }), 404);
  const { results } = await c.env.DB.prepare('SELECT upload_key FROM feedback_uploads WHERE ticket_id = ? ORDER BY position')
    .bind(ticketId)
    .all<{ upload_key: string }>();
  return replyOutcome(c, c.req.path, ok({ ticket, attachments: results.map((row) => row.upload_key) }));
});

admin.get('/__test/outbox', async (c) => {
  const email = emailSchema.safeParse(c.req.query('email'));
  if (!email.success) return replyOutcome(c, c.req.path, fail('UNSUPPORTED_REQUEST', { msg: 'email is invalid' }), 400);
  const { results } = await c.env.DB.prepare(
    'SELECT id, kind, to_email, lang, subject, body, created_at FROM mail_outbox WHERE to_email = ? ORDER BY id DESC LIMIT 50',
  )
    .bind(email.data)
    .all();
  return replyOutcome(c, c.req.path, ok({ mails: results }));
});
