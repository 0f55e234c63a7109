// The feedback images in R2 (the UPLOADS bucket). An upload waits under `pending/<key>`; when a
// ticket that names it is accepted, the proxy moves it to `attached/<key>` (with the ticket id).
// Whatever is still pending after a day was never sent with a ticket and is deleted by the
// scheduled cleanup (and, in production, also by the bucket's lifecycle rule on `pending/`).
// Nothing here serves an object back: uploads are only ever read by support tooling.
import { ATTACHED_PREFIX, MAX_UPLOADS_PER_DRAFT, PENDING_PREFIX, PENDING_UPLOAD_TTL_MS, IMAGE_TYPES, type ImageExtension } from '../domain/uploads';

// ── The five places of a draft ──────────────────────────────────────────────────────────────
//
// A draft may hold MAX_UPLOADS_PER_DRAFT images. Each image first takes one of that many fixed
// places, `pending/<draft>/slot-<n>`, with a conditional put (`onlyIf: { etagDoesNotMatch: '*' }`,
// R2's If-None-Match: *): R2 stores the object only if nothing is stored under that name, and
// decides it atomically in the bucket, with strong consistency. So two uploads racing for a place,
// in one isolate or in isolates on different machines, can never both get it, and no more images
// than places are ever stored. Counting the draft's objects before writing (the first version)
// could not do that: every concurrent upload counted before any of them wrote. The places live
// under `pending/`, so the hourly cleanup and the bucket's lifecycle rule remove them with the
// draft; a place stays taken after its image moves to a ticket (`attached/`), since the draft's
// five are then used up.

const SLOT_PREFIX = 'slot-';

function slotKey(draft: string, slot: number): string {
  return `${PENDING_PREFIX}${draft}/${SLOT_PREFIX}${slot}`;
}

/** How many of a draft's places are taken (a cheap early answer; reserveUploadSlot decides). */
export async function countDraftUploads(bucket: R2Bucket, draft: string): Promise<number> {
  const listed = await bucket.list({ prefix: `${PENDING_PREFIX}${draft}/${SLOT_PREFIX}`, limit: MAX_UPLOADS_PER_DRAFT + 1 });
  return listed.objects.length;
}

/** Takes a free place of `key`'s draft for it: its number, or null when all are taken. */
export async function reserveUploadSlot(bucket: R2Bucket, key: string): Promise<number | null> {
  const draft = key.split('/')[0]!;
  for (let slot = 0; slot < MAX_UPLOADS_PER_DRAFT; slot++) {
    const taken = await bucket.put(slotKey(draft, slot), '', {
      onlyIf: { etagDoesNotMatch: '*' },
      customMetadata: { key, uploadedAt: new Date().toISOString() },
    });
    // null: the condition failed, another image holds this place.
    if (taken) return slot;
  }
  return null;
}

/** Gives a place back, but only if `key` still holds it (a place freed twice could free another image's). */
async function releaseUploadSlot(bucket: R2Bucket, key: string, slot: number): Promise<void> {
  const name = slotKey(key.split('/')[0]!, slot);
  const holder = await bucket.head(name);
  if (holder?.customMetadata?.key === key) await bucket.delete(name);
}

/** Stores an image in the place reserveUploadSlot gave it; the place is given back if the write fails. */
export async function storeUpload(bucket: R2Bucket, key: string, ext: ImageExtension, bytes: Uint8Array, slot: number): Promise<void> {
  try {
    await bucket.put(`${PENDING_PREFIX}${key}`, bytes, {
      httpMetadata: { contentType: IMAGE_TYPES[ext], contentDisposition: 'attachment' },
      customMetadata: { uploadedAt: new Date().toISOString(), slot: String(slot) },
    });
  } catch (error) {
    await releaseUploadSlot(bucket, key, slot).catch(() => {});
    throw error;
  }
}

/**
 * Removes a pending upload (the visitor took it off the form) and gives its place back. Attached
 * images are never touched. The image goes first: a second removal of the same key then finds no
 * image, so it cannot free a place a newer upload has taken meanwhile.
 */
export async function deletePendingUpload(bucket: R2Bucket, key: string): Promise<void> {
  const image = await bucket.head(`${PENDING_PREFIX}${key}`);
  if (!image) return;
  await bucket.delete(`${PENDING_PREFIX}${key}`);
  const slot = Number(image.customMetadata?.slot);
  if (Number.isInteger(slot) && slot >= 0 && slot < MAX_UPLOADS_PER_DRAFT) await releaseUploadSlot(bucket, key, slot);
}

/**
 * The index of the first of a ticket's attachment keys that this site did not take for the form
 * that sends it, or -1 when every key is one: all keys name one draft (the form's), and each names
 * an image still waiting under `pending/`, uploaded through /api/upload and not removed or sent
 * with another ticket. A key of the right shape proves nothing by itself; only the bucket does.
 */
export async function firstUnknownAttachment(bucket: R2Bucket, keys: readonly string[]): Promise<number> {
  const draft = keys[0]?.split('/')[0];
  const otherDraft = keys.findIndex((key) => key.split('/')[0] !== draft);
  if (otherDraft !== -1) return otherDraft;
  const images = await Promise.all(keys.map((key) => bucket.head(`${PENDING_PREFIX}${key}`)));
  return images.findIndex((image) => image === null);
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
