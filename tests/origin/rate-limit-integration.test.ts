import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSettings, DEFAULT_SETTINGS } from '../../origin/src/settings';
import { call, codeOf, common, originEnv } from './helpers';

// Small limits through app.request so the test trips them in a handful of calls.
const vars = { RATE_BURST_LIMIT: '3', RATE_BURST_WINDOW_SECONDS: '60', RATE_DAILY_LIMIT: '5' };
const list = (ip: string) => call('/paypackagebase/list_group', { currency: 'USD', common: common() }, { ip, vars });
const codes = async (ip: string, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(codeOf((await list(ip)).body));
  return out;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('too frequent', () => {
  it('answers 6919992 after the burst limit, then 6919993 after the daily limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:05Z'));
    expect(await codes('203.0.113.1', 7)).toEqual([0, 0, 0, 6919992, 6919992, 6919993, 6919993]);
  });

  it('lets the client in again when the burst window turns, until the daily limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:05Z'));
    expect(await codes('203.0.113.2', 4)).toEqual([0, 0, 0, 6919992]);
    // A new minute: the burst count starts again; the fifth call of the day is the last allowed.
    vi.setSystemTime(new Date('2026-03-02T10:01:05Z'));
    expect(await codes('203.0.113.2', 2)).toEqual([0, 6919993]);
    // The next UTC day starts the daily count again.
    vi.setSystemTime(new Date('2026-03-03T00:00:01Z'));
    expect(await codes('203.0.113.2', 1)).toEqual([0]);
  });

  it('counts each client (CF-Connecting-IP) on its own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T11:00:05Z'));
    await codes('203.0.113.3', 4);
    expect(await codes('203.0.113.4', 1)).toEqual([0]);
  });

  it('counts requests without CF-Connecting-IP under one shared key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T12:00:05Z'));
    const anonymous = await Promise.all(
      Array.from({ length: 4 }, () => call('/paypackagebase/list_group', { currency: 'USD', common: common() }, { vars })),
    );
    expect(anonymous.map((r) => codeOf(r.body)).sort()).toEqual([0, 0, 0, 6919992]);
  });

  it('answers in the result envelope on /mingtingvip/payv2/ paths', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T13:00:05Z'));
    await codes('203.0.113.5', 3);
    const { body } = await call('/mingtingvip/payv2/stripe/order/query', { order_id: 'MTSEEDPAID0000001', common: common() }, { ip: '203.0.113.5', vars });
    expect(body).toEqual({ result: { status: 6919992, msg: 'Operation too frequent, please try again later' } });
  });

  it('is generous by default and falls back to the defaults on malformed vars', () => {
    expect(readSettings(originEnv)).toMatchObject({ burstLimit: 600, burstWindowSeconds: 60, dailyLimit: 100_000 });
    expect(readSettings({ ...originEnv, RATE_BURST_LIMIT: 'lots', RATE_DAILY_LIMIT: '0' })).toMatchObject({
      burstLimit: DEFAULT_SETTINGS.burstLimit,
      dailyLimit: DEFAULT_SETTINGS.dailyLimit,
    });
  });
});
