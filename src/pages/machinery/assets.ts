import manifest from '../../../dist/client/.vite/manifest.json';

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

const entryKeys = collect(ENTRY);
// The manifest never changes while the isolate lives: each island's lists are walked once.
const islandScripts = new Map<string, string[]>();
const islandStyles = new Map<string, string[]>();

/** Scripts an island needs beyond the entry, to modulepreload with the page. */
export function islandAssets(name: string): string[] {
  let scripts = islandScripts.get(name);
  if (!scripts) {
    const key = `client/islands/${name}.tsx`;
    scripts = chunks[key] ? [...collect(key)].filter((k) => !entryKeys.has(k)).map((k) => url(chunks[k]!.file)) : [];
    islandScripts.set(name, scripts);
  }
  return scripts;
}

/**
 * The stylesheets an island's chunk imports, linked from the server so they arrive with the HTML
 * (render-blocking, no layout shift) instead of when the island's script loads. Vite's chunk
 * loader later finds them in <head> and does not add them twice.
 */
export function islandStylesheets(name: string): string[] {
  let styles = islandStyles.get(name);
  if (!styles) {
    const css = [...collect(`client/islands/${name}.tsx`)].filter((k) => !entryKeys.has(k)).flatMap((k) => chunks[k]?.css ?? []);
    styles = [...new Set(css.map(url))].filter((href) => !entryAssets.css.includes(href));
    islandStyles.set(name, styles);
  }
  return styles;
}

/** Every JS and CSS file of the build, per manifest key: read by the size budget tests and the bench. */
export const buildManifest = chunks;
