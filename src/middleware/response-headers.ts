import type { Context } from 'hono';

/**
 * The headers of `c.res`, ready to change. A response the Worker built (a page, JSON, a redirect)
 * has mutable headers and is changed in place: no copy, so its body keeps its known length
 * (Content-Length instead of a chunked stream) and costs nothing to pass on. Answers from fetch()
 * or the assets binding have immutable headers: those are copied once first.
 */
export function mutableHeaders(c: Context): Headers {
  const headers = c.res.headers;
  try {
    // Setting a header that is already there to its own value changes nothing when it works.
    headers.set('Content-Type', headers.get('Content-Type') ?? '');
    if (headers.get('Content-Type') === '') headers.delete('Content-Type');
    return headers;
  } catch {
    c.res = new Response(c.res.body, c.res);
    return c.res.headers;
  }
}
