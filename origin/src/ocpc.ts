import type { CallHandler } from './call';
import { fail, ok } from './envelope';
import { CODE_ALPHABET } from './ids';

// Ad attribution (ocpc). get_short_code gives every long code (an ad-click id such as bd_vid)
// one short code for the installer's file name; report_action records what the visitor did.

const SHORT_CODE_LENGTH = 8;
const MAX_ATTEMPTS = 8;

/** 8 characters of CODE_ALPHABET from SHA-256(long_code[#attempt]): the same input, the same code. */
async function derivedCode(longCode: string, attempt: number): Promise<string> {
  const input = attempt === 0 ? longCode : `${longCode}#${attempt}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input)));
  let out = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) out += CODE_ALPHABET[digest[i]! % 32];
  return out;
}

export const getShortCode: CallHandler<'/ocpc/get_short_code'> = async (input, { db, now }) => {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const candidate = await derivedCode(input.long_code, attempt);
    // Taken by another long code (a hash collision) → the next attempt; taken by this one → reuse.
    await db
      .prepare(
        `INSERT INTO short_codes (long_code, short_code, source_url, created_at) VALUES (?, ?, ?, ?)
        ON CONFLICT DO NOTHING`,
      )
      .bind(input.long_code, candidate, input.source_url, now)
      .run();
    const row = await db.prepare('SELECT short_code FROM short_codes WHERE long_code = ?').bind(input.long_code).first<{ short_code: string }>();
    if (row) return ok({ short_code: row.short_code });
  }
  return fail('INTERNAL_ERROR');
};

export const reportAction: CallHandler<'/ocpc/report_action'> = async (input, { db, clientKey, now }) => {
  await db
    .prepare('INSERT INTO ocpc_actions (long_code, action, client_key, created_at) VALUES (?, ?, ?, ?)')
    .bind(input.long_code, input.action, clientKey, now)
    .run();
  return ok({});
};
