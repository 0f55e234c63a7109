// The feedback form's image upload (docs/ARCHITECTURE.md, Feedback and image uploads), beside the /api proxy:
//
//   POST   /api/upload?draft=<32 hex>   one image per request, raw body (image/*) or multipart
//                                       (field `file`) → 201 {resp_common, key, type, size}
//   DELETE /api/upload/<key>            the visitor removed a pending image → 204
//
//   400 bad draft, empty, malformed multipart   403 cross-site      405 other methods
//   409 the draft's 5 places are taken          413 over 5 MB (declared or read)
//   415 not PNG/JPEG/WebP/GIF by its first bytes (the name and declared type do not count)
//   429 past UPLOAD_RATE_LIMITER (per client IP) 503 the bucket failed
//
// Answers are the resp_common envelope (no-store) with `reason` on refusals; `msg` is in the
// page's language (X-Site-Locale). The key is random: knowing it is the only way to name the
// image, and no route ever serves an upload back.
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { withinRateLimit } from '../services/rate-limit';
import { discardBody, readCappedBytes } from '../domain/bodies';
import { API_ERRORS } from '../domain/api-errors';
import {
  DRAFT_PATTERN,
  IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOADS_PER_DRAFT,
  MULTIPART_OVERHEAD_BYTES,
  UPLOAD_DRAIN_BYTES,
  isUploadKey,
  newUploadKey,
  sniffImageType,
  type UploadRefusal,
} from '../domain/uploads';
import { translatorFor } from '../services/messages';
import { countDraftUploads, deletePendingUpload, reserveUploadSlot, storeUpload } from '../services/uploads';
import { requestLocale } from './api-proxy';

const RATE_LIMIT_RETRY_AFTER_S = 60;
const MB = String(MAX_UPLOAD_BYTES / (1024 * 1024));

const REFUSALS: Record<UploadRefusal, { status: ContentfulStatusCode; code: number; key: string }> = {
  bad_request: { status: 400, code: API_ERRORS.UNSUPPORTED_REQUEST.code, key: 'feedback.upload.reasons.badRequest' },
  empty: { status: 400, code: API_ERRORS.UNSUPPORTED_REQUEST.code, key: 'feedback.upload.reasons.empty' },
  too_many: { status: 409, code: API_ERRORS.UNSUPPORTED_REQUEST.code, key: 'feedback.upload.reasons.tooMany' },
  too_big: { status: 413, code: API_ERRORS.UNSUPPORTED_REQUEST.code, key: 'feedback.upload.reasons.tooBig' },
  wrong_type: { status: 415, code: API_ERRORS.UNSUPPORTED_REQUEST.code, key: 'feedback.upload.reasons.wrongType' },
  rate_limited: { status: 429, code: API_ERRORS.TOO_FREQUENT.code, key: 'feedback.upload.reasons.rateLimited' },
};

function answer(status: ContentfulStatusCode, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', ...headers },
  });
}

function refuse(c: Context<AppEnv>, reason: UploadRefusal, headers: Record<string, string> = {}): Response {
  const { status, code, key } = REFUSALS[reason];
  const msg = translatorFor(requestLocale(c)).t(key, { size: MB, count: String(MAX_UPLOADS_PER_DRAFT) });
  return answer(status, { resp_common: { ret: code, msg }, reason }, headers);
}

type Read = { ok: true; bytes: Uint8Array } | { ok: false; reason: UploadRefusal };

/** The image's bytes from a raw body or a multipart form (field `file`), never more than the cap. */
async function readImage(request: Request): Promise<Read> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    const raw = await readCappedBytes(request, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES, { drainUpTo: UPLOAD_DRAIN_BYTES });
    if (!raw) return { ok: false, reason: 'too_big' };
    let form: FormData;
    try {
      form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
    } catch {
      return { ok: false, reason: 'bad_request' };
    }
    const file = form.get('file');
    if (file === null || typeof file === 'string') return { ok: false, reason: 'bad_request' };
    if (file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too_big' };
    return { ok: true, bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  // A raw body: its declared type is not trusted either way, but a non-file type is not an upload.
  if (type !== '' && !type.startsWith('image/') && type !== 'application/octet-stream') {
    await discardBody(request, UPLOAD_DRAIN_BYTES);
    return { ok: false, reason: 'wrong_type' };
  }
  const bytes = await readCappedBytes(request, MAX_UPLOAD_BYTES, { drainUpTo: UPLOAD_DRAIN_BYTES });
  return bytes ? { ok: true, bytes } : { ok: false, reason: 'too_big' };
}

export const uploadRoutes = new Hono<AppEnv>({ strict: true });

// A page of another site cannot make a visitor's browser upload or delete here.
uploadRoutes.use('*', async (c, next) => {
  if (c.req.header('sec-fetch-site') === 'cross-site') {
    await discardBody(c.req.raw, UPLOAD_DRAIN_BYTES);
    const msg = translatorFor(requestLocale(c)).t('ui.api.edge.crossSite');
    return answer(403, { resp_common: { ret: API_ERRORS.FORBIDDEN.code, msg } });
  }
  return next();
});

uploadRoutes.post('/', async (c) => {
  const request = c.req.raw;
  const draft = c.req.query('draft') ?? '';
  if (!DRAFT_PATTERN.test(draft)) {
    await discardBody(request, UPLOAD_DRAIN_BYTES);
    return refuse(c, 'bad_request');
  }
  // Without the limiter the size, type and count limits still hold.
  if (!(await withinRateLimit(c.env.UPLOAD_RATE_LIMITER, c.req.header('cf-connecting-ip') ?? 'unknown', 'upload', c.get('requestId')))) {
    await discardBody(request, UPLOAD_DRAIN_BYTES);
    return refuse(c, 'rate_limited', { 'Retry-After': String(RATE_LIMIT_RETRY_AFTER_S) });
  }
  try {
    if ((await countDraftUploads(c.env.UPLOADS, draft)) >= MAX_UPLOADS_PER_DRAFT) {
      await discardBody(request, UPLOAD_DRAIN_BYTES);
      return refuse(c, 'too_many');
    }
    const read = await readImage(request);
    if (!read.ok) return refuse(c, read.reason);
    if (read.bytes.byteLength === 0) return refuse(c, 'empty');
    const ext = sniffImageType(read.bytes);
    if (!ext) return refuse(c, 'wrong_type');
    const key = newUploadKey(draft, ext);
    // The count above is only an early answer: concurrent uploads all pass it. The place taken
    // here is the limit itself (a conditional write per place, src/services/uploads.ts).
    const slot = await reserveUploadSlot(c.env.UPLOADS, key);
    if (slot === null) return refuse(c, 'too_many');
    await storeUpload(c.env.UPLOADS, key, ext, read.bytes, slot);
    return answer(201, { resp_common: { ret: 0, msg: 'success' }, key, type: IMAGE_TYPES[ext], size: read.bytes.byteLength });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: 'upload failed', error: String(error) }));
    const msg = translatorFor(requestLocale(c)).t('feedback.upload.reasons.server');
    return answer(503, { resp_common: { ret: API_ERRORS.INTERNAL_ERROR.code, msg } });
  }
});

uploadRoutes.delete('/:draft/:file', async (c) => {
  const key = `${c.req.param('draft')}/${c.req.param('file')}`;
  if (!isUploadKey(key)) return refuse(c, 'bad_request');
  await deletePendingUpload(c.env.UPLOADS, key);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});

uploadRoutes.all('*', async (c) => {
  await discardBody(c.req.raw, UPLOAD_DRAIN_BYTES);
  const msg = translatorFor(requestLocale(c)).t('ui.api.edge.method');
  return answer(405, { resp_common: { ret: API_ERRORS.UNSUPPORTED_REQUEST.code, msg } }, { Allow: 'POST, DELETE' });
});
