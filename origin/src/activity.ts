import type { CallHandler } from './call';
import { fail, ok } from './envelope';
import { newTrialCode } from './ids';
import { queueMail } from './mail';

// /activity/receive: a trial code, once per email per activity. The checks run in this order,
// each answering with its own code (the client shows these bodies as the reason):
//   unknown or not yet started activity → 4590012
//   activity ended                      → 4570004
//   email already claimed it            → 4570002
//   email has ever paid for an order    → 4570003 (paid, refunding or refunded: paid_at is set)
//   email or device already installed   → 4570005 (the installations list: see the seed)

interface ActivityRow {
  activity_id: number;
  starts_at: number;
  ends_at: number;
}

export const activityReceive: CallHandler<'/activity/receive'> = async (input, { db, now }) => {
  const activity = await db
    .prepare('SELECT activity_id, starts_at, ends_at FROM activities WHERE activity_id = ?')
    .bind(input.activity_id)
    .first<ActivityRow>();
  if (!activity || now < activity.starts_at) return fail('ACTIVITY_NOT_FOUND');
  if (now >= activity.ends_at) return fail('ACTIVITY_EXPIRED', { data: { activity_id: input.activity_id } });

  const [claimed, purchased, installed] = await db.batch([
    db.prepare('SELECT 1 AS found FROM trial_claims WHERE activity_id = ? AND email = ?').bind(input.activity_id, input.email),
    db.prepare('SELECT 1 AS found FROM orders WHERE email = ? AND paid_at IS NOT NULL LIMIT 1').bind(input.email),
    db
      .prepare('SELECT 1 AS found FROM installations WHERE email = ? OR (? IS NOT NULL AND device_id = ?) LIMIT 1')
      .bind(input.email, input.device_id ?? null, input.device_id ?? null),
  ]);
  const reason = { data: { activity_id: input.activity_id } };
  if (claimed?.results.length) return fail('ACTIVITY_ALREADY_CLAIMED', reason);
  if (purchased?.results.length) return fail('ACTIVITY_PREVIOUSLY_PURCHASED', reason);
  if (installed?.results.length) return fail('ACTIVITY_NOT_NEW_INSTALL', reason);

  const cdKey = newTrialCode();
  // The primary key settles a race between two claims: only one insert returns a row.
  const inserted = await db
    .prepare(
      `INSERT INTO trial_claims (activity_id, email, device_id, cd_key, created_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT DO NOTHING RETURNING cd_key`,
    )
    .bind(input.activity_id, input.email, input.device_id ?? null, cdKey, now)
    .first<{ cd_key: string }>();
  if (!inserted) return fail('ACTIVITY_ALREADY_CLAIMED', reason);

  await queueMail(
    db,
    {
      kind: 'trial_code',
      to: input.email,
      lang: input.common.lang ?? 'en-US',
      subject: 'Your MT Data Recovery trial code',
      body: `Your trial code: ${cdKey}\n\nEnter it in the application to start the trial.`,
    },
    now,
  ).run();
  return ok({ activity_id: input.activity_id, email: input.email, cd_key: cdKey });
};
