import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { contentDisposition, INSTALLER_OBJECTS, parseInstallerFileName } from '../domain/tracking';
import { renderNotFound } from '../pages/machinery/router';
import { rejectTrailingSlash } from '../middleware/trailing-slash';

/**
 * GET|HEAD /download/<product>_setup_<tid1>_<tid2>[_<code>].exe — the installer from R2.
 * The file name is validated and only names the download; the R2 key is fixed per product.
 * Single byte ranges (206 / 416), a strong ETag with If-None-Match (304) and If-Range.
 */

const CACHE_CONTROL = 'public, max-age=3600';
const CONTENT_TYPE = 'application/vnd.microsoft.portable-executable';

export type ByteRange = { start: number; end: number };

/**
 * A Range header against an object of `size` bytes: a satisfiable single range, 'unsatisfiable'
 * (416), or null to send the whole object (no header, another unit, several ranges or bad syntax:
 * RFC 9110 lets a server ignore those).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** If-None-Match against a strong ETag (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

async function serveInstaller(c: Context<AppEnv>) {
  const name = c.req.param('file') ?? '';
  const parsed = parseInstallerFileName(name);
  if (!parsed) return renderNotFound(c);
  const key = INSTALLER_OBJECTS[parsed.product];
  const head = await c.env.INSTALLERS.head(key);
  if (!head) return renderNotFound(c);

  const etag = head.httpEtag;
  const headers = new Headers({
    'Content-Type': CONTENT_TYPE,
    'Content-Disposition': contentDisposition(name),
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': head.uploaded.toUTCString(),
    'Cache-Control': CACHE_CONTROL,
  });
  if (matchesAny(c.req.header('if-none-match'), etag)) {
    for (const h of ['Content-Type', 'Content-Disposition', 'Accept-Ranges']) headers.delete(h);
    return new Response(null, { status: 304, headers });
  }

  const size = head.size;
  // If-Range with another validator means "the copy I hold changed": send it whole.
  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange.trim() !== etag ? null : parseRange(c.req.header('range'), size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    headers.delete('Content-Disposition');
    return new Response(null, { status: 416, headers });
  }

  const length = range ? range.end - range.start + 1 : size;
  headers.set('Content-Length', String(length));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });

  const object = await c.env.INSTALLERS.get(key, range ? { range: { offset: range.start, length } } : undefined);
  // Deleted between head() and get(): as missing.
  if (!object) return renderNotFound(c);
  return new Response(object.body, { status, headers });
}

// A bad name or a missing object answers the localized 404 page (renderNotFound).
export const downloads = new Hono<AppEnv>().use('*', rejectTrailingSlash).on(['GET', 'HEAD'], '/:file', serveInstaller);

/** Largest upload the test control accepts (a real installer is about 3.2 MB). */
const MAX_TEST_INSTALLER_BYTES = 16 * 1024 * 1024;

/**
 * Locally only: PUT /__test/installer stores the request body as the installer, so an end-to-end
 * run on fresh local state can download one. Every deployed environment (production, staging)
 * answers 404: on a public host it would let anyone replace the installer.
 */
export const downloadTestRoutes = new Hono<AppEnv>().put('/installer', async (c) => {
  if (c.env.ENVIRONMENT !== 'development') return c.notFound();
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (!Number.isFinite(declared) || declared <= 0 || declared > MAX_TEST_INSTALLER_BYTES) {
    return c.json({ error: `send 1 to ${MAX_TEST_INSTALLER_BYTES} bytes with a Content-Length` }, 400);
  }
  const body = await c.req.arrayBuffer();
  if (body.byteLength !== declared) return c.json({ error: 'body length does not match Content-Length' }, 400);
  const object = await c.env.INSTALLERS.put(INSTALLER_OBJECTS['mt-recover'], body, { httpMetadata: { contentType: CONTENT_TYPE } });
  c.header('Cache-Control', 'no-store');
  return c.json({ key: object.key, size: object.size, etag: object.httpEtag });
});
