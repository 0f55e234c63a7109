import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';
import { splitLocale } from '../domain/locales';
import { renderNotFound, renderRoute } from '../pages/machinery/router';
import { errorRoute } from '../pages/machinery/error-route';
import { redactForLog } from '../domain/log-safety';

/** Unmatched paths, with or without a locale prefix: the localized 404 page, status 404. */
export const notFound: NotFoundHandler<AppEnv> = (c) => renderNotFound(c);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Anything thrown: the error page with its status (500 unless an HTTPException says otherwise).
 * The visitor never sees a stack; the log gets it with the request id, the method and path, with
 * any email address or card number in them taken out (an error's text can quote the input).
 */
export const onError: ErrorHandler<AppEnv> = async (error, c) => {
  const status = error instanceof HTTPException ? error.status : 500;
  const stack = (error as Error)?.stack;
  console.error(
    JSON.stringify({
      level: 'error',
      requestId: c.get('requestId'),
      method: c.req.method,
      path: redactForLog(c.req.path),
      status,
      error: redactForLog(String(error)),
      stack: stack === undefined ? undefined : redactForLog(stack),
    }),
  );
  if (error instanceof HTTPException && error.res) return error.res;
  if (c.req.path.startsWith('/api/')) {
    return c.json({ resp_common: { ret: status, msg: 'Error' } }, status);
  }
  try {
    const { locale, rest } = splitLocale(c.req.path);
    const res = await renderRoute(c, { route: errorRoute(status), locale, mobile: false, params: {}, rest });
    return new Response(res.body, { status, headers: res.headers });
  } catch (renderError) {
    // The error page itself failed: a minimal page that depends on nothing.
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), error: `error page failed: ${redactForLog(String(renderError))}` }));
    return c.html(errorFallbackHtml(status), status);
  }
};

export function errorFallbackHtml(status: number): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Error</title></head><body><main><h1>An error occurred while showing the error page</h1><p>${escapeHtml(`Error ${status}`)}</p><p><a href="/">Go back to home</a></p></main></body></html>`;
}
