// A chunk that fails to load (usually a deploy replaced the hashed files) reloads the
// page, at most once a minute so a real outage cannot become a reload loop.
const KEY = 'chunk-reload-at';
const MIN_INTERVAL_MS = 60_000;

export function reloadOnceAfterChunkFailure(error: unknown, now = Date.now(), storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, reload = () => location.reload()): boolean {
  console.warn('Failed to load a page chunk', error);
  let last = 0;
  try {
    last = Number(storage.getItem(KEY)) || 0;
  } catch {
    /* storage unavailable: still reload once */
  }
  if (now - last < MIN_INTERVAL_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    /* ignore */
  }
  reload();
  return true;
}
