// Bytes a page makes the browser download: its scripts (its module list) and stylesheets,
// read from the build output, raw and gzip, split into shared (every page) and page-specific.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const DIST = new URL('../../dist/client/', import.meta.url).pathname;

/** Asset URLs referenced by a page's HTML: its module list (src/domain/module-loader.ts) and its stylesheets. */
export function pageAssetUrls(html) {
  const urls = { js: new Set(), css: new Set() };
  const list = /<script id="__modules" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html);
  if (list) {
    const { entry, preload } = JSON.parse(list[1]);
    for (const url of [entry, ...preload]) urls.js.add(url);
  }
  for (const m of html.matchAll(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g)) urls.js.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)) urls.css.add(m[1]);
  return { js: [...urls.js], css: [...urls.css] };
}

const cache = new Map();
export function fileSize(url) {
  if (!cache.has(url)) {
    const bytes = readFileSync(join(DIST, url));
    cache.set(url, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return cache.get(url);
}

const sum = (urls) => urls.reduce((acc, u) => { const s = fileSize(u); return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip }; }, { raw: 0, gzip: 0 });

/**
 * Sizes for each page, given { name: html }. Shared = assets every measured page loads;
 * page-specific = the rest of that page's assets.
 */
export function pageSizes(pages) {
  const assets = Object.fromEntries(Object.entries(pages).map(([name, html]) => [name, pageAssetUrls(html)]));
  const all = Object.values(assets);
  const shared = (kind) => all.reduce((acc, a) => acc.filter((u) => a[kind].includes(u)), all[0]?.[kind] ?? []);
  const sharedJs = shared('js');
  const sharedCss = shared('css');
  const out = {};
  for (const [name, a] of Object.entries(assets)) {
    out[name] = {
      js: sum(a.js),
      css: sum(a.css),
      jsShared: sum(a.js.filter((u) => sharedJs.includes(u))),
      jsPage: sum(a.js.filter((u) => !sharedJs.includes(u))),
      cssShared: sum(a.css.filter((u) => sharedCss.includes(u))),
      cssPage: sum(a.css.filter((u) => !sharedCss.includes(u))),
      html: { raw: Buffer.byteLength(pages[name]), gzip: gzipSync(pages[name], { level: 9 }).length },
      files: a,
    };
  }
  return out;
}

/**
 * What a page loads after hydration for its Web Vitals (client/lib/vitals.ts): that chunk and every
 * chunk it imports that the entry's own graph does not already load, from the Vite manifest.
 */
export function vitalsJsSize() {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
  const graph = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) graph(dep, seen);
    return seen;
  };
  const entry = graph('client/entry.tsx');
  const files = [...graph('client/lib/vitals.ts')].filter((key) => !entry.has(key)).map((key) => `/${manifest[key].file}`);
  return { ...sum(files), files };
}
