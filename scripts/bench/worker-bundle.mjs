// The Worker as it would be deployed: `wrangler deploy --dry-run --env production` into a temporary
// folder, its size raw and gzip, what takes the most room, and its startup time: evaluating the
// bundle's top level in a fresh Node 24 process (the same V8 as workerd; the bundle imports only
// node:crypto), median of several processes. Cloudflare limits a Worker's startup to 1 s of CPU.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectEnv, ROOT } from '../lib/dev-server.mjs';

const EVALUATE = `const t0 = performance.now(); await import(process.argv[1]); console.log(performance.now() - t0);`;

/** Bytes per source group ('locales', 'node_modules/zod', 'src/pages'…) from esbuild's `// path` markers. */
function contributors(code) {
  const groups = {};
  for (const part of code.split(/\n(?=\/\/ (?:node_modules|src|locales|client|dist)\/)/)) {
    const name = /^\/\/ (\S+)/.exec(part)?.[1] ?? '(runtime)';
    const segments = name.split('/');
    const group = name.startsWith('node_modules/') ? segments.slice(0, segments[1].startsWith('@') ? 3 : 2).join('/') : segments[0] === 'locales' ? 'locales' : segments.slice(0, 2).join('/');
    groups[group] = (groups[group] ?? 0) + Buffer.byteLength(part);
  }
  return Object.entries(groups)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([group, bytes]) => ({ group, bytes }));
}

export function measureWorkerBundle({ startups = 5 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mt-bench-worker-'));
  try {
    const build = spawnSync(join(ROOT, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--env', 'production', '--outdir', dir], { cwd: ROOT, env: projectEnv(), encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`wrangler deploy --dry-run failed: ${build.stderr || build.stdout}`);
    const code = readFileSync(join(dir, 'index.js'));
    // An .mjs copy: Node then skips its module-format detection, which workerd does not do either.
    const entry = join(dir, 'worker.mjs');
    writeFileSync(entry, code);
    const times = [];
    for (let i = 0; i < startups; i++) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', EVALUATE, entry], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`evaluating the Worker bundle failed: ${run.stderr}`);
      times.push(Number(run.stdout.trim()));
    }
    times.sort((a, b) => a - b);
    return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length, startupMs: times[Math.floor(times.length / 2)], startupRuns: times, contributors: contributors(code.toString('utf8')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `wrangler check startup --env production` in `root`: the bundle's gzip size as wrangler reports
 * it and the "Active" CPU time of the Worker's start-up profile (workerd on this machine), one
 * figure per run.
 */
function checkStartupOnce(root) {
  const dir = mkdtempSync(join(tmpdir(), 'mt-bench-startup-'));
  try {
    const run = spawnSync(join(ROOT, 'node_modules/.bin/wrangler'), ['check', 'startup', '--env', 'production', '--outfile', join(dir, 'startup.cpuprofile')], { cwd: root, env: projectEnv(), encoding: 'utf8' });
    const text = `${run.stdout}\n${run.stderr}`;
    const active = /Active:\s*([\d.]+)\s*ms/.exec(text);
    const gzip = /gzip:\s*([\d.]+)\s*KiB/.exec(text);
    if (run.status !== 0 || !active) throw new Error(`wrangler check startup failed in ${root}: ${text.slice(-2000)}`);
    return { activeMs: Number(active[1]), gzipKb: gzip ? Number(gzip[1]) : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The start-up figure of this checkout and, when `baselineRoot` is given (another checkout with
 * its client built), of that one too, in alternating runs so both see the same machine; the
 * median of each.
 */
export function measureStartup({ runs = 5, baselineRoot } = {}) {
  const current = [];
  const baseline = [];
  for (let i = 0; i < runs; i++) {
    if (baselineRoot) baseline.push(checkStartupOnce(baselineRoot));
    current.push(checkStartupOnce(ROOT));
  }
  const median = (rows) => {
    if (!rows.length) return null;
    const sorted = rows.map((r) => r.activeMs).sort((a, b) => a - b);
    return { activeMs: sorted[Math.floor(sorted.length / 2)], runs: rows.map((r) => r.activeMs), gzipKb: rows[0].gzipKb };
  };
  return { current: median(current), baseline: median(baseline) };
}
