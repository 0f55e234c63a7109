import { describe, expect, it } from 'vitest';
import { PageCache } from '../../src/pages/machinery/page-cache';
import { noncePlaceholder, pageFromHtml, withNonce, type RenderedPage } from '../../src/pages/machinery/render';

const page = (bytes: number): RenderedPage => ({ template: new Uint8Array(bytes), nonceAt: [], bytes });

describe('the page cache', () => {
  it('drops the least recently used page past its entry count', () => {
    const cache = new PageCache(3, 1_000_000);
    for (const key of ['a', 'b', 'c']) cache.set(key, page(10));
    cache.get('a');
    cache.set('d', page(10));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).toBe(true);
    expect(cache.size).toBe(3);
    expect(cache.stats.evictions).toBe(1);
  });

  it('drops the least recently used pages past its byte budget, counting keys too', () => {
    const cache = new PageCache(100, 1000);
    cache.set('a', page(100));
    cache.set('b', page(100));
    cache.set('c', page(100));
    cache.get('a');
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i', 'j']) cache.set(key, page(100));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('j')).toBeDefined();
  });

  it('never stores one page larger than an eighth of its budget', () => {
    const cache = new PageCache(100, 8000);
    cache.set('big', page(1001));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('replaces a page under the same key without counting it twice', () => {
    const cache = new PageCache(10, 10_000);
    cache.set('a', page(100));
    cache.set('a', page(200));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(202);
  });
});

describe('the nonce splice', () => {
  it('writes any nonce where the placeholder was, after multi-byte text too', () => {
    const p = noncePlaceholder();
    const html = `<!DOCTYPE html><html lang="ja-JP"><p>日本語のページ é</p><script nonce="${p}"></script><link nonce="${p}"/>末尾`;
    const page = pageFromHtml(html);
    expect(page.nonceAt).toHaveLength(2);
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    const nonce = 'AbCdEfGhIjKlMnOpQrStUw==';
    expect(nonce).toHaveLength(p.length);
    expect(decode(withNonce(page, nonce))).toBe(html.replaceAll(p, nonce));
    // The template itself is never written to: the next answer starts from the placeholder again.
    expect(decode(page.template)).toBe(html);
    expect(decode(withNonce(page, ''))).toBe(html.replaceAll(p, ''));
    expect(decode(withNonce(page, 'short'))).toBe(html.replaceAll(p, 'short'));
  });
});
