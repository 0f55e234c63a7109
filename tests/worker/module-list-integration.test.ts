import { describe, expect, it } from 'vitest';
import { buildManifest, entryAssets, islandAssets } from '../../src/pages/machinery/assets';
import { MODULE_LOADER_SCRIPT, MODULES_ELEMENT_ID, type PageModules } from '../../src/domain/module-loader';
import type { IslandName } from '../../src/components/islands';
import { get, UA } from './helpers';

// A page loads its scripts after its first paint (src/domain/module-loader.ts): the HTML names no
// module script and no modulepreload; it lists the entry, the entry's imports and the chunks of
// the islands it renders, for the inline loader that follows the list. The browser side (the
// scripts start after the first paint, a prerender loads them at once) is in
// tests/e2e/module-loading.spec.ts.

const BUILT = new Set(Object.values(buildManifest).map((chunk) => `/${chunk.file}`));

async function pageOf(path: string, ua: string = UA.desktop) {
  const res = await get(path, { ua, headers: { cookie: 'locale=en-US' } });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const list = new RegExp(`<script id="${MODULES_ELEMENT_ID}" type="application/json"[^>]*>([^<]*)</script>`).exec(html);
  expect(list, `${path} lists its modules`).not.toBeNull();
  return { html, modules: JSON.parse(list![1]!) as PageModules };
}

describe('the page module list', () => {
  it.each(['/', '/buy', '/license-code', '/feedback', '/fr-FR/checkout?product_id=81902&pay_type=1', '/ko-KR/withdraw'])(
    '%s names no module script and no modulepreload, and lists the entry, its imports and each island’s chunks',
    async (path) => {
      const { html, modules } = await pageOf(path);
      expect(html).not.toMatch(/<script[^>]+type="module"/);
      expect(html).not.toMatch(/rel="modulepreload"/);
      expect(modules.entry).toBe(entryAssets.script);
      for (const url of entryAssets.preload) expect(modules.preload).toContain(url);
      const islands = [...new Set([...html.matchAll(/data-island="([A-Za-z]+)"/g)].map((m) => m[1] as IslandName))];
      expect(islands.length, `${path} has islands`).toBeGreaterThan(0);
      for (const island of islands) for (const url of islandAssets(island)) expect(modules.preload, `${island}: ${url}`).toContain(url);
      expect(new Set(modules.preload).size).toBe(modules.preload.length);
      for (const url of [modules.entry, ...modules.preload]) expect(BUILT, url).toContain(url);
    },
  );

  it('is followed by the loader, the list before it so the loader can read it', async () => {
    const { html } = await pageOf('/mobile/mt-recover', UA.iphone);
    const listAt = html.indexOf(`id="${MODULES_ELEMENT_ID}"`);
    const loaderAt = html.indexOf(MODULE_LOADER_SCRIPT);
    expect(listAt).toBeGreaterThan(html.indexOf('<body'));
    expect(loaderAt).toBeGreaterThan(listAt);
    // The islands the loader hydrates and the message payload the entry reads come after it, and
    // the loader waits for the parsed document before it adds the entry.
    expect(MODULE_LOADER_SCRIPT).toContain("d.readyState==='loading'");
  });

  it('lists only what the page needs: a page without the buy button has not its chunk', async () => {
    const buyButton = `/${buildManifest['client/islands/BuyButton.tsx']!.file}`;
    expect((await pageOf('/buy')).modules.preload).toContain(buyButton);
    expect((await pageOf('/about')).modules.preload).not.toContain(buyButton);
  });
});
