import { describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  defaultMessage,
  isKnownErrorCode,
  isPassThroughCode,
  messageFor,
  PASS_THROUGH_CODES,
  SUCCESS_CODE,
  UNKNOWN_ERROR_MESSAGE,
} from '../../src/domain/api-errors';

describe('the API error catalogue', () => {
  it('has the product error codes', () => {
    expect(API_ERRORS.UNSUPPORTED_REQUEST.code).toBe(4001001);
    expect(API_ERRORS.AUTH_EXPIRED.code).toBe(4001002);
    expect(API_ERRORS.QUERY_METHOD_OUTDATED.code).toBe(4001003);
    expect(API_ERRORS.LOGIN_REQUIRED.code).toBe(4001004);
    expect(API_ERRORS.REQUEST_EXPIRED.code).toBe(4001005);
    expect(API_ERRORS.FORBIDDEN.code).toBe(4001006);
    expect(API_ERRORS.TOO_FREQUENT.code).toBe(6919992);
    expect(API_ERRORS.TOO_FREQUENT_TODAY.code).toBe(6919993);
  });

  it('keeps the product wording of the activity and account messages', () => {
    expect(defaultMessage(4570002)).toBe('Already claimed the event');
    expect(defaultMessage(4570003)).toBe('Previously purchased membership');
    expect(defaultMessage(4570004)).toBe('Event has expired');
    expect(defaultMessage(4570005)).toBe('Not a new installation user');
    expect(API_ERRORS.EMAIL_NOT_REGISTERED.message).toBe('This email has not been registered');
    expect(API_ERRORS.EMAIL_ALREADY_EXISTS.message).toBe('The email address already exists. Please do not add it again.');
  });

  it('gives every entry a distinct non-zero code and a message', () => {
    const codes = Object.values(API_ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(SUCCESS_CODE);
    for (const e of Object.values(API_ERRORS)) expect(e.message.length).toBeGreaterThan(0);
  });

  it('passes through exactly the four activity codes', () => {
    expect([...PASS_THROUGH_CODES].sort()).toEqual([4570002, 4570003, 4570004, 4570005]);
    expect(isPassThroughCode(4570003)).toBe(true);
    expect(isPassThroughCode(4001001)).toBe(false);
  });

  it("falls back to 'unknown error' outside the catalogue", () => {
    expect(isKnownErrorCode(1234)).toBe(false);
    expect(defaultMessage(1234)).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(UNKNOWN_ERROR_MESSAGE).toBe('unknown error');
  });

  it("prefers the server's message, then the default, then 'unknown error'", () => {
    expect(messageFor(6919992, 'Slow down')).toBe('Slow down');
    expect(messageFor(6919992, '  ')).toBe('Operation too frequent, please try again later');
    expect(messageFor(6919992)).toBe('Operation too frequent, please try again later');
    expect(messageFor(42, null)).toBe('unknown error');
  });
});
