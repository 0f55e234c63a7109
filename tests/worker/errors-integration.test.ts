import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../src/env';
import { securityHeaders } from '../../src/middleware/security';
import { requestContext } from '../../src/middleware/context';
import { errorFallbackHtml, notFound, onError } from '../../src/middleware/errors';
import { renderRoute } from '../../src/pages/machinery/router';
import type { PageRoute } from '../../src/pages/machinery/types';
import { h1Of, htmlLang, message, titleOf } from './helpers';

// A secret-looking message and a stack: neither may reach the visitor.
const SECRET = 'kaboom-db-password-hunter2';

/** A page whose component throws while it renders. */
const throwingRoute: PageRoute = {
  id: 'throws',
  path: '/render-throws',
  page: () => {
    throw new Error(`${SECRET} while rendering`);
  },
  localized: true,
  mobile: false,
  agentRedirect: false,
  indexable: false,
};

/** The site's real middleware, render path and error handlers around routes that throw. */
function appThatThrows() {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', securityHeaders);
  app.use('*', requestContext);
  app.get('/render-throws', (c) => renderRoute(c, { route: throwingRoute, locale: 'en-US', mobile: false, params: {}, rest: '/render-throws' }));
  const boom = () => {
    throw new Error(`${SECRET} at /work/main/src/secret.ts:12:5`);
  };
  app.get('/boom', boom);
  app.get('/ja-JP/boom', boom);
  app.get('/teapot', () => {
    throw new HTTPException(418, { message: SECRET });
  });
  app.get('/api/boom', boom);
  app.notFound(notFound);
  app.onError(onError);
  return app;
}

/** The same, but rendering itself is broken (the site URL cannot be read): the error page cannot render. */
function appWithBrokenRenderer() {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders);
  app.use('*', requestContext);
  app.use('*', async (c, next) => {
    c.env = new Proxy(c.env, {
      get(target, property, receiver) {
        if (property === 'SITE_URL') throw new Error(`renderer broke ${SECRET}`);
        return Reflect.get(target, property, receiver);
      },
    });
    await next();
  });
  app.get('/boom', () => {
    throw new Error(SECRET);
  });
  app.onError(onError);
  return app;
}

// The handler logs each error (with its stack) for operators; keep that out of the test output.
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('a thrown error', () => {
  it('is logged as JSON with the request id, the path and the stack', async () => {
    await appThatThrows().request('/boom', { headers: { 'cf-ray': 'ray-123' } }, env);
    const entry = JSON.parse(String(consoleError.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 'error', requestId: 'ray-123', path: '/boom', status: 500 });
    expect(String(entry.stack)).toContain(SECRET);
  });

  it('renders the error page with status 500', async () => {
    const res = await appThatThrows().request('/boom', {}, env);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(h1Of(html)).toBe('Error');
    expect(titleOf(html)).toBe(`Error | ${message('en-US', 'site.name')}`);
  });

  it('shows no error message, stack frame or file path', async () => {
    const html = await (await appThatThrows().request('/boom', {}, env)).text();
    expect(html).not.toContain(SECRET);
    expect(html).not.toMatch(/\bat \S+ \(|\n\s+at /);
    expect(html).not.toMatch(/\.tsx?:\d+/);
    expect(html).not.toContain('/work/');
    expect(html).not.toContain('node_modules');
  });

  it('renders in the locale of the path', async () => {
    const html = await (await appThatThrows().request('/ja-JP/boom', {}, env)).text();
    expect(htmlLang(html)).toBe('ja-JP');
    expect(h1Of(html)).toBe(message('ja-JP', 'pages.error.heading'));
  });

  it('keeps the security headers', async () => {
    const res = await appThatThrows().request('/boom', {}, env);
    expect(res.headers.get('content-security-policy')).toMatch(/'nonce-/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is not indexed', async () => {
    const html = await (await appThatThrows().request('/boom', {}, env)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it('a page that throws while rendering answers the whole error page, never part of the page', async () => {
    const res = await appThatThrows().request('/render-throws', {}, env);
    expect(res.status).toBe(500);
    expect(res.headers.get('x-page-cache')).toBe('bypass');
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="en-US"')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(h1Of(html)).toBe('Error');
    expect(html).not.toContain(SECRET);
  });

  it("an HTTPException keeps its status and still hides its message", async () => {
    const res = await appThatThrows().request('/teapot', {}, env);
    expect(res.status).toBe(418);
    expect(await res.text()).not.toContain(SECRET);
  });

  it('under /api/ answers the JSON envelope, not HTML', async () => {
    const res = await appThatThrows().request('/api/boom', {}, env);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ resp_common: { ret: 500, msg: 'Error' } });
  });
});

describe('when the error page itself fails', () => {
  it('answers the minimal fallback page with the same status', async () => {
    const res = await appWithBrokenRenderer().request('/boom', {}, env);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('Go back to home');
    expect(html).toContain('<a href="/">');
    expect(html).not.toContain(SECRET);
  });

  it("the fallback HTML links home with 'Go back to home' and says what happened", () => {
    const html = errorFallbackHtml(500);
    expect(html).toContain('<a href="/">Go back to home</a>');
    expect(html).toContain('An error occurred while showing the error page');
    expect(html).toContain('Error 500');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
  });

  it('the fallback HTML depends on nothing: no script, no stylesheet', () => {
    const html = errorFallbackHtml(503);
    expect(html).not.toMatch(/<script|<link/);
  });
});
