import { env, exports } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../src/index';
import { INSTALLER_OBJECTS } from '../../src/domain/tracking';
import { decodeHtml, message, ORIGIN, UA } from './helpers';

// GET/HEAD /download/<name> through the Worker's fetch, with the installer put into the R2
// binding by the test (storage is isolated per test file).

const KEY = INSTALLER_OBJECTS['mt-recover'];
const SIZE = 300_000;
const BYTES = Uint8Array.from({ length: SIZE }, (_, i) => (i * 31 + 7) & 0xff);
const NAME = 'mt-recover_setup_16_1.exe';

function download(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, redirect: 'manual', headers: { 'user-agent': UA.desktop, ...headers } }));
}

async function bytesOf(res: Response) {
  return new Uint8Array(await res.arrayBuffer());
}

async function expectNotFoundPage(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('content-disposition')).toBeNull();
  expect(decodeHtml(await res.text())).toContain(message('en-US', 'pages.404.heading'));
}

beforeEach(async () => {
  await env.INSTALLERS.put(KEY, BYTES);
});

describe('the installer download', () => {
  it('sends the whole file with the generated name, a strong ETag and cache headers', async () => {
    const res = await download(`/download/${NAME}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.microsoft.portable-executable');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${NAME}"; filename*=UTF-8''${NAME}`);
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    expect(await bytesOf(res)).toEqual(BYTES);
  });

  it('names the file after the link but always serves the one installer object', async () => {
    const res = await download('/download/mt-recover_setup_16_12_Q7RW3K2M.exe');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="mt-recover_setup_16_12_Q7RW3K2M.exe"');
    expect(await bytesOf(res)).toEqual(BYTES);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await download(`/download/${NAME}`, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('content-disposition')).toContain(NAME);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('range requests', () => {
  it('serve a single byte range with 206 and Content-Range', async () => {
    const res = await download(`/download/${NAME}`, { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${SIZE}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect(await bytesOf(res)).toEqual(BYTES.slice(100, 200));
  });

  it('serve an open range to the end and a suffix range', async () => {
    const open = await download(`/download/${NAME}`, { range: `bytes=${SIZE - 10}-` });
    expect(open.status).toBe(206);
    expect(await bytesOf(open)).toEqual(BYTES.slice(SIZE - 10));
    const suffix = await download(`/download/${NAME}`, { range: 'bytes=-50' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${SIZE - 50}-${SIZE - 1}/${SIZE}`);
    expect(await bytesOf(suffix)).toEqual(BYTES.slice(SIZE - 50));
  });

  it('clamp a range that runs past the end', async () => {
    const res = await download(`/download/${NAME}`, { range: `bytes=${SIZE - 5}-${SIZE + 1000}` });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${SIZE - 5}-${SIZE - 1}/${SIZE}`);
    expect(await bytesOf(res)).toEqual(BYTES.slice(SIZE - 5));
  });

  it('answer 416 with the size for a range that starts past the end', async () => {
    const res = await download(`/download/${NAME}`, { range: `bytes=${SIZE}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('send the whole file for several ranges or a malformed header', async () => {
    for (const range of ['bytes=0-1,5-9', 'bytes=x-y', 'items=0-5', 'bytes=9-3']) {
      const res = await download(`/download/${NAME}`, { range });
      expect(res.status, range).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(SIZE);
    }
  });

  it('honour If-Range: the range for the current ETag, the whole file for another', async () => {
    const etag = (await download(`/download/${NAME}`, {}, 'HEAD')).headers.get('etag')!;
    const same = await download(`/download/${NAME}`, { range: 'bytes=0-9', 'if-range': etag });
    expect(same.status).toBe(206);
    await same.arrayBuffer();
    const changed = await download(`/download/${NAME}`, { range: 'bytes=0-9', 'if-range': '"an-older-version"' });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBe(SIZE);
  });

  it('work with HEAD too', async () => {
    const res = await download(`/download/${NAME}`, { range: 'bytes=0-9' }, 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('10');
  });
});

describe('conditional requests', () => {
  it('answer 304 without a body when If-None-Match has the ETag', async () => {
    const etag = (await download(`/download/${NAME}`, {}, 'HEAD')).headers.get('etag')!;
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const res = await download(`/download/${NAME}`, { 'if-none-match': header });
      expect(res.status, header).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('send the file when If-None-Match has another ETag', async () => {
    const res = await download(`/download/${NAME}`, { 'if-none-match': '"not-it"' });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('give a new ETag when the installer is replaced', async () => {
    const before = (await download(`/download/${NAME}`, {}, 'HEAD')).headers.get('etag');
    await env.INSTALLERS.put(KEY, BYTES.slice(1));
    const after = (await download(`/download/${NAME}`, {}, 'HEAD')).headers.get('etag');
    expect(after).not.toBe(before);
  });
});

describe('what cannot be downloaded', () => {
  it('a missing installer gets the localized 404 page', async () => {
    await env.INSTALLERS.delete(KEY);
    await expectNotFoundPage(await download(`/download/${NAME}`));
  });

  it('a name outside the pattern gets the 404 page', async () => {
    for (const name of ['mt-recover_setup_16_3.exe', 'mt-kt_setup_16_1.exe', 'setup.exe', 'mt-recover_setup_16_1.exe.zip', '..%2Fmt-recover%2Fsetup.exe', 'mt-recover%2Fsetup.exe']) {
      await expectNotFoundPage(await download(`/download/${name}`));
    }
  });

  it('the path never chooses an R2 key', async () => {
    await env.INSTALLERS.put('secret.txt', 'not for download');
    await expectNotFoundPage(await download('/download/secret.txt'));
    await expectNotFoundPage(await download('/download/mt-recover/setup.exe'));
  });
});

describe('the test-only installer upload', () => {
  it('stores the body as the installer outside production', async () => {
    const body = new Uint8Array([77, 90, 1, 2, 3]);
    const res = await exports.default.fetch(new Request(`${ORIGIN}/__test/installer`, { method: 'PUT', body, headers: { 'content-length': '5' } }));
    expect(res.status).toBe(200);
    expect(await bytesOf(await download(`/download/${NAME}`))).toEqual(body);
  });

  it('answers 404 in production', async () => {
    const res = await app.request('/__test/installer', { method: 'PUT', body: 'MZ', headers: { 'content-length': '2' } }, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(404);
    expect((await env.INSTALLERS.get(KEY))?.size).toBe(SIZE);
  });
});
