import type { Context } from 'hono';

const PROBE = 'x-mutable-headers-probe';

/**
 * The headers of `c.res`, ready to change. A response the Worker built (a page, JSON) has mutable
 * headers and is changed in place: no new Response around its body (assigning `c.res` makes two,
 * Hono's setter copies again), which every answer would pay for. Answers from fetch(),
 * `Response.redirect()` or the assets binding have immutable headers: those are copied once first.
 */
export function mutableHeaders(c: Context): Headers {
  const headers = c.res.headers;
  try {
    // Immutable headers throw on any change; a probe that is removed at once changes nothing.
    headers.set(PROBE, '1');
    headers.delete(PROBE);
    return headers;
  } catch {
    c.res = new Response(c.res.body, c.res);
    return c.res.headers;
  }
}
