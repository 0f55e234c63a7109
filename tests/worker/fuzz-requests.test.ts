import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { ORIGIN } from './helpers';
import { FUZZ_TEST_TIMEOUT_MS, HOSTILE, MARK, answerProblems, freshIp, fuzzParams, headersArb, pathArb, queryArb } from './fuzz-shared';

// Property-based fuzzing of the whole Worker through its real fetch: random paths (pages, edge
// routes, junk), queries, headers, cookies, methods and bodies. Whatever comes in, the answer is
// never a 5xx (the upstream here is the healthy reference origin), never echoes the run's marker
// raw into HTML, and never redirects off the site.

// Each property runs a few hundred requests: give it time on a busy 2-core machine (they take
// a few seconds; the bound is the run count, not the clock).
vi.setConfig({ testTimeout: FUZZ_TEST_TIMEOUT_MS });

beforeAll(async () => {
  // The origin seeds its D1 on its first request: do that outside any proxied call's deadline.
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

afterEach(() => {
  vi.restoreAllMocks();
});

function send(method: string, path: string, query: string, headers: Record<string, string>, body?: BodyInit): Promise<Response> {
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}${query ? `?${query}` : ''}`, { method, headers: { 'cf-connecting-ip': freshIp(), ...headers }, body, redirect: 'manual' }),
  );
}

const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(...HOSTILE).map((h) => JSON.stringify({ email: h, name: h, common: { lang: h } })),
  fc.uint8Array({ maxLength: 64 }),
);

describe('any GET the Worker can receive', () => {
  it('is answered below 500, with no raw marker in HTML and no off-site redirect', async () => {
    await fc.assert(
      fc.asyncProperty(pathArb, queryArb, headersArb, async (path, query, headers) => {
        const res = await send('GET', path, query, headers);
        expect(await answerProblems(res), `GET ${path}?${query} ${JSON.stringify(headers)}`).toEqual([]);
      }),
      fuzzParams(300),
    );
  });
});

describe('any other method, with any body', () => {
  it('is answered below 500, with no raw marker in HTML and no off-site redirect', async () => {
    const method = fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
    const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '');
    await fc.assert(
      fc.asyncProperty(method, pathArb, queryArb, headersArb, contentType, bodyArb, async (verb, path, query, headers, type, body) => {
        const withBody = verb === 'HEAD' ? undefined : body;
        const res = await send(verb, path, query, { ...headers, ...(type ? { 'content-type': type } : {}) }, withBody);
        expect(await answerProblems(res), `${verb} ${path}?${query} ${type} ${JSON.stringify(headers)}`).toEqual([]);
      }),
      fuzzParams(150),
    );
  });
});

describe('the marker check itself', () => {
  it('would see the marker if a page echoed it raw (the oracle can fail)', async () => {
    const echoed = new Response(`<p>${HOSTILE[0]}</p>`, { headers: { 'content-type': 'text/html' } });
    expect(await answerProblems(echoed)).toEqual([`unescaped "<${MARK}" in text/html`]);
    const offSite = new Response(null, { status: 302, headers: { location: '//evil.example/' } });
    expect(await answerProblems(offSite)).toEqual(['off-site Location "//evil.example/"']);
  });
});
