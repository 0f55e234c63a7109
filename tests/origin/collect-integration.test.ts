import { afterEach, describe, expect, it } from 'vitest';
import { MAX_COLLECT_BATCH } from '../../src/domain/api-schemas';
import { BASE, db, getJson, postJson, send, type Json } from './helpers';

const event = (uuid: string, overrides: Json = {}) => ({
  uuid,
  time_: 1767225600123,
  action: 'download',
  tryno: 0,
  business_index: 8109,
  tid1: 16,
  tid2: 1,
  from_: 'home',
  ...overrides,
});

const count = async (uuid: string) => (await getJson(`/collect/count?uuid=${uuid}`)).body.count as number;

afterEach(async () => {
  await postJson('/__faults', { collect_down: false });
});

describe('POST /collect', () => {
  it('stores a batch and counts it', async () => {
    const uuid = crypto.randomUUID();
    const res = await postJson('/collect', { events: [event(uuid), event(uuid, { action: 'buy_click', business_index: '8105' })] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resp_common: { ret: 0, msg: 'success' }, stored: 2, duplicates: 0 });
    expect(await count(uuid)).toBe(2);
    const row = await db.prepare('SELECT business_index, tid1, from_ FROM beacon_events WHERE uuid = ? AND action = ?').bind(uuid, 'download').first();
    expect(row).toEqual({ business_index: '8109', tid1: '16', from_: 'home' });
  });

  it('never doubles a retried batch: (uuid, time_, action, tryno) is unique', async () => {
    const uuid = crypto.randomUUID();
    const batch = { events: [event(uuid), event(uuid, { tryno: 1 })] };
    await postJson('/collect', batch);
    const retry = await postJson('/collect', batch);
    expect(retry.body).toMatchObject({ stored: 0, duplicates: 2 });
    expect(await count(uuid)).toBe(2);
  });

  it('deduplicates inside one batch too', async () => {
    const uuid = crypto.randomUUID();
    const res = await postJson('/collect', { events: [event(uuid), event(uuid)] });
    expect(res.body).toMatchObject({ stored: 1, duplicates: 1 });
  });

  it('accepts numeric strings for time_ and tryno, as a query string gives them', async () => {
    const uuid = crypto.randomUUID();
    await postJson('/collect', { events: [event(uuid, { time_: '1767225600999', tryno: '2' })] });
    const row = await db.prepare('SELECT time_, tryno FROM beacon_events WHERE uuid = ?').bind(uuid).first();
    expect(row).toEqual({ time_: 1767225600999, tryno: 2 });
  });

  it('stores what the edge adds (client id, country, colo, isbot, edge time) beside the event, once', async () => {
    const uuid = crypto.randomUUID();
    const edge = { received_at: 1767225600456, client_id: 'a'.repeat(32), country: 'JP', colo: 'NRT', is_bot: true };
    const bare = event(uuid, { action: 'open' });
    const batch = { events: [event(uuid, edge), bare] };
    expect((await postJson('/collect', batch)).body).toMatchObject({ stored: 2, duplicates: 0 });
    await postJson('/collect', batch);
    const rows = await db.prepare('SELECT action, edge_received_at, client_id, country, colo, is_bot FROM beacon_edge WHERE uuid = ?').bind(uuid).all();
    expect(rows.results).toEqual([{ action: 'download', edge_received_at: 1767225600456, client_id: 'a'.repeat(32), country: 'JP', colo: 'NRT', is_bot: 1 }]);
    expect((await getJson(`/collect/count?uuid=${uuid}`)).body).toMatchObject({ count: 2, with_edge: 1 });
  });

  it('keeps a null country and colo (the edge did not know them)', async () => {
    const uuid = crypto.randomUUID();
    await postJson('/collect', { events: [event(uuid, { received_at: 1767225600456, client_id: 'b'.repeat(32), country: null, colo: null, is_bot: false })] });
    const row = await db.prepare('SELECT country, colo, is_bot FROM beacon_edge WHERE uuid = ?').bind(uuid).first();
    expect(row).toEqual({ country: null, colo: null, is_bot: 0 });
  });

  it('refuses malformed or partial edge facts with 400 and stores nothing', async () => {
    const uuid = crypto.randomUUID();
    const facts = { received_at: 1767225600456, client_id: 'c'.repeat(32), country: 'JP', colo: 'NRT', is_bot: false };
    for (const bad of [{ client_id: '203.0.113.5' }, { country: 'Japan' }, { is_bot: 'yes' }, { received_at: -1 }, { colo: '<script>' }, { is_bot: undefined }, { client_id: undefined }]) {
      const res = await postJson('/collect', { events: [event(uuid, { ...facts, ...bad })] });
      expect(res.status).toBe(400);
    }
    expect(await count(uuid)).toBe(0);
  });

  it('refuses malformed batches with 400', async () => {
    const cases: unknown[] = [{ events: [] }, { events: [{ action: 'download' }] }, { events: Array.from({ length: MAX_COLLECT_BATCH + 1 }, () => event('u')) }, { nope: 1 }];
    for (const body of cases) {
      const res = await postJson('/collect', body);
      expect(res.status).toBe(400);
      expect(res.body.resp_common.ret).toBe(4001001);
    }
    const raw = await send(new Request(`${BASE}/collect`, { method: 'POST', body: 'not json' }));
    expect(raw.status).toBe(400);
  });

  it('answers 503 while the fault switch says the collection host is down, and stores nothing', async () => {
    const uuid = crypto.randomUUID();
    expect((await postJson('/__faults', { collect_down: true })).body.collect_down).toBe(true);
    const down = await send(new Request(`${BASE}/collect`, { method: 'POST', body: JSON.stringify({ events: [event(uuid)] }) }));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');
    expect(await count(uuid)).toBe(0);
    await postJson('/__faults', { collect_down: false });
    expect((await postJson('/collect', { events: [event(uuid)] })).status).toBe(200);
    expect(await count(uuid)).toBe(1);
  });

  it('is down whenever the COLLECT_DOWN var is "true"', async () => {
    const res = await postJson('/collect', { events: [event(crypto.randomUUID())] }, { COLLECT_DOWN: 'true' });
    expect(res.status).toBe(503);
    expect((await getJson('/__faults', { COLLECT_DOWN: 'true' })).body.collect_down).toBe(true);
  });

  it('refuses a malformed fault switch', async () => {
    expect((await postJson('/__faults', { collect_down: 'yes' })).status).toBe(400);
  });
});

describe('GET /collect (image beacon)', () => {
  it('stores the event from the query string and answers a GIF pixel', async () => {
    const uuid = crypto.randomUUID();
    const res = await send(new Request(`${BASE}/collect?uuid=${uuid}&time_=1767225600000&action=download&tid1=16&tid2=1`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await count(uuid)).toBe(1);
  });

  it('refuses a beacon without uuid with 400', async () => {
    const res = await send(new Request(`${BASE}/collect?time_=1&action=download`));
    expect(res.status).toBe(400);
  });
});

describe('GET /collect/count', () => {
  it('counts by action as well', async () => {
    const uuid = crypto.randomUUID();
    await postJson('/collect', { events: [event(uuid), event(uuid, { action: 'open' })] });
    expect((await getJson(`/collect/count?uuid=${uuid}&action=open`)).body.count).toBe(1);
  });

  it('does not exist in production, where /collect still works', async () => {
    const vars = { ENVIRONMENT: 'production' };
    expect((await getJson('/collect/count', vars)).status).toBe(404);
    expect((await postJson('/collect', { events: [event(crypto.randomUUID())] }, vars)).status).toBe(200);
  });
});

describe('vitals events', () => {
  const vitals = (uuid: string, overrides: Json = {}) =>
    event(uuid, { action: 'vitals', page_id: '/ko-KR/mobile/buy', nav: 'back_forward', locale: 'ko-KR', device: 'mobile', lcp: 1800, inp: 120, cls: 0.0312, ttfb: 300, ...overrides });

  it('are stored as events and as a row of timings, the page without its locale prefix and the country of the edge', async () => {
    const uuid = crypto.randomUUID();
    const facts = { received_at: 1767225600456, client_id: 'd'.repeat(32), country: 'KR', colo: 'ICN', is_bot: false };
    const res = await postJson('/collect', { events: [vitals(uuid, facts), vitals(uuid, facts)] });
    expect(res.body).toMatchObject({ stored: 1, duplicates: 1 });
    expect(await count(uuid)).toBe(1);
    const row = await db.prepare('SELECT page_id, page, locale, device, country, nav, lcp, inp, cls, ttfb FROM vitals_events WHERE uuid = ?').bind(uuid).first();
    expect(row).toEqual({ page_id: '/ko-KR/mobile/buy', page: '/mobile/buy', locale: 'ko-KR', device: 'mobile', country: 'KR', nav: 'back_forward', lcp: 1800, inp: 120, cls: 0.0312, ttfb: 300 });
  });

  it('keep what a page view did not measure as null, and other events make no vitals row', async () => {
    const uuid = crypto.randomUUID();
    await postJson('/collect', { events: [vitals(uuid, { inp: undefined, page_id: '/' , locale: 'en-US' }), event(uuid)] });
    const rows = await db.prepare('SELECT page, inp, country FROM vitals_events WHERE uuid = ?').bind(uuid).all();
    expect(rows.results).toEqual([{ page: '/', inp: null, country: null }]);
  });

  it('refuses a timing that is no measurement', async () => {
    const res = await postJson('/collect', { events: [vitals(crypto.randomUUID(), { lcp: -5 })] });
    expect(res.status).toBe(400);
  });

  it('are listed by GET /collect/vitals, newest first, since a time and per visitor, outside production only', async () => {
    const uuid = crypto.randomUUID();
    await postJson('/collect', { events: [vitals(uuid), vitals(uuid, { time_: 1767225600999, nav: 'prerender' })] });
    const listed = await getJson(`/collect/vitals?uuid=${uuid}&since=0`);
    expect(listed.body.rows.map((r: Json) => r.nav).sort()).toEqual(['back_forward', 'prerender']);
    expect((await getJson(`/collect/vitals?uuid=${uuid}&since=${Math.floor(Date.now() / 1000) + 3600}`)).body.rows).toEqual([]);
    expect((await getJson('/collect/vitals', { ENVIRONMENT: 'production' })).status).toBe(404);
  });
});
