import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/index';
import { get } from './helpers';

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
