// A second checkout of another commit (`npm run bench -- --baseline <ref>`), for figures that are
// compared in one run on one machine: a temporary git worktree sharing this checkout's
// node_modules, with its client built (the Worker imports the Vite manifest).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectEnv, ROOT } from '../lib/dev-server.mjs';

export function checkoutBaseline(ref) {
  const dir = join(mkdtempSync(join(tmpdir(), 'mt-bench-baseline-')), 'site');
  const git = (...args) => {
    const run = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  };
  git('worktree', 'add', '--detach', dir, ref);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const build = spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: dir, env: projectEnv({ NODE_ENV: 'production' }), encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build of ${ref} failed: ${build.stderr}`);
  return {
    root: dir,
    remove() {
      git('worktree', 'remove', '--force', dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
