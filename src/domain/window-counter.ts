/**
 * Hits per key in fixed windows, held in one isolate's memory and bounded in size (the oldest
 * window is dropped first). Synchronous, so a request can be answered without any I/O. It is a
 * per-isolate view only: it bounds what one isolate sees, not a client spread over many.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly periodMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Counts one hit for `key` at `now` (epoch ms); false when the key had used up its window already. */
  hit(key: string, now: number): boolean {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.periodMs || now < window.start) {
      // A new window goes to the end of the Map's insertion order, so the first key is the oldest.
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return false;
    window.count++;
    return true;
  }

  get size(): number {
    return this.windows.size;
  }
}
