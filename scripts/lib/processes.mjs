// The one clean-up path of the project's scripts (npm start, npm test, test:e2e, bench, audit,
// soak): every child they start runs in a process group of its own and is remembered here, and
// every way out stops those groups — the normal end (the caller's stop()), a failure that exits
// early, an uncaught error, Ctrl-C, SIGTERM (a CI timeout) and SIGHUP (a closed terminal). So a
// second run straight after the first finds its port free.
//
// Why groups: `wrangler dev` runs workerd, `playwright test` runs workers and browsers; a signal
// to the leader alone would leave those holding the port. Why detached: a group of its own is
// also out of the terminal's reach, so Ctrl-C comes to this process first, which then stops each
// group in order (TERM, then KILL after a grace period) instead of everyone dying at once mid-write.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const groups = new Set();
const cleanups = new Set();
let installed = false;
let stoppingAll = null;

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

const alive = (child) => child.exitCode === null && child.signalCode === null;

/** Stops a child's whole process group: TERM, then KILL after `graceMs`. Resolves once the leader has exited. */
export async function stopGroup(child, graceMs = 5000) {
  if (!alive(child)) {
    // The leader is gone, but what it started may not be: the group outlives its leader.
    signalGroup(child, 'SIGKILL');
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    signalGroup(child, 'SIGKILL');
    await exited;
  }
  // Members that ignored TERM (or were still starting) go with the leader.
  signalGroup(child, 'SIGKILL');
}

/** Every group and clean-up still pending, stopped once (later callers get the same promise). */
export function stopAll() {
  const runCleanups = () => Promise.all([...cleanups].map((cleanup) => Promise.resolve().then(cleanup).catch(() => {})));
  stoppingAll ??= (async () => {
    await Promise.all([runCleanups(), ...[...groups].map((child) => stopGroup(child))]);
    // Again: a library may have started something while the groups were stopping (a browser mid-launch).
    await runCleanups();
  })();
  return stoppingAll;
}

/** Whether the clean-up path has begun (a child's exit is then expected, not news). */
export const isStopping = () => stoppingAll !== null;

/** Puts the exit and signal handlers in place (once); spawnGroup, track and onCleanup do it for you. */
export function install() {
  if (installed) return;
  installed = true;
  // Any other exit (process.exit after an error, an uncaught exception): synchronous, so no grace period.
  process.on('exit', () => {
    for (const child of groups) signalGroup(child, 'SIGKILL');
    for (const cleanup of cleanups) {
      try {
        cleanup(); // only its synchronous part can run now
      } catch {
        /* best effort on the way out */
      }
    }
  });
  for (const [signal, code] of Object.entries(EXIT_CODES)) {
    process.on(signal, () => {
      if (stoppingAll) {
        // A second Ctrl-C: no more waiting.
        for (const child of groups) signalGroup(child, 'SIGKILL');
        process.exit(code);
      }
      console.error(`\n${signal}: stopping everything this run started…`);
      stopAll().finally(() => process.exit(code));
    });
  }
}

/** Takes charge of a child started with `detached: true` (a group of its own). */
export function track(child) {
  install();
  groups.add(child);
  // Forget the leader once it has exited and its group has been swept.
  child.once('exit', () => {
    signalGroup(child, 'SIGKILL');
    groups.delete(child);
  });
  return child;
}

/** `spawn` in a process group of its own that the clean-up path stops on every way out. */
export function spawnGroup(command, args, options = {}) {
  return track(spawn(command, args, { ...options, detached: true }));
}

/**
 * Something else to undo on the way out (e.g. a browser a library started in a group of its
 * own). Runs on signals, on stopAll() and (its synchronous part) on any other exit; returns a
 * function that unregisters it. Must be safe to call more than once.
 */
export function onCleanup(cleanup) {
  install();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
