import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { ROUTES } from '../../src/pages/machinery/route-table';
import { NEVER_PRERENDERED_PAGES, speculationRules } from '../../src/domain/speculation';
import { captureQueue, decodeHtml, get, ORIGIN, UA } from './helpers';

// Instant pages through the Worker: every page carries the speculation rules under its own nonce,
// and a page view's Web Vitals report is checked, classified by the edge and stored by the host.

afterEach(() => {
  vi.restoreAllMocks();
});

/** The body of every <script type="speculationrules">, with its nonce. */
function speculationScripts(html: string): { nonce: string | undefined; json: string }[] {
  return [...html.matchAll(/<script type="speculationrules"([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ nonce: /nonce="([^"]+)"/.exec(m[1]!)?.[1], json: decodeHtml(m[2]!) }));
}

describe('the speculation rules on pages', () => {
  for (const [path, ua] of [['/', UA.desktop], ['/ja-JP/buy', UA.desktop], ['/mobile/mt-recover', UA.iphone], ['/checkout?product_id=81902', UA.desktop], ['/no-such-page', UA.desktop]] as const) {
    it(`${path} carries them once, under the nonce of its own CSP`, async () => {
      // Twice: a fresh render, then the cached page with the second answer's nonce spliced in.
      const first = await get(path, { ua, headers: { cookie: 'locale=en-US' } });
      const second = await get(path, { ua, headers: { cookie: 'locale=en-US' } });
      for (const res of [first, second]) {
        const scripts = speculationScripts(await res.text());
        expect(scripts).toHaveLength(1);
        expect(JSON.parse(scripts[0]!.json)).toEqual(speculationRules());
        expect(res.headers.get('content-security-policy')).toContain(`'nonce-${scripts[0]!.nonce}'`);
      }
    });
  }

  it('leave out every route that may load a payment provider', () => {
    const payments = ROUTES.filter((route) => route.payments).map((route) => route.path);
    expect(payments.length).toBeGreaterThan(0);
    for (const path of payments) expect(NEVER_PRERENDERED_PAGES as readonly string[]).toContain(path);
  });
});

let counter = 0;
function vitals(overrides: Record<string, string> = {}): Record<string, string> {
  counter++;
  return {
    uuid: `vitals-test-${Date.now().toString(36)}-${counter}`,
    time_: String(1795546074000 + counter),
    action: 'vitals',
    business_index: '8109',
    cid: '81',
    tid1: '16',
    tid2: '1',
    tryno: '0',
    page_id: '/fr-FR/buy',
    nav: 'prerender',
    locale: 'fr-FR',
    lcp: '64',
    cls: '0',
    ttfb: '0',
    ...overrides,
  };
}

async function beacon(query: Record<string, string>, { ua = UA.desktop, headers = {} }: { ua?: string; headers?: Record<string, string> } = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}/beacon?${new URLSearchParams(query)}`, { method: 'POST', headers: { 'user-agent': ua, 'cf-connecting-ip': `198.51.100.${100 + (counter % 100)}`, ...headers } }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('a vitals report at the edge', () => {
  it('is accepted and queued with its timings, and the device class the edge sees', async () => {
    const { messages } = captureQueue();
    expect((await beacon(vitals())).status).toBe(204);
    expect((await beacon(vitals({ nav: 'navigate' }), { ua: UA.iphone })).status).toBe(204);
    // What the browser claims is replaced by the edge's own reading of the request.
    expect((await beacon(vitals({ device: 'mobile' }))).status).toBe(204);
    expect((await beacon(vitals(), { ua: UA.desktop, headers: { 'sec-ch-ua-mobile': '?1' } })).status).toBe(204);
    expect(messages.map((m) => m.event.device)).toEqual(['desktop', 'mobile', 'desktop', 'mobile']);
    expect(messages[0]!.event).toMatchObject({ action: 'vitals', nav: 'prerender', locale: 'fr-FR', lcp: 64, cls: 0, ttfb: 0, page_id: '/fr-FR/buy' });
  });

  it('is refused with the first problem when it is not one', async () => {
    const { messages } = captureQueue();
    const res = await beacon(vitals({ nav: '', locale: 'fr-FR' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('nav is invalid');
    const other = await beacon({ ...vitals(), action: 'download' });
    expect(((await other.json()) as { error: string }).error).toBe('only a vitals report carries vitals fields');
    expect(messages).toEqual([]);
  });
});

describe('a vitals report at the collection host', () => {
  it('is stored once, with the page without its locale prefix and the edge facts, through the queue consumer', async () => {
    const event = vitals({ inp: '48' });
    const send = (await import('../../src/domain/api-schemas')).edgeBeaconSchema.parse(event);
    const item = { event: { ...send, device: 'mobile' as const }, edge: { country: 'JP', colo: 'NRT', received_at: Date.now(), client_id: 'a'.repeat(32), is_bot: false } };
    for (let i = 0; i < 2; i++) {
      const acked: string[] = [];
      const batch = { queue: 'mt-beacons', messages: [{ id: `m${i}`, timestamp: new Date(), attempts: 1, body: { v: 2, items: [item] }, ack: () => acked.push(`m${i}`), retry: () => undefined }] } as unknown as MessageBatch<unknown>;
      await worker.queue!(batch, env, createExecutionContext());
      expect(acked).toEqual([`m${i}`]);
    }
    const res = await get(`/__test/vitals?uuid=${event.uuid}`);
    const { rows } = (await res.json()) as { rows: Record<string, unknown>[] };
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ uuid: event.uuid, page_id: '/fr-FR/buy', page: '/buy', locale: 'fr-FR', device: 'mobile', country: 'JP', nav: 'prerender', lcp: 64, inp: 48, cls: 0, ttfb: 0 });
    const counted = (await (await get(`/__test/collect-count?uuid=${event.uuid}&action=vitals`)).json()) as { count: number };
    expect(counted.count).toBe(1);
  });
});
