#!/usr/bin/env node
// `npm start`: the whole site on http://localhost:8787 in the foreground; Ctrl-C stops it.
// `npm run dev` (--watch): React's development build, and the client rebuilt on every change
// (`vite build --watch`); wrangler dev reloads the Worker when the build output changes.
// PORT overrides the port. State (KV, D1, R2, queues) persists in .wrangler/state.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectEnv, ROOT, run, startSite } from './lib/dev-server.mjs';

const watch = process.argv.includes('--watch');
const port = Number(process.env.PORT ?? 8787);

const persistTo = join(ROOT, '.wrangler/state');
// The local R2 bucket gets an installer-sized stand-in, so every Download button works.
await run('node', ['scripts/seed-installer.mjs', '--persist-to', persistTo], { inherit: true }).catch((error) => {
  console.error(`Could not seed the local installer: ${error.message}`);
  process.exit(1);
});

const site = await startSite({ port, production: !watch, inherit: true, persistTo, timeoutMs: 180_000 }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

let watcher;
if (watch) {
  // Already built once by startSite; keep old hashed files so the running Worker never points at a deleted one.
  watcher = spawn('vite', ['build', '--watch', '--mode', 'development', '--emptyOutDir', 'false', '--logLevel', 'warn'], {
    cwd: ROOT,
    env: projectEnv({ NODE_ENV: 'development' }),
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
}

console.log(`\n  The site is running on http://localhost:${port}${watch ? ' (watching client/ and src/)' : ''}. Ctrl-C stops it.\n`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  if (watcher && watcher.exitCode === null) {
    try {
      process.kill(-watcher.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  await site.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
site.child.on('exit', (code) => {
  if (!stopping) {
    console.error(`wrangler dev stopped (exit ${code})`);
    void stop(code ?? 1);
  }
});
