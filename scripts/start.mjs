#!/usr/bin/env node
// `npm start`: the whole site on http://localhost:8787 in the foreground; Ctrl-C stops it.
// `npm run dev` (--watch): React's development build, and the client rebuilt on every change
// (`vite build --watch`); wrangler dev reloads the Worker when the build output changes.
// PORT overrides the port. State (KV, D1, R2, queues) persists in .wrangler/state.
import { join } from 'node:path';
import { projectEnv, ROOT, run, startSite } from './lib/dev-server.mjs';
import { isStopping, spawnGroup, stopAll } from './lib/processes.mjs';

const watch = process.argv.includes('--watch');
const port = Number(process.env.PORT ?? 8787);

const persistTo = join(ROOT, '.wrangler/state');
// The local R2 bucket gets an installer-sized stand-in, so every Download button works.
await run('node', ['scripts/seed-installer.mjs', '--persist-to', persistTo], { inherit: true }).catch((error) => {
  console.error(`Could not seed the local installer: ${error.message}`);
  process.exit(1);
});

// devTraces: wrangler's Local Explorer keeps a trace of every request for the developer to read.
const site = await startSite({ port, production: !watch, inherit: true, persistTo, devTraces: true, timeoutMs: 180_000 }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

if (watch) {
  // Already built once by startSite; keep old hashed files so the running Worker never points at a deleted one.
  spawnGroup('vite', ['build', '--watch', '--mode', 'development', '--emptyOutDir', 'false', '--logLevel', 'warn'], {
    cwd: ROOT,
    env: projectEnv({ NODE_ENV: 'development' }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

console.log(`\n  The site is running on http://localhost:${port}${watch ? ' (watching client/ and src/)' : ''}. Ctrl-C stops it.\n`);

// Ctrl-C and SIGTERM stop the site and the watcher (scripts/lib/processes.mjs); so does wrangler dying.
site.child.on('exit', (code) => {
  if (isStopping()) return;
  console.error(`wrangler dev stopped (exit ${code})`);
  void stopAll().finally(() => process.exit(code || 1));
});
