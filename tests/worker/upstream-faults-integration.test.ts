import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../src/index';
import { ORIGIN } from './helpers';

// GET/POST /__test/upstream-faults: the reference origin's fault switches, reached through the
// site (the origin itself has no port of its own in `wrangler dev`); what `npm run soak` drives.

function faults(body?: unknown): Promise<Response> {
  return exports.default.fetch(
    new Request(`${ORIGIN}/__test/upstream-faults`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
}

function listGroup(): Promise<Response> {
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/paypackagebase/list_group`, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.200' }, body: JSON.stringify({ currency: 'USD' }) }),
  );
}

beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

afterEach(async () => {
  await faults({ latency_ms: 0, fail_api: false, fail_path: null, collect_down: false });
});

describe('/__test/upstream-faults', () => {
  it("reads the origin's switches", async () => {
    const res = await faults();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ resp_common: { ret: 0, msg: 'success' }, collect_down: false, latency_ms: 0, fail_api: false, fail_path: null });
  });

  it('fails the upstream, so the proxy answers its 502 envelope, and heals it again', async () => {
    expect(await (await faults({ fail_api: true })).json()).toMatchObject({ fail_api: true });
    const failing = await listGroup();
    expect(failing.status).toBe(502);
    expect(((await failing.json()) as { resp_common: { ret: number } }).resp_common.ret).not.toBe(0);

    await faults({ fail_api: false });
    const healthy = await listGroup();
    expect(healthy.status).toBe(200);
    expect(((await healthy.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(0);
  });

  it("passes the origin's refusal of a bad switch on as a 400", async () => {
    const res = await faults({ latency_ms: -5 });
    expect(res.status).toBe(400);
    expect((await faults()).status).toBe(200);
  });

  it('refuses a body over 1 KB without calling the origin', async () => {
    const res = await faults({ fail_api: true, padding: 'x'.repeat(2000) });
    expect(res.status).toBe(413);
    expect(await (await faults()).json()).toMatchObject({ fail_api: false });
  });

  it('is a 404 in production, and when the upstream is not the ORIGIN binding', async () => {
    for (const vars of [{ ENVIRONMENT: 'production' }, { UPSTREAM_RELEASE: 'https://api.example.test' }]) {
      const res = await app.request(`${ORIGIN}/__test/upstream-faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"fail_api":true}' }, { ...env, ...vars }, createExecutionContext());
      expect(res.status, JSON.stringify(vars)).toBe(404);
    }
    expect(await (await faults()).json()).toMatchObject({ fail_api: false });
  });
});
