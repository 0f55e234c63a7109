import type { CallHandler } from './call';
import { fail, ok } from './envelope';
import { licenceMailBody, queueMail, type LicenceLine } from './mail';

// /pay/send_cdkey_order_mail: "retrieve licence code". Mails the codes of every paid order of
// the email; an email without one is 'not registered' (refunding, refunded, failed and unpaid
// orders carry no valid licence, so they do not count).
export const sendCdkeyOrderMail: CallHandler<'/pay/send_cdkey_order_mail'> = async (input, { db, now }) => {
  const { results } = await db
    .prepare(
      `SELECT o.order_id, COALESCE(p.title, CAST(o.product_id AS TEXT)) AS title, o.cd_key
      FROM orders o LEFT JOIN packages p ON p.product_id = o.product_id
      WHERE o.email = ? AND o.status = 'paid' AND o.cd_key IS NOT NULL
      ORDER BY o.paid_at, o.order_id`,
    )
    .bind(input.email)
    .all<LicenceLine>();
  if (results.length === 0) return fail('EMAIL_NOT_REGISTERED');
  await queueMail(
    db,
    {
      kind: 'licence_codes',
      to: input.email,
      lang: input.common.lang,
      subject: 'Your MT Data Recovery registration codes',
      body: licenceMailBody(results),
    },
    now,
  ).run();
  return ok({});
};
