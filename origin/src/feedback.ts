import { APP_ID } from '../../src/domain/api-schemas';
import type { CallHandler } from './call';
import { fail, ok } from './envelope';
import { captchaDataUrl, newCaptchaAnswer } from './captcha';
import { newCaptchaId, newTicketId } from './ids';

// Feedback: a captcha per form, checked once; then the ticket with the keys of its uploaded images.

/** Captchas this long past expiry are swept when a new one is issued. */
const CAPTCHA_SWEEP_AFTER_SECONDS = 86_400;

export const issueCaptcha: CallHandler<'/feedback/captcha'> = async (_input, { db, now, settings, waitUntil }) => {
  const captcha_id = newCaptchaId();
  const answer = newCaptchaAnswer();
  const expire_time = now + settings.captchaTtlSeconds;
  await db
    .prepare('INSERT INTO captchas (captcha_id, answer, expires_at, created_at) VALUES (?, ?, ?, ?)')
    .bind(captcha_id, answer, expire_time, now)
    .run();
  waitUntil(db.prepare('DELETE FROM captchas WHERE expires_at < ?').bind(now - CAPTCHA_SWEEP_AFTER_SECONDS).run());
  return ok({ captcha_id, image: captchaDataUrl(answer), expire_time, expires_in: settings.captchaTtlSeconds });
};

/**
 * Marks the captcha used and reports whether `answer` was right. The first check burns it
 * whatever the answer, so one image cannot be guessed at repeatedly.
 */
async function consumeCaptcha(db: D1Database, captchaId: string, answer: string, now: number): Promise<boolean> {
  const row = await db
    .prepare('UPDATE captchas SET used_at = ? WHERE captcha_id = ? AND used_at IS NULL RETURNING answer, expires_at')
    .bind(now, captchaId)
    .first<{ answer: string; expires_at: number }>();
  return row !== null && now < row.expires_at && row.answer === answer.toUpperCase();
}

export const addFeedback: CallHandler<'/feedback/add'> = async (input, { db, now, clientKey }) => {
  if (!(await consumeCaptcha(db, input.captcha_id, input.captcha, now))) return fail('CAPTCHA_INVALID');
  const t = input.data;
  const ticket_id = newTicketId();
  const attachments = t.attachments ?? [];
  if (attachments.length > 0) {
    // An image belongs to one ticket: a key already stored with another is refused, not shared.
    const used = await db
      .prepare(`SELECT upload_key FROM feedback_uploads WHERE upload_key IN (${attachments.map(() => '?').join(', ')}) LIMIT 1`)
      .bind(...attachments)
      .first<{ upload_key: string }>();
    if (used) {
      const position = attachments.indexOf(used.upload_key);
      return fail('UNSUPPORTED_REQUEST', { msg: 'attachment is invalid', errors: [{ field: `data.attachments.${position}`, message: 'attachment is invalid' }] });
    }
  }
  await db.batch([
    db
      .prepare(
        `INSERT INTO feedback_tickets (ticket_id, app_id, ticket_type, problem_type, version, system_version,
          device_name, first_name, last_name, name, email, order_number, subject, remark, lang, client_key, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        ticket_id,
        t.app_id ?? APP_ID,
        t.ticket_type,
        t.problem_type,
        t.version ?? null,
        t.system_version ?? null,
        t.device_name ?? null,
        t.first_name,
        t.last_name,
        t.name,
        t.email,
        t.order_number ?? null,
        t.subject,
        t.remark ?? null,
        input.common.lang,
        clientKey,
        now,
      ),
    ...attachments.map((key, position) =>
      db.prepare('INSERT INTO feedback_uploads (ticket_id, position, upload_key) VALUES (?, ?, ?)').bind(ticket_id, position, key),
    ),
  ]);
  return ok({ ticket_id });
};
