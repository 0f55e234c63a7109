import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, call, codeOf, common, getJson, postJson, send } from './helpers';

// The slow / failing upstream switches of POST /__faults (what `npm run soak` drives), next to
// the collection host's collect_down. Stored in D1, so they hold for every request until reset.

const ip = '198.51.100.90';
const listGroup = () => call('/paypackagebase/list_group', { currency: 'USD', common: common() }, { ip });

afterEach(async () => {
  vi.restoreAllMocks();
  await postJson('/__faults', { collect_down: false, latency_ms: 0, fail_api: false, fail_path: null });
});

describe('GET and POST /__faults', () => {
  it('reads every switch, all off on a fresh database', async () => {
    const res = await getJson('/__faults');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resp_common: { ret: 0, msg: 'success' }, collect_down: false, latency_ms: 0, fail_api: false, fail_path: null });
  });

  it('sets only the switches it is given and answers the whole state', async () => {
    expect((await postJson('/__faults', { latency_ms: 1500 })).body).toMatchObject({ collect_down: false, latency_ms: 1500, fail_api: false });
    expect((await postJson('/__faults', { fail_api: true })).body).toMatchObject({ collect_down: false, latency_ms: 1500, fail_api: true });
    expect((await getJson('/__faults')).body).toMatchObject({ latency_ms: 1500, fail_api: true });
  });

  it('refuses a body that sets nothing, a negative or fractional latency, or one beyond 60 s', async () => {
    for (const body of [{}, { latency_ms: -1 }, { latency_ms: 1.5 }, { latency_ms: 60_001 }, { latency_ms: '100' }, { fail_api: 'yes' }]) {
      const res = await postJson('/__faults', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.resp_common.ret).toBe(4001001);
    }
    expect((await getJson('/__faults')).body).toMatchObject({ latency_ms: 0, fail_api: false });
  });
});

describe('fail_api', () => {
  it('makes every API call answer HTTP 500 with 5000001, in the envelope style of its path', async () => {
    await postJson('/__faults', { fail_api: true });
    const plans = await listGroup();
    expect(plans.status).toBe(500);
    expect(codeOf(plans.body)).toBe(5000001);
    const query = await call('/mingtingvip/payv2/stripe/order/query', { order_id: 'MTSEEDPAID0000001', common: common() }, { ip });
    expect(query.status).toBe(500);
    expect(query.body.result.status).toBe(5000001);
  });

  it('leaves the collection host and the health check alone, and switching it off restores the calls', async () => {
    await postJson('/__faults', { fail_api: true });
    expect((await send(new Request('http://origin.test/health'))).status).toBe(200);
    expect((await postJson('/collect', { events: [{ uuid: crypto.randomUUID(), time_: 1767225600123, action: 'download' }] })).status).toBe(200);
    await postJson('/__faults', { fail_api: false });
    const plans = await listGroup();
    expect(plans.status).toBe(200);
    expect(codeOf(plans.body)).toBe(0);
  });
});

describe('fail_path', () => {
  it('fails only the calls of that path, until it is set to null', async () => {
    await postJson('/__faults', { fail_path: '/feedback/add' });
    const add = await call('/feedback/add', { captcha_id: 'x', captcha: 'ABCDE', data: {}, common: common() }, { ip });
    expect(add.status).toBe(500);
    expect(codeOf(add.body)).toBe(5000001);
    expect(codeOf((await listGroup()).body)).toBe(0);
    for (const body of [{ fail_path: 'feedback/add' }, { fail_path: '/a b' }, { fail_path: 3 }]) {
      expect((await postJson('/__faults', body)).status, JSON.stringify(body)).toBe(400);
    }
    await postJson('/__faults', { fail_path: null });
    expect(codeOf((await call('/feedback/captcha', { common: common() }, { ip })).body)).toBe(0);
    expect((await getJson('/__faults')).body).toMatchObject({ fail_path: null });
  });
});

describe('latency_ms', () => {
  it('parks every API call on a timer of latency_ms before answering it normally', async () => {
    await postJson('/__faults', { latency_ms: 5000 });
    // In this isolate (app.request), so the origin's setTimeout is the spied one; the spy fires at
    // once and records the delay, so the test needs no clock.
    const delays: number[] = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, delay?: number) => {
      delays.push(delay ?? 0);
      callback();
      return 0;
    }) as unknown as typeof setTimeout);
    const res = await send(apiRequest('/paypackagebase/list_group', { currency: 'USD', common: common() }, { ip }), { ENVIRONMENT: 'development' });
    expect(delays).toContain(5000);
    expect(res.status).toBe(200);
    expect(codeOf(await res.json())).toBe(0);
  });

  it('parks nothing once the latency is set back to 0', async () => {
    await postJson('/__faults', { latency_ms: 0 });
    const delays: number[] = [];
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, delay?: number) => {
      delays.push(delay ?? 0);
      callback();
      return 0;
    }) as unknown as typeof setTimeout);
    const res = await send(apiRequest('/paypackagebase/list_group', { currency: 'USD', common: common() }, { ip }), { ENVIRONMENT: 'development' });
    expect(res.status).toBe(200);
    expect(delays).not.toContain(5000);
  });

  it('is ignored in production, where the switches cannot be set either', async () => {
    await postJson('/__faults', { fail_api: true });
    const res = await call('/paypackagebase/list_group', { currency: 'USD', common: common() }, { ip, vars: { ENVIRONMENT: 'production' } });
    expect(res.status).toBe(200);
    expect(codeOf(res.body)).toBe(0);
  });
});
