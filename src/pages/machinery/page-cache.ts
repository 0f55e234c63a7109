import type { RenderedPage } from './render';

/**
 * Rendered pages per isolate, least recently used first out, bounded by entry count and bytes.
 * An isolate has 128 MB; a page is 20–60 KB, so the default (500 pages, 16 MB) holds every page
 * of every locale, variant and currency with room for campaign links, and can never crowd out
 * the rest of the isolate. Keys come from src/pages/machinery/page-cache-key.ts.
 */
export class PageCache {
  readonly #entries = new Map<string, RenderedPage>();
  #bytes = 0;
  readonly stats = { hits: 0, misses: 0, bypasses: 0, evictions: 0 };

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): RenderedPage | undefined {
    const page = this.#entries.get(key);
    if (page) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
      this.#entries.delete(key);
      this.#entries.set(key, page);
      this.stats.hits++;
    } else {
      this.stats.misses++;
    }
    return page;
  }

  set(key: string, page: RenderedPage): void {
    const size = entrySize(key, page);
    // One page larger than an eighth of the budget would evict too much for one key: never stored.
    if (size > this.maxBytes / 8) return;
    this.delete(key);
    this.#entries.set(key, page);
    this.#bytes += size;
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value as string;
      this.delete(oldest);
      this.stats.evictions++;
    }
  }

  delete(key: string): void {
    const page = this.#entries.get(key);
    if (!page) return;
    this.#entries.delete(key);
    this.#bytes -= entrySize(key, page);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    for (const name of Object.keys(this.stats) as (keyof PageCache['stats'])[]) this.stats[name] = 0;
  }
}

/** Keys are JS strings (2 bytes a character at worst). */
const entrySize = (key: string, page: RenderedPage) => page.bytes + key.length * 2;

export const PAGE_CACHE_MAX_ENTRIES = 500;
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/** The isolate's page cache. */
export const pageCache = new PageCache(PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_MAX_BYTES);
