import { Hono } from 'hono';
import { z } from 'zod';
import { emailSchema } from '../../src/domain/api-schemas';
import { parseJsonRequest } from './call';
import { COLLECT_DOWN_KEY, isCollectDown } from './collect';
import { resetDatabase, writeMeta } from './db';
import type { OriginEnv } from './env';
import { fail, ok, replyOutcome } from './envelope';

// Test-only controls (outside production only; index.ts guards every path here):
//   POST /__admin/reset              empty every table and seed again
//   GET|POST /__faults               read / set {collect_down: boolean}
//   GET /__test/captcha/:captcha_id  the answer of a captcha (e2e tests must pass it)
//   GET /__test/outbox?email=…       the mails queued for an email, newest first

export const admin = new Hono<OriginEnv>();

admin.post('/__admin/reset', async (c) => {
  await resetDatabase(c.env.DB);
  return replyOutcome(c, c.req.path, ok({ reset: true }));
});

const faultsSchema = z.object({ collect_down: z.boolean({ error: 'collect_down must be true or false' }) });

admin.get('/__faults', async (c) => replyOutcome(c, c.req.path, ok({ collect_down: await isCollectDown(c) })));

admin.post('/__faults', async (c) => {
  const parsed = await parseJsonRequest(c, faultsSchema);
  if (!parsed.ok) return parsed.response;
  await writeMeta(c.env.DB, COLLECT_DOWN_KEY, String(parsed.data.collect_down));
  // COLLECT_DOWN=true in the vars still wins: report what /collect will actually do.
  return replyOutcome(c, c.req.path, ok({ collect_down: await isCollectDown(c) }));
});

admin.get('/__test/captcha/:captcha_id', async (c) => {
  const row = await c.env.DB.prepare('SELECT answer, expires_at, used_at FROM captchas WHERE captcha_id = ?')
    .bind(c.req.param('captcha_id'))
    .first<{ answer: string; expires_at: number; used_at: number | null }>();
  if (!row) return replyOutcome(c, c.req.path, fail('CAPTCHA_INVALID'));
  return replyOutcome(c, c.req.path, ok(row));
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
