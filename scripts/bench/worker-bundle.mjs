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
