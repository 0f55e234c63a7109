import { describe, expect, it } from 'vitest';
import { feedbackAddRequestSchema, TICKET_TYPES } from '../../src/domain/api-schemas';
import { createTranslator } from '../../src/i18n/translator';
import { composeName, describeSystem, feedbackPayload, prefillFromQuery, validateFeedback } from '../../src/domain/feedback';
import enUS from '../../locales/en-US.json';
import frFR from '../../locales/fr-FR.json';

const en = createTranslator('en-US', enUS).t;
const fr = createTranslator('fr-FR', frFR, enUS).t;
const draft = 'a'.repeat(32);
const key = (n: number) => `${draft}/${String(n).repeat(32).slice(0, 32)}.png`;

const full = {
  ticket_type: 'refund',
  problem_type: 'payment',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  order_number: 'MT123456',
  subject: 'Refund please',
  remark: 'Bought the wrong plan.',
  version: '5.2.1',
  system_version: 'Windows 11',
  device_name: 'PC',
  captcha: 'AB12C',
};

const check = (values: Record<string, string>, attachments: string[] = [], t = en, captchaId = 'cap1') =>
  validateFeedback(feedbackAddRequestSchema, feedbackPayload(values, captchaId, attachments), t);

describe('the feedback schema, as the form shows it', () => {
  it('accepts a complete ticket (trimmed, email lower-cased, blanks absent)', () => {
    const result = check({ ...full, version: '  ' }, [key(1), key(2)]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.data.email).toBe('ada@example.com');
    expect(result.data.data.version).toBeUndefined();
    expect(result.data.data.attachments).toEqual([key(1), key(2)]);
  });

  it('gives every contract message, each beside its own field', () => {
    const result = check({}, [], en, '');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      ticket_type: 'ticket type is required',
      problem_type: 'problem type is required',
      first_name: 'First Name is required',
      last_name: 'Last Name is required',
      name: 'name is required',
      email: 'email is required',
      subject: 'subject is required',
      captcha: 'verification code is required',
    });
    expect(check({ ...full, email: 'not-an-email' })).toEqual({ ok: false, errors: { email: 'email is invalid' } });
  });

  it('says the same in the page language', () => {
    const result = check({ ...full, subject: ' ', email: 'x@' }, [], fr);
    expect(result).toEqual({ ok: false, errors: { subject: frFR.feedback.errors.subjectRequired, email: frFR.feedback.errors.emailInvalid } });
  });

  it('bounds every length with a clear message', () => {
    const result = check({ ...full, subject: 's'.repeat(201), remark: 'r'.repeat(5001), first_name: 'f'.repeat(65), order_number: 'o'.repeat(65) });
    expect(result).toEqual({
      ok: false,
      errors: {
        subject: 'The subject can have at most 200 characters.',
        remark: 'The description can have at most 5,000 characters.',
        first_name: 'The first name can have at most 64 characters.',
        order_number: 'The order number can have at most 64 characters.',
      },
    });
  });

  it('takes at most five distinct upload keys, nothing else', () => {
    expect(check(full, [1, 2, 3, 4, 5].map(key)).ok).toBe(true);
    expect(check(full, [1, 2, 3, 4, 5, 6].map(key))).toEqual({ ok: false, errors: { attachments: en('feedback.errors.attachmentsInvalid') } });
    expect(check(full, [key(1), key(1)]).ok).toBe(false);
    expect(check(full, ['https://img.example.com/a.png']).ok).toBe(false);
  });

  it('refuses a ticket type outside the six', () => {
    expect([...TICKET_TYPES]).toEqual(['presales', 'license', 'refund', 'recovery', 'bug', 'other']);
    expect(check({ ...full, ticket_type: 'technical' }).ok).toBe(false);
  });
});

describe('the form prefill', () => {
  it('takes ticket_type, order_id and email from the query, only when usable', () => {
    const q = new URLSearchParams('ticket_type=refund&order_id=MTORDER01&email=a%40example.com');
    expect(prefillFromQuery(q, TICKET_TYPES)).toEqual({ ticket_type: 'refund', order_number: 'MTORDER01', email: 'a@example.com' });
    const bad = new URLSearchParams('ticket_type=<script>&order_id=%22%3E%3Cx&email=nope');
    expect(prefillFromQuery(bad, TICKET_TYPES)).toEqual({});
  });

  it('names the customer in the order of the page language', () => {
    expect(composeName('Ada', 'Lovelace', 'en-US')).toBe('Ada Lovelace');
    expect(composeName('太郎', '山田', 'ja-JP')).toBe('山田 太郎');
    expect(composeName('伟', '张', 'zh-CN')).toBe('张伟');
  });

  it('describes the system from client hints or the User-Agent', async () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    expect(await describeSystem({ userAgent: ua })).toEqual({ system: 'Windows 10/11', device: 'PC · Chrome 126' });
    const hints = { platform: 'Windows', mobile: false, getHighEntropyValues: async () => ({ platformVersion: '15.0.0', model: '' }) };
    expect((await describeSystem({ userAgent: ua, userAgentData: hints })).system).toBe('Windows 11');
  });
});
