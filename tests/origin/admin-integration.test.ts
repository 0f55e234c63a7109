import { describe, expect, it } from 'vitest';
import { TABLES } from '../../origin/src/schema';
import { call, codeOf, common, db, getJson, postJson, uniqueEmail } from './helpers';

const ip = '198.51.100.70';

/** Children first, for the foreign keys. */
async function dropAllTables(): Promise<void> {
  await db.batch([...TABLES].reverse().map((t) => db.prepare(`DROP TABLE IF EXISTS ${t}`)));
  const left = await db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN (SELECT value FROM json_each(?))").bind(JSON.stringify(TABLES)).first<{ n: number }>();
  expect(left?.n).toBe(0);
}

describe('POST /__admin/reset', () => {
  it('empties what tests wrote and restores the seed', async () => {
    const email = uniqueEmail('reset');
    await call('/privacy_control/add', { first_name: 'A', last_name: 'B', email, common: common() }, { ip });
    await postJson('/test-payments/refund', { order_id: 'MTSEEDPAID0000001', status: 'refunded' });

    const res = await postJson('/__admin/reset', {});
    expect(res.body).toEqual({ resp_common: { ret: 0, msg: 'success' }, reset: true });

    expect(codeOf((await call('/privacy_control/add', { first_name: 'A', last_name: 'B', email, common: common() }, { ip })).body)).toBe(0);
    const order = await call('/mingtingvip/payv2/stripe/order/query', { order_id: 'MTSEEDPAID0000001', common: common() }, { ip });
    expect(order.body.pay_status).toBe('paid');
    const events = await db.prepare('SELECT COUNT(*) AS n FROM order_events').first<{ n: number }>();
    expect(events?.n).toBe(0);
  });

  it('brings up an empty database (no tables at all)', async () => {
    await dropAllTables();
    expect((await postJson('/__admin/reset', {})).status).toBe(200);
    const list = await call('/paypackagebase/list_group', { currency: 'HKD', common: common() }, { ip });
    expect(list.body.list).toHaveLength(3);
  });
});

describe('AUTO_SEED', () => {
  it('creates the schema and the seed on the first request to an empty database', async () => {
    await dropAllTables();
    const list = await call('/paypackagebase/list_group', { currency: 'SGD', common: common() }, { ip });
    expect(codeOf(list.body)).toBe(0);
    expect(list.body.list[0].price).toBe(3490);
  });
});

describe('test-only endpoints', () => {
  it('answers the answer of a captcha, and 4590003 for an unknown one', async () => {
    const { body } = await call('/feedback/captcha', { common: common() }, { ip });
    const peek = await getJson(`/__test/captcha/${body.captcha_id}`);
    expect(peek.body).toMatchObject({ answer: expect.stringMatching(/^[0-9A-Z]{5}$/), used_at: null });
    expect((await getJson('/__test/captcha/unknown')).body.resp_common.ret).toBe(4590003);
  });

  it('refuses an outbox query without a valid email', async () => {
    expect((await getJson('/__test/outbox?email=nope')).status).toBe(400);
  });

  it('are all 404 in production, exactly like unknown paths', async () => {
    const vars = { ENVIRONMENT: 'production' };
    const unknown = await getJson('/no/such/path', vars);
    for (const [method, path] of [
      ['POST', '/__admin/reset'],
      ['GET', '/__faults'],
      ['POST', '/__faults'],
      ['GET', '/__test/captcha/abc'],
      ['GET', '/__test/outbox?email=paid@example.com'],
      ['POST', '/test-payments/confirm'],
    ] as const) {
      const res = method === 'GET' ? await getJson(path, vars) : await postJson(path, {}, vars);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
  });
});
