import manifest from '../../dist/client/.vite/manifest.json';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const chunks = manifest as unknown as Record<string, ManifestChunk>;
const ENTRY = 'client/entry.tsx';

function collect(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunks[key]?.imports ?? []) collect(dep, seen);
  return seen;
}

const url = (file: string) => `/${file}`;

/** The entry script, its static imports (to modulepreload) and the stylesheets every page links. */
export const entryAssets = (() => {
  const keys = [...collect(ENTRY)];
  return {
    script: url(chunks[ENTRY]!.file),
    preload: keys.filter((k) => k !== ENTRY).map((k) => url(chunks[k]!.file)),
    css: keys.flatMap((k) => chunks[k]?.css ?? []).map(url),
  };
})();

/** Scripts an island needs beyond the entry, to modulepreload while the page streams. */
export function islandAssets(name: string): string[] {
  const key = `client/islands/${name}.tsx`;
  if (!chunks[key]) return [];
  const entryKeys = collect(ENTRY);
  return [...collect(key)].filter((k) => !entryKeys.has(k)).map((k) => url(chunks[k]!.file));
}

/**
 * The stylesheets an island's chunk imports, linked from the server so they arrive with the HTML
 * (render-blocking, no layout shift) instead of when the island's script loads. Vite's chunk
 * loader later finds them in <head> and does not add them twice.
 */
export function islandStylesheets(name: string): string[] {
  const entryKeys = collect(ENTRY);
  const css = [...collect(`client/islands/${name}.tsx`)].filter((k) => !entryKeys.has(k)).flatMap((k) => chunks[k]?.css ?? []);
  return [...new Set(css.map(url))].filter((href) => !entryAssets.css.includes(href));
}

/** Every JS and CSS file of the build, per manifest key: read by the size budget tests and the bench. */
export const buildManifest = chunks;
