// Page throughput against a static asset, in one run: rounds of alternating one-second phases
// (static, page; the page order rotates each round), so the machine's drift hits every target
// alike. Each round's ratio is the page's rate over the static phase just before it; the budget
// reads the median of the rounds, and the spread (min–max) shows how noisy the run was.
import { measureThroughput } from './load.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** { static: phases[], pages: { name: { path, phases[], ratios[], median, min, max } } } */
export async function measurePageThroughput(siteUrl, pages, staticPath, { rounds, phaseMs, headers = {} }) {
  const names = Object.keys(pages);
  const out = { static: [], pages: Object.fromEntries(names.map((name) => [name, { path: pages[name], phases: [], ratios: [] }])) };
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) {
      const base = await measureThroughput(siteUrl + staticPath, { durationMs: phaseMs, headers });
      const page = await measureThroughput(siteUrl + pages[name], { durationMs: phaseMs, headers });
      out.static.push(base);
      out.pages[name].phases.push(page);
      out.pages[name].ratios.push(page.rps / base.rps);
    }
  }
  for (const row of Object.values(out.pages)) {
    row.median = median(row.ratios);
    row.min = Math.min(...row.ratios);
    row.max = Math.max(...row.ratios);
  }
  return out;
}
