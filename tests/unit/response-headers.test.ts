import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mutableHeaders } from '../../src/middleware/response-headers';

// Middleware changes an answer's headers in place when it can, and copies it only when it must.
describe('mutableHeaders', () => {
  const built: Response[] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    mutableHeaders(c).set('X-Added', 'yes');
  });
  app.get('/built', (c) => {
    const res = c.text('hello');
    built.push(res);
    return res;
  });
  // Response.redirect() answers with immutable headers, as fetch() and the assets binding do.
  app.get('/immutable', () => Response.redirect('https://example.com/elsewhere', 302));

  it('changes a Worker-built answer in place', async () => {
    const res = await app.request('/built');
    expect(res).toBe(built[0]);
    expect(res.headers.get('x-added')).toBe('yes');
    expect(res.headers.has('x-mutable-headers-probe')).toBe(false);
    expect(await res.text()).toBe('hello');
  });

  it('copies an answer whose headers are immutable, status and body kept', async () => {
    const res = await app.request('/immutable');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/elsewhere');
    expect(res.headers.get('x-added')).toBe('yes');
  });
});
