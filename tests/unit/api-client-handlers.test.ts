import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../client/lib/locale-loader', () => ({ i18nStore: { get: () => ({ i18n: null }) } }));

import { ApiError, HANDLER_DELAY_MS, createApiClient, onApiErrorCode } from '../../client/lib/api';
import { scheduleApiErrorHandlers } from '../../src/domain/api-handlers';

// A handler registered for a code runs 10 ms after a call rejects with that code,
// unless the caller read `error.code` first. Fake timers make "10 ms later" exact.

const client = (code: number) =>
  createApiClient({
    fetch: async () => Response.json({ resp_common: { ret: code, msg: 'refused' } }),
    locale: () => 'en-US',
    hostKey: () => null,
    translate: () => null,
    track: (work) => work(),
  });

/** A call that rejects with `code`, caught without touching the error. */
async function rejected(code: number): Promise<ApiError> {
  return client(code)
    .getCaptcha()
    .then(
      () => {
        throw new Error('expected a rejection');
      },
      (error: ApiError) => error,
    );
}

const cleanups: (() => void)[] = [];
const register = (code: number, handler: (error: ApiError) => void) => cleanups.push(onApiErrorCode(code, handler));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanups.splice(0).forEach((off) => off());
  vi.useRealTimers();
});

describe('per-code handlers', () => {
  it('waits 10 ms', () => {
    expect(HANDLER_DELAY_MS).toBe(10);
  });

  it('runs the handler 10 ms after the rejection when nobody read the code', async () => {
    const handler = vi.fn();
    register(4001005, handler);
    const error = await rejected(4001005);
    vi.advanceTimersByTime(9);
    expect(handler).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(error);
  });

  it('skips the handler when the caller read the code within 10 ms', async () => {
    const handler = vi.fn();
    register(4001005, handler);
    const error = await rejected(4001005);
    vi.advanceTimersByTime(5);
    expect(error.code).toBe(4001005);
    vi.advanceTimersByTime(100);
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not count reading the message or the body as reading the code', async () => {
    const handler = vi.fn();
    register(6919992, handler);
    const error = await rejected(6919992);
    void error.message;
    void error.localizedMessage;
    void error.body;
    vi.advanceTimersByTime(HANDLER_DELAY_MS);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reading the code after the handler ran changes nothing', async () => {
    const handler = vi.fn();
    register(6919993, handler);
    const error = await rejected(6919993);
    vi.advanceTimersByTime(HANDLER_DELAY_MS);
    expect(error.code).toBe(6919993);
    vi.advanceTimersByTime(100);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('runs only the handlers of the rejected code, each of them once', async () => {
    const mine = vi.fn();
    const alsoMine = vi.fn();
    const other = vi.fn();
    register(4001002, mine);
    register(4001002, alsoMine);
    register(4001004, other);
    await rejected(4001002);
    vi.advanceTimersByTime(HANDLER_DELAY_MS);
    expect(mine).toHaveBeenCalledTimes(1);
    expect(alsoMine).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('no longer runs a handler once it is removed', async () => {
    const handler = vi.fn();
    const off = onApiErrorCode(4001006, handler);
    off();
    await rejected(4001006);
    vi.advanceTimersByTime(HANDLER_DELAY_MS);
    expect(handler).not.toHaveBeenCalled();
  });

  it('never schedules anything for a successful or passed-through answer', async () => {
    const handler = vi.fn();
    register(4570002, handler);
    await client(4570002).claimTrialCode({ activity_id: 1, email: 'claimed@example.com' });
    vi.advanceTimersByTime(HANDLER_DELAY_MS);
    expect(handler).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a throwing handler from breaking the others', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    register(4001003, () => {
      throw new Error('handler bug');
    });
    register(4001003, after);
    await rejected(4001003);
    vi.advanceTimersByTime(HANDLER_DELAY_MS);
    expect(after).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('schedules nothing when no handler is registered for the code', () => {
    scheduleApiErrorHandlers(new ApiError({ code: 4001001, message: 'm', localizedMessage: 'm', body: null, status: 200 }));
    expect(vi.getTimerCount()).toBe(0);
  });
});
