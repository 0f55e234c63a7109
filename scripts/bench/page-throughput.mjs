// Page throughput against static files, in one run: rounds of alternating one-second phases, so
// the machine's drift hits every target alike. Each page is paired with a static copy of itself
// (the same HTML bytes and content type, written into the built assets and served by the asset
// server without the Worker): the two phases differ only by what the Worker does (routing,
// middleware, the page cache, the nonce), which is what the budget is about. A round runs, per
// page (the order rotates each round), its static copy then the page; the round's ratio is the
// page's rate over that static phase. The budget reads the median of the rounds, and the spread
// (min–max) shows how noisy the run was. One phase per round of `referencePath` (a built asset
// of about the home page's size, the baseline of earlier runs) is reported beside it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureThroughput } from './load.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The URL directory of the static copies (under the built assets; removed after the run). */
const COPY_DIR = 'bench-static';

/**
 * Writes each page's HTML as a static file of the built client (`assetsDir`): { name: url path }.
 * The asset server answers `/bench-static/<name>` for `<name>.html`. `remove()` deletes them.
 */
export function writeStaticCopies(assetsDir, htmlByName) {
  const dir = join(assetsDir, COPY_DIR);
  mkdirSync(dir, { recursive: true });
  const paths = {};
  for (const [name, html] of Object.entries(htmlByName)) {
    writeFileSync(join(dir, `${name}.html`), html);
    paths[name] = `/${COPY_DIR}/${name}`;
  }
  return { paths, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * { reference: phases[], pages: { name: { path, staticPath, phases[], staticPhases[], ratios[], median, min, max, referenceRatio } } }
 */
export async function measurePageThroughput(siteUrl, pages, staticCopies, referencePath, { rounds, phaseMs, headers = {} }) {
  const names = Object.keys(pages);
  const out = {
    reference: [],
    pages: Object.fromEntries(names.map((name) => [name, { path: pages[name], staticPath: staticCopies[name], phases: [], staticPhases: [], ratios: [] }])),
  };
  const phase = (path) => measureThroughput(siteUrl + path, { durationMs: phaseMs, headers });
  for (let round = 0; round < rounds; round++) {
    out.reference.push(await phase(referencePath));
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) {
      const row = out.pages[name];
      const base = await phase(row.staticPath);
      const page = await phase(row.path);
      if (base.statuses['200'] !== base.requests) throw new Error(`the static copy ${row.staticPath} answered ${JSON.stringify(base.statuses)}`);
      row.staticPhases.push(base);
      row.phases.push(page);
      row.ratios.push(page.rps / base.rps);
    }
  }
  const referenceRps = median(out.reference.map((p) => p.rps));
  for (const row of Object.values(out.pages)) {
    row.median = median(row.ratios);
    row.min = Math.min(...row.ratios);
    row.max = Math.max(...row.ratios);
    row.referenceRatio = median(row.phases.map((p) => p.rps)) / referenceRps;
  }
  return out;
}
