import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/index';
import { get, message } from './helpers';

describe('/health', () => {
  it("answers exactly 'ok: development' locally", async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok: development');
  });

  it('is plain text that is never cached', async () => {
    const res = await get('/health');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("answers exactly 'ok: production' in production", async () => {
    const res = await app.request('/health', {}, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok: production');
  });

  it('does not set the locale cookie', async () => {
    const res = await get('/health');
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe('/health/upstream', () => {
  it("reports the reference origin's health as the edge sees it, never cached", async () => {
    const res = await get('/health/upstream', { headers: { 'cf-connecting-ip': '203.0.113.71' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ state: 'ok', status: 200, timeoutMs: 1500 });
    expect(body['answer']).toMatch(/^ok/);
    // No address of the upstream, no header, nothing but these facts.
    expect(Object.keys(body).sort()).toEqual(['answer', 'state', 'status', 'timeoutMs']);
  });

  it('refuses an unknown host with a localized message', async () => {
    const res = await get('/health/upstream?host=%3Cscript%3E', { headers: { 'accept-language': 'fr-FR', 'cf-connecting-ip': '203.0.113.72' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: 'invalid_host', message: message('fr-FR', 'diagnostics.upstream.invalidHost') });
    expect(JSON.stringify(body)).not.toContain('<script>');
  });

  it('is rate-limited per client like the forms', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await get('/health/upstream', { headers: { 'cf-connecting-ip': '203.0.113.73', 'accept-language': 'ja' } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await get('/health/upstream', { headers: { 'cf-connecting-ip': '203.0.113.73', 'accept-language': 'ja' } });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(message('ja-JP', 'diagnostics.upstream.tooMany'));
  });
});
