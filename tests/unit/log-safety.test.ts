import { describe, expect, it } from 'vitest';
import { redactForLog } from '../../src/domain/log-safety';

describe('redactForLog', () => {
  it('takes out email addresses, also percent-encoded, and keeps the rest of the text', () => {
    expect(redactForLog('SyntaxError: Unexpected token, "{"email":"Ada.L+x@Example.co.uk"}" is not valid JSON')).toBe('SyntaxError: Unexpected token, "{"email":"<email>"}" is not valid JSON');
    expect(redactForLog('/feedback/ada%40example.com')).toBe('/feedback/<email>');
  });

  it('takes out card numbers as they are written, not order numbers or timestamps', () => {
    expect(redactForLog('card 4242 4242 4242 4242 declined')).toBe('card <card number> declined');
    expect(redactForLog('card 4000-0000-0000-0002')).toBe('card <card number>');
    expect(redactForLog('card 4000000000009995')).toBe('card <card number>');
    expect(redactForLog('order MT1763700000123 at 1763700000')).toBe('order MT1763700000123 at 1763700000');
    // A timestamp in ms has 13 digits too: only numbers that pass the Luhn check, as card numbers do, go.
    expect(redactForLog('"time_":"1763700000123"')).toBe('"time_":"1763700000123"');
    expect(redactForLog('upstream answered HTTP 503 after 8000 ms')).toBe('upstream answered HTTP 503 after 8000 ms');
  });
});
