import { describe, expect, it } from 'vitest';
import { localizeFieldMessage, serverFieldErrors, validateForm } from '../../src/domain/form';
import { createTranslator, type Messages } from '../../src/i18n/translator';
import { activityReceiveRequestSchema, privacyControlAddRequestSchema, sendCdkeyOrderMailRequestSchema } from '../../src/domain/api-schemas';
import { LOCALES, type Locale } from '../../src/domain/locales';
import { LOCALE_MESSAGES } from '../locale-messages';

// The forms validate with the same zod schemas as the proxy and the origin, and show the contract's field
// messages in the page's language.

const FILES: Record<Locale, Messages> = LOCALE_MESSAGES;
const t = (locale: Locale) => createTranslator(locale, FILES[locale]).t;

describe('form validation', () => {
  it("shows the contract's exact wording in English", () => {
    const en = t('en-US');
    expect(validateForm(sendCdkeyOrderMailRequestSchema, { email: '' }, ['email'], en)).toEqual({ ok: false, errors: { email: 'email is required' } });
    expect(validateForm(sendCdkeyOrderMailRequestSchema, { email: 'nope' }, ['email'], en)).toEqual({ ok: false, errors: { email: 'email is invalid' } });
    expect(validateForm(privacyControlAddRequestSchema, { first_name: ' ', last_name: '', email: 'a@example.com' }, ['first_name', 'last_name', 'email'], en)).toEqual({
      ok: false,
      errors: { first_name: 'First Name is required', last_name: 'Last Name is required' },
    });
  });

  it.each(LOCALES.filter((l) => l !== 'en-US'))('translates every field message in %s', (locale) => {
    for (const spec of ['email is required', 'email is invalid', 'email is too long', 'First Name is required', 'First Name is too long', 'Last Name is required', 'Last Name is too long']) {
      const text = localizeFieldMessage(spec, t(locale));
      expect(text, `${locale}: ${spec}`).not.toBe(spec);
      expect(text).not.toMatch(/^ui\./);
    }
  });

  it('passes valid values through the schema (trimmed, lower-cased)', () => {
    const result = validateForm(sendCdkeyOrderMailRequestSchema, { email: '  Paid@Example.COM ' }, ['email'], t('en-US'));
    expect(result.ok && result.data.email).toBe('paid@example.com');
  });

  it('blocks the send on a bad hidden value and reports it on the first field', () => {
    const result = validateForm(activityReceiveRequestSchema, { email: 'a@example.com', activity_id: -4 }, ['email'], t('en-US'));
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toEqual(['email']);
  });

  it('maps server field errors to the visible fields, in the page language', () => {
    const errors = serverFieldErrors(
      [
        { field: 'email', message: 'email is invalid' },
        { field: 'common.lang', message: 'lang is invalid' },
      ],
      ['email'],
      t('ja-JP'),
    );
    expect(errors).toEqual({ email: t('ja-JP')('ui.forms.errors.emailInvalid') });
  });

  it("keeps a message it does not know as the server wrote it", () => {
    expect(localizeFieldMessage('remark is too long', t('fr-FR'))).toBe('remark is too long');
  });
});
