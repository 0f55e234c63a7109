/**
 * A path that can only point at this site: one leading slash, never '//' or '/\' (which browsers
 * read as another host), no control characters. Redirects built from request data go through it.
 */
export function onSitePath(path: string): string {
  const cleaned = path.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^[/\\]+/, '');
  return `/${cleaned}`;
}

/** A slash followed by another slash or a backslash, plain or percent-encoded: browsers read '//' and '/\\' as a host. */
const OTHER_HOST_START = /^[/\\](?:[/\\]|%2f|%5c)/i;

/**
 * Whether `path` (as sent, percent-encoded) starts like a reference to another host in any form a
 * later decoding step could produce: '//' or '/\\' as sent, after one or more percent-decodings
 * (`/%2f%2fevil.example`, `/%252f…`), or once control characters (which browsers strip) are gone.
 * A redirect to such a path is never made, even after onSitePath: the request is a 404.
 */
export function readsAsOtherHost(path: string): boolean {
  let form = path;
  for (let round = 0; round < 4; round++) {
    if (OTHER_HOST_START.test(form.replace(/[\u0000-\u001f\u007f]/g, ''))) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return false;
    }
    if (decoded === form) return false;
    form = decoded;
  }
  // Still encoded after four decodings: nothing a visitor follows looks like that.
  return true;
}
