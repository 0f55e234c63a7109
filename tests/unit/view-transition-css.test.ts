import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The view-transition opt-in (client/styles/view-transition.css) is in every stylesheet of the
// site: Chromium reads the arriving page's opt-in from the stylesheets it has loaded when it
// updates style, and a page's island stylesheets often finish loading before the entry's. A
// stylesheet without it can skip the transition with an uncaught InvalidStateError.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OPT_IN = 'client/styles/view-transition.css';

function stylesheets(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return stylesheets(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

/** The stylesheet's leading @import rules (after comments), resolved from the project root. */
function leadingImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const imports: string[] = [];
  for (const match of text.matchAll(/\s*@import\s+['"]([^'"]+)['"]\s*;/gy)) imports.push(relative(ROOT, resolve(ROOT, dirname(file), match[1]!)).replaceAll('\\', '/'));
  return imports;
}

describe('the view-transition opt-in', () => {
  const files = stylesheets('client').filter((file) => file !== OPT_IN);

  it('is imported first by every stylesheet of the client', () => {
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(leadingImports(file), file).toContain(OPT_IN);
  });

  it('opts in to cross-document transitions only for visitors who have not asked for less motion', () => {
    const text = readFileSync(join(ROOT, OPT_IN), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(text.replace(/\s+/g, ' ').trim()).toBe('@media (prefers-reduced-motion: no-preference) { @view-transition { navigation: auto; } }');
  });
});
