// The feedback images in R2 (the UPLOADS bucket). An upload waits under `pending/<key>`; when a
// ticket that names it is accepted, the proxy moves it to `attached/<key>` (with the ticket id).
// Whatever is still pending after a day was never sent with a ticket and is deleted by the
// scheduled cleanup (and, in production, also by the bucket's lifecycle rule on `pending/`).
// Nothing here serves an object back: uploads are only ever read by support tooling.
import { ATTACHED_PREFIX, MAX_UPLOADS_PER_DRAFT, PENDING_PREFIX, PENDING_UPLOAD_TTL_MS, IMAGE_TYPES, type ImageExtension } from '../domain/uploads';

/** How many images a draft holds already (stops counting past the limit). */
export async function countDraftUploads(bucket: R2Bucket, draft: string): Promise<number> {
  const listed = await bucket.list({ prefix: `${PENDING_PREFIX}${draft}/`, limit: MAX_UPLOADS_PER_DRAFT + 1 });
  return listed.objects.length;
}

export async function storeUpload(bucket: R2Bucket, key: string, ext: ImageExtension, bytes: Uint8Array): Promise<void> {
  await bucket.put(`${PENDING_PREFIX}${key}`, bytes, {
    httpMetadata: { contentType: IMAGE_TYPES[ext], contentDisposition: 'attachment' },
    customMetadata: { uploadedAt: new Date().toISOString() },
  });
}

/** Removes a pending upload (the visitor took it off the form). Attached images are never touched. */
export async function deletePendingUpload(bucket: R2Bucket, key: string): Promise<void> {
  await bucket.delete(`${PENDING_PREFIX}${key}`);
}

/**
 * Moves a ticket's images from pending to attached, so the cleanup keeps them. R2 has no rename:
 * copy, then delete. Returns the keys that could not be moved (missing or failed).
 */
export async function claimUploads(bucket: R2Bucket, keys: readonly string[], ticketId: string): Promise<string[]> {
  const missed: string[] = [];
  for (const key of keys) {
    try {
      const object = await bucket.get(`${PENDING_PREFIX}${key}`);
      if (!object) {
        missed.push(key);
        continue;
      }
      await bucket.put(`${ATTACHED_PREFIX}${key}`, object.body, {
        httpMetadata: object.httpMetadata,
        customMetadata: { ...object.customMetadata, ticketId },
      });
      await bucket.delete(`${PENDING_PREFIX}${key}`);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'upload claim failed', key, ticketId, error: String(error) }));
      missed.push(key);
    }
  }
  return missed;
}

/** Deletes every pending upload older than the TTL at `now`; returns how many went. */
export async function cleanupPendingUploads(bucket: R2Bucket, now: number = Date.now()): Promise<number> {
  const cutoff = now - PENDING_UPLOAD_TTL_MS;
  let cursor: string | undefined;
  let deleted = 0;
  do {
    const page = await bucket.list({ prefix: PENDING_PREFIX, limit: 1000, ...(cursor ? { cursor } : {}) });
    const stale = page.objects.filter((o) => o.uploaded.getTime() < cutoff).map((o) => o.key);
    if (stale.length > 0) {
      await bucket.delete(stale);
      deleted += stale.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}
