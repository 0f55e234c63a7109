import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../env';

/**
 * One JSON line per request, for Workers Logs (which indexes its fields): the request id (the
 * same one error lines carry), the method, the route that answered as it is registered ('/buy',
 * '/download/:file'; for the 404 page the catch-all that ran last, '/*'), the status and the time
 * in ms (workerd's clock moves only across I/O, so a page from the page cache reads 0). Never the
 * URL: paths and queries can carry a visitor's email (a feedback prefill link). It runs first, so
 * the time covers every other middleware and the status is the final one, the error page's
 * included. Its cost per request: hono's short list of matched routes, one small flat object,
 * its JSON and one console.log (wrangler dev prints it only at --log-level info, i.e. `npm start`;
 * the bench builds the line but does not write it: REQUEST_LOG in src/env.ts).
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  let status = 500;
  try {
    await next();
    status = c.res.status;
  } finally {
    const line = JSON.stringify({
      level: status >= 500 ? 'error' : 'info',
      msg: 'request',
      requestId: c.get('requestId') ?? null,
      method: c.req.method,
      route: routePath(c),
      status,
      ms: Date.now() - started,
    });
    if (c.env.REQUEST_LOG !== 'off') console.log(line);
  }
};
