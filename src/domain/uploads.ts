// The feedback image upload's rules, shared by the edge route (src/routes/uploads.ts), the
// browser's upload component (checks before sending) and the tests. Pure: no I/O.
import { MAX_ATTACHMENTS, UPLOAD_KEY_PATTERN } from './api-schemas';

/** Largest image accepted, per file (5 MB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Images per ticket: the same bound as the ticket's attachments. */
export const MAX_UPLOADS_PER_DRAFT = MAX_ATTACHMENTS;
/**
 * How much of a refused upload's body the edge still reads (and drops) before answering, so that
 * a client still sending can read the refusal instead of a reset connection: any plausible photo.
 * Bigger bodies are cancelled at once (the browser's own check never sends one).
 */
export const UPLOAD_DRAIN_BYTES = 32 * 1024 * 1024;
/** What a multipart envelope may add around the file (boundaries, part headers). */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** Uploads not attached to a ticket within this time are deleted (the scheduled cleanup). */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** R2 prefixes: uploads wait under `pending/` until a ticket names them, then move to `attached/`. */
export const PENDING_PREFIX = 'pending/';
export const ATTACHED_PREFIX = 'attached/';

export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** Bytes needed to recognise every accepted type. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The image type by the file's first bytes (never by its name or declared type), or null: an
 * executable renamed .png is not a PNG.
 */
export function sniffImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // JPEG: SOI followed by the first marker's 0xFF (JFIF, Exif and raw variants all start so).
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) return 'gif';
  return null;
}

/** A form's draft id: 32 lowercase hex (a UUID without dashes). */
export const DRAFT_PATTERN = /^[0-9a-f]{32}$/;

export function isUploadKey(value: string): boolean {
  return UPLOAD_KEY_PATTERN.test(value);
}

/** 32 random hex characters. */
export function randomHex32(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** A new key for an image of `draft`: unguessable, so it works as its own capability. */
export function newUploadKey(draft: string, ext: ImageExtension): string {
  return `${draft}/${randomHex32()}.${ext}`;
}

/** Why an upload was refused; the browser localizes it (`feedback.upload.reasons.<camelCase>`). */
export type UploadRefusal = 'too_big' | 'wrong_type' | 'too_many' | 'empty' | 'rate_limited' | 'bad_request';
