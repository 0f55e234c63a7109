import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rule of docs/ARCHITECTURE.md ("Folders"), checked on every import in src/ and client/:
// - the shared layer (src/domain/, src/i18n/) runs in the Worker and in the browser, so it imports
//   nothing else of src/ and nothing of client/;
// - client/ imports from src/ only the shared layer;
// - src/ imports from client/ only client/islands/ and client/components/, to render them.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHARED = ['src/domain/', 'src/i18n/'];
const RENDERABLE = ['client/islands/', 'client/components/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports and dynamic imports, resolved from the project root. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3]!,
  );
  return specifiers.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)).replaceAll('\\', '/'));
}

const under = (path: string, folders: readonly string[]) => folders.some((folder) => path.startsWith(folder) || `${path}/` === folder);

function breaksRule(from: string, to: string): string | null {
  const fromShared = under(from, SHARED);
  if (fromShared && (to.startsWith('client/') || (to.startsWith('src/') && !under(to, SHARED)))) return 'the shared layer imports only itself';
  if (from.startsWith('client/') && to.startsWith('src/') && !under(to, SHARED)) return 'client/ imports from src/ only src/domain/ and src/i18n/';
  if (from.startsWith('src/') && !fromShared && to.startsWith('client/') && !under(to, RENDERABLE)) return 'src/ imports from client/ only client/islands/ and client/components/';
  return null;
}

describe('the import rule', () => {
  it('holds for every import in src/ and client/', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of [...sourceFiles('src'), ...sourceFiles('client')]) {
      for (const target of importsOf(file, readFileSync(join(ROOT, file), 'utf8'))) {
        checked++;
        const reason = breaksRule(file, target);
        if (reason) broken.push(`${file} → ${target}: ${reason}`);
      }
    }
    expect(broken).toEqual([]);
    // The walk found the imports it should (a broken regex would find none and pass).
    expect(checked).toBeGreaterThan(300);
  });

  it('refuses each kind of wrong import', () => {
    expect(breaksRule('client/islands/Diagnostics.tsx', 'src/services/upstream')).toMatch(/client/);
    expect(breaksRule('src/domain/checkout.ts', 'client/lib/api-handlers')).toMatch(/shared/);
    expect(breaksRule('src/i18n/consent.ts', 'src/pages/machinery/router')).toMatch(/shared/);
    expect(breaksRule('src/routes/api-proxy.ts', 'client/lib/form')).toMatch(/src/);
    expect(breaksRule('src/pages/Buy.tsx', 'client/islands/BuyButton')).toBeNull();
    expect(breaksRule('client/lib/api.ts', 'src/domain/api-schemas')).toBeNull();
    expect(breaksRule('client/lib/islands.tsx', 'src/i18n/translator')).toBeNull();
  });

  it('reads every form of import', () => {
    const text = `import a from './a';\nimport type { B } from '../b';\nexport { c } from './c';\nimport './d.css';\nconst e = () => import('./e');\nimport {\n  f,\n} from './f';`;
    expect(importsOf('src/x/y.ts', text)).toEqual(['src/x/a', 'src/b', 'src/x/c', 'src/x/d.css', 'src/x/e', 'src/x/f']);
  });
});
