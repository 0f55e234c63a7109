import { describe, expect, it } from 'vitest';
import { exports } from 'cloudflare:workers';
import { get, isSameSitePath, ORIGIN } from './helpers';

describe('a trailing slash', () => {
  it.each([
    ['/buy/', '/buy'],
    ['/fr-FR/', '/fr-FR'],
    ['/ja-JP/mobile/buy/', '/ja-JP/mobile/buy'],
    ['/article-list/2/', '/article-list/2'],
    ['/components/Copy/', '/components/Copy'],
    ['/mtdr_privacy.html/?lang=ja', '/mtdr_privacy.html?lang=ja'],
    ['/buy//', '/buy'],
    ['/en-US/', '/'],
    ['/en-US/buy/', '/buy'],
    ['/buy/?isSem=2&bd_vid=abc', '/buy?isSem=2&bd_vid=abc'],
  ])('on a page (%s) is a 301 to its canonical URL %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it('never turns into a redirect off the site', async () => {
    for (const path of ['//evil.example/', '/%2F%2Fevil.example/', '/\\evil.example/']) {
      const res = await get(path);
      const location = res.headers.get('location');
      if (location !== null) expect(isSameSitePath(location), `${path} → ${location}`).toBe(true);
    }
  });

  it('on the installer is a 404 page, not the file', async () => {
    const res = await get('/download/mt-recover_setup_16_1.exe/');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('on an API path is the JSON 404 envelope, and nothing is forwarded', async () => {
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/pay/send_cdkey_order_mail/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'paid@example.com' }) }),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('the /en-US/ redirect', () => {
  it('answers GET /en-US/%0d%0aLocation:%20x with a percent-encoded Location', async () => {
    const res = await get('/en-US/%0d%0aLocation:%20x');
    expect(res.status).toBe(301);
    const location = res.headers.get('location')!;
    expect(location).toBe('/%0d%0aLocation:%20x');
    expect(location).not.toMatch(/[\s\u0000-\u001f\u007f]/);
    expect(res.headers.get('x')).toBeNull();
  });

  it('keeps other encoded characters encoded and the query as sent', async () => {
    const res = await get('/en-US/buy%20now?from=ad');
    expect(res.headers.get('location')).toBe('/buy%20now?from=ad');
  });

  it.each([
    '/en-US/%2f%2fevil.example',
    '/en-US/%2F%2Fevil.example',
    '/en-US/%2f%2fevil.example/',
    '/en-US/%2f%2fevil.example?from=ad',
    '/en-US/%2f/evil.example',
    '/en-US/%2fevil.example',
    '/en-US//evil.example',
    '/en-US//evil.example/buy',
    '/en-US/%5cevil.example',
    '/en-US/%5C%5Cevil.example',
    '/en-US/%252f%252fevil.example',
    '/en-US/%09/evil.example',
  ])('is not made for %s: a target starting with two slashes, plain or percent-encoded, is the 404 page', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<html lang="en-US"');
  });
});
