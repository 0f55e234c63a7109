import type { CallHandler } from './call';
import { fail, ok } from './envelope';
import { newPrivacyRequestId } from './ids';

// /privacy_control/add: a do-not-sell request, one per email (the site promises handling within 72 hours).
export const addPrivacyRequest: CallHandler<'/privacy_control/add'> = async (input, { db, now, clientKey }) => {
  const inserted = await db
    .prepare(
      `INSERT INTO privacy_requests (request_id, email, first_name, last_name, country, region, remark, lang, client_key, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (email) DO NOTHING RETURNING request_id`,
    )
    .bind(
      newPrivacyRequestId(),
      input.email,
      input.first_name,
      input.last_name,
      input.country ?? null,
      input.region ?? null,
      input.remark ?? null,
      input.common.lang ?? 'en-US',
      clientKey,
      now,
    )
    .first<{ request_id: string }>();
  return inserted ? ok({ request_id: inserted.request_id }) : fail('EMAIL_ALREADY_EXISTS');
};
