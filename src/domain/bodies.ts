// Reading a body without trusting its size: the site's proxy (requests and upstream answers) and
// the reference origin all stop at a byte cap, whether the length was declared or streamed.

/**
 * What to do with the rest of a body refused for its size: cancel it (the default), or, with
 * `drainUpTo`, read and drop it first while the whole body stays within that many bytes (see
 * discardBody: a client still sending can then read the refusal).
 */
export interface CappedReadOptions {
  drainUpTo?: number;
}

/** The bytes of a body (a Request's or a Response's), or null when it is over `max` bytes (the rest is cancelled or drained). */
export async function readCappedBytes(message: Request | Response, max: number, { drainUpTo }: CappedReadOptions = {}): Promise<Uint8Array | null> {
  const declared = message.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > max)) {
    if (drainUpTo === undefined) await message.body?.cancel().catch(() => {});
    else await discardBody(message, drainUpTo);
    return null;
  }
  if (!message.body) return new Uint8Array();
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      if (drainUpTo === undefined) await reader.cancel().catch(() => {});
      else await drainReader(reader, size, drainUpTo);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads and drops what is left of a body, up to `limit` bytes in all, before a refusal is sent.
 * A server that answers while the client is still sending and then closes the connection with
 * unread bytes in it makes TCP reset it: the client gets ECONNRESET or a network error instead of
 * the answer (seen under wrangler dev with Node's fetch and a 6 MB upload). Once the body is read
 * the client finishes sending and reads the refusal. A body declared or found larger than `limit`
 * is cancelled instead, so the Worker never reads without bound (that client may see the reset).
 */
export async function discardBody(message: Request | Response, limit: number): Promise<void> {
  if (!message.body || message.bodyUsed) return;
  const declared = message.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > limit)) {
    await message.body.cancel().catch(() => {});
    return;
  }
  await drainReader(message.body.getReader(), 0, limit);
}

async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number, limit: number): Promise<void> {
  let size = alreadyRead;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return;
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/** Strict UTF-8 text, or null for malformed bytes. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}
