// The mail outbox. The origin does not send mail; it records what would be sent, so tests and
// the e2e suite can check that a licence or trial code "was sent to the email".

export interface Mail {
  kind: 'licence_codes' | 'purchase' | 'trial_code' | 'withdrawal_received';
  to: string;
  lang: string;
  subject: string;
  body: string;
}

const INSERT = `INSERT INTO mail_outbox (kind, to_email, lang, subject, body, created_at)`;

export function queueMail(db: D1Database, mail: Mail, now: number): D1PreparedStatement {
  return db.prepare(`${INSERT} VALUES (?, ?, ?, ?, ?, ?)`).bind(mail.kind, mail.to, mail.lang, mail.subject, mail.body, now);
}

/** The same insert, only when the previous statement of the batch changed exactly one row. */
export function queueMailAfterChange(db: D1Database, mail: Mail, now: number): D1PreparedStatement {
  return db
    .prepare(`${INSERT} SELECT ?, ?, ?, ?, ?, ? WHERE changes() = 1`)
    .bind(mail.kind, mail.to, mail.lang, mail.subject, mail.body, now);
}

export interface LicenceLine {
  order_id: string;
  title: string;
  cd_key: string;
}

export function licenceMailBody(lines: readonly LicenceLine[]): string {
  const list = lines.map((l) => `Order ${l.order_id} (${l.title}): ${l.cd_key}`).join('\n');
  return `Here are the registration codes of your MT Data Recovery purchases:\n\n${list}\n\nEnter a code in the application to activate it. Replies from support arrive within 24 hours.`;
}

export interface WithdrawalReceipt {
  requestId: string;
  orderId: string;
  email: string;
  /** Epoch seconds. */
  receivedAt: number;
  reason: string | null;
}

/**
 * The acknowledgement of a withdrawal or refund request: what was received and when (UTC), so the
 * buyer keeps a record of it on a durable medium.
 */
export function withdrawalMailBody(receipt: WithdrawalReceipt): string {
  const received = new Date(receipt.receivedAt * 1000).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
  return [
    'We have received your request to withdraw from the contract and to be refunded.',
    '',
    `Order number: ${receipt.orderId}`,
    `Email address: ${receipt.email}`,
    `Received: ${received}`,
    `Reason given: ${receipt.reason ?? '(none)'}`,
    `Reference: ${receipt.requestId}`,
    '',
    'Keep this email as your record of the request. We refund the payment to the payment method you used and write to you at this address when it is done. Replies from support arrive within 24 hours.',
  ].join('\n');
}

/** ISO 8601 in UTC, to the second: how the mail states when something happened. */
function utcTime(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * The confirmation on a durable medium that a buyer in the EEA, the UK or Switzerland asked for
 * immediate delivery and acknowledged losing the right of withdrawal: the statements exactly as
 * they were shown (in the order's language) and when the box was ticked.
 */
export function waiverMailSection(waiver: { text: string; accepted_at: number }): string {
  return `Your right of withdrawal: when you placed this order, at ${utcTime(waiver.accepted_at)}, you confirmed:\n\n"${waiver.text}"\n\nThe 30-day money-back guarantee still applies: write to support within 30 days of your purchase.`;
}
