// Reading a body without trusting its size: the site's proxy (requests and upstream answers) and
// the reference origin all stop at a byte cap, whether the length was declared or streamed.

/** The bytes of a body (a Request's or a Response's), or null when it is over `max` bytes (the rest is cancelled). */
export async function readCappedBytes(message: Request | Response, max: number): Promise<Uint8Array | null> {
  const declared = message.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > max)) {
    await message.body?.cancel().catch(() => {});
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
      await reader.cancel().catch(() => {});
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

/** Strict UTF-8 text, or null for malformed bytes. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}
