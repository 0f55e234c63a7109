// The browser side of POST /api/upload (src/routes/uploads.ts): checks a file before sending it
// (the same rules the edge applies: size, count, the first bytes), sends it with progress (XHR:
// fetch reports no upload progress) and maps the answer to a reason the form can show.
import { MAX_UPLOAD_BYTES, MAX_UPLOADS_PER_DRAFT, SNIFF_BYTES, sniffImageType, type UploadRefusal } from '../../src/domain/uploads';
import { LOCALE_HEADER } from '../../src/domain/api-handlers';

/** `feedback.upload.reasons.<UploadReason>`. */
export type UploadReason = 'tooBig' | 'wrongType' | 'tooMany' | 'empty' | 'rateLimited' | 'badRequest' | 'network' | 'server';

const FROM_SERVER: Record<UploadRefusal, UploadReason> = {
  too_big: 'tooBig',
  wrong_type: 'wrongType',
  too_many: 'tooMany',
  empty: 'empty',
  rate_limited: 'rateLimited',
  bad_request: 'badRequest',
};

export type UploadResult = { ok: true; key: string } | { ok: false; reason: UploadReason };

/** Why `file` cannot be sent as the `index`-th image (0-based), or null. Reads only its first bytes. */
export async function precheckImage(file: Blob, index: number): Promise<UploadReason | null> {
  if (index >= MAX_UPLOADS_PER_DRAFT) return 'tooMany';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooBig';
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ? null : 'wrongType';
}

/** Sends one image of `draft`; `onProgress` gets 0…1. Never rejects: a failure is a reason. */
export function uploadImage(file: Blob, draft: string, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload?draft=${encodeURIComponent(draft)}`);
    // The type is the browser's guess from the name; the edge decides by the bytes anyway.
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader(LOCALE_HEADER, document.documentElement.lang || 'en-US');
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { key?: unknown; reason?: unknown } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { key?: unknown; reason?: unknown };
      } catch {
        body = null;
      }
      if (xhr.status === 201 && typeof body?.key === 'string') {
        onProgress(1);
        resolve({ ok: true, key: body.key });
        return;
      }
      const reason = typeof body?.reason === 'string' && Object.hasOwn(FROM_SERVER, body.reason) ? FROM_SERVER[body.reason as UploadRefusal] : null;
      resolve({ ok: false, reason: reason ?? (xhr.status === 413 ? 'tooBig' : xhr.status === 415 ? 'wrongType' : 'server') });
    };
    xhr.onerror = () => resolve({ ok: false, reason: 'network' });
    xhr.ontimeout = () => resolve({ ok: false, reason: 'network' });
    xhr.send(file);
  });
}

/** Takes a pending image off the server (the visitor removed it). Best effort: the cleanup catches the rest. */
export function deleteUpload(key: string): void {
  void fetch(`/api/upload/${key}`, { method: 'DELETE', credentials: 'same-origin' }).catch(() => {});
}
