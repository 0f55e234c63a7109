import { exports, env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/domain/locales';
import { ORIGIN, get, message } from './helpers';

// An email address has at most 254 characters (RFC 5321's 256-octet path less its angle
// brackets): a longer one can belong to nobody. Every email the site takes is refused past that
// length with a message that says so, at the edge, and no form field cuts a longer one down to
// an address someone else may own.

let ipCounter = 0;
const freshIp = () => `100.65.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** 248 + '@example.com' = 260 characters. */
const TOO_LONG = `${'a'.repeat(248)}@example.com`;
/** Exactly 254 characters: the longest address there can be. */
const LONGEST = `${'b'.repeat(242)}@example.com`;

async function call(path: string, body: unknown, locale: Locale) {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-site-locale': locale, 'cf-connecting-ip': freshIp() },
    }),
  );
  return { res, body: (await res.json()) as { resp_common?: { ret: number; msg: string }; result?: { status: number; msg: string }; errors?: { field: string; message: string }[] } };
}

const ticket = (email: string) => ({
  captcha_id: 'c'.repeat(32),
  captcha: 'ABCDE',
  data: { ticket_type: 'license', problem_type: 'activation', first_name: 'Ada', last_name: 'Lovelace', name: 'Ada Lovelace', email, subject: 'Where is my code?' },
});

/** Every call that takes an email from a visitor, and where the email sits in its body. */
const CALLS: { path: string; body: (email: string) => unknown; field: string }[] = [
  { path: '/pay/send_cdkey_order_mail', body: (email) => ({ email }), field: 'email' },
  { path: '/activity/receive', body: (email) => ({ email, activity_id: 1 }), field: 'email' },
  { path: '/privacy_control/add', body: (email) => ({ first_name: 'Opt', last_name: 'Out', email }), field: 'email' },
  { path: '/feedback/add', body: ticket, field: 'data.email' },
  { path: '/payv2/stripe/elements/create_cdkey_order', body: (email) => ({ product_id: 81901, currency: 'USD', email }), field: 'email' },
  { path: '/mingtingvip/payv2/paypal/create_cdkey_order', body: (email) => ({ product_id: 81901, currency: 'USD', email }), field: 'email' },
];

beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

describe('an email address longer than 254 characters', () => {
  it.each(CALLS.flatMap((call) => (['en-US', 'ja-JP'] as const).map((locale) => ({ ...call, locale }))))(
    '$path refuses it in $locale before the upstream, saying the limit',
    async ({ path, body, field, locale }) => {
      const { res, body: answer } = await call(path, body(TOO_LONG), locale);
      expect(res.status).toBe(400);
      expect(answer.errors).toEqual([{ field, message: 'email is too long' }]);
      const shown = answer.resp_common?.msg ?? answer.result?.msg;
      expect(shown).toBe(message(locale, 'ui.forms.errors.emailTooLong'));
      expect(shown).toContain('254');
    },
  );

  it('is not refused at exactly 254 characters', async () => {
    expect(LONGEST).toHaveLength(254);
    const { res, body } = await call('/pay/send_cdkey_order_mail', { email: LONGEST }, 'en-US');
    expect(res.status).toBe(200);
    expect(body.resp_common?.ret).toBe(4590001);
  });
});

describe('the email fields of the form pages', () => {
  it.each([
    ['/license-code', 'license-code-email'],
    ['/trial-code', 'trial-code-email'],
    ['/do-not-sell-my-info', 'do-not-sell-email'],
    ['/fr-FR/feedback', 'feedback-email'],
    ['/checkout?product_id=81901', 'checkout-email'],
  ])('%s lets the visitor type a longer address than 254 characters (no maxlength cuts it short)', async (path, id) => {
    const html = await (await get(path)).text();
    const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
    expect(input).toBeDefined();
    expect(input).toContain('type="email"');
    expect(input).not.toMatch(/maxlength=/i);
  });
});
