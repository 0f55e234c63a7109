// The measuring scripts stop everything they started when they are stopped: `npm run soak` is
// started for real (the site under wrangler dev with workerd, on a port of its own), sent SIGTERM
// once the site answers — as a CI timeout would — and then no process it started may be left and
// its port must be free for the next run. Linux only: the process tree is read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const hasProc = existsSync('/proc/self/stat');

interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
  command: string;
}

function processes(): Proc[] {
  const list: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command sits in parentheses and may itself contain spaces or parentheses.
      const close = stat.lastIndexOf(')');
      const [state, ppid, pgid] = stat.slice(close + 2).split(' ');
      list.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), state: state!, command: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      /* exited while we looked */
    }
  }
  return list;
}

/** Every living process below `root`, and every process in a group one of them leads (the groups the script made). */
function startedBy(root: number): Proc[] {
  const all = processes().filter((p) => p.state !== 'Z');
  const below = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (!below.has(p.pid) && below.has(p.ppid)) {
        below.add(p.pid);
        grew = true;
      }
    }
  }
  below.delete(root);
  const groups = new Set(all.filter((p) => below.has(p.pid)).map((p) => p.pgid));
  return all.filter((p) => p.pid !== root && (below.has(p.pid) || groups.has(p.pgid)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, output: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s; the script's output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let script: ChildProcess | undefined;
let leftovers: Proc[] = [];

afterAll(() => {
  // Whatever the outcome, leave nothing behind for the next test run.
  for (const p of [...leftovers, ...(script?.pid ? startedBy(script.pid) : [])]) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  if (script?.exitCode === null) script.kill('SIGKILL');
});

describe.skipIf(!hasProc)('clean-up of the measuring scripts', () => {
  it('soak stopped by SIGTERM stops wrangler, workerd and everything else it started, and frees its port', { timeout: 240_000 }, async () => {
    const port = await freePort();
    // Reuse the client build when there is one (npm test builds it first); otherwise soak builds it.
    const built = existsSync(`${ROOT}dist/client/.vite/manifest.json`);
    let output = '';
    script = spawn(process.execPath, ['scripts/soak.mjs', '--quick', '--port', String(port), ...(built ? ['--no-build'] : [])], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${ROOT}node_modules/.bin:${process.env.PATH ?? ''}`, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    script.stdout!.on('data', (chunk) => (output += chunk));
    script.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => script!.once('exit', (code, signal) => resolve({ code, signal })));
    const tail = () => output.split('\n').slice(-40).join('\n');

    await until(
      `the site on port ${port} did not answer /health`,
      async () => {
        if (script!.exitCode !== null) throw new Error(`soak exited early (${script!.exitCode}):\n${tail()}`);
        const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
        return res?.ok ? true : undefined;
      },
      180_000,
      tail,
    );

    const before = startedBy(script.pid!);
    leftovers = before;
    // wrangler (node) and workerd at least, in a group of their own.
    expect(before.some((p) => p.command.startsWith('workerd')), before.map((p) => p.command).join(', ')).toBe(true);
    expect(new Set(before.map((p) => p.pgid)).has(script.pid!)).toBe(false);
    expect(await canListen(port)).toBe(false);

    script.kill('SIGTERM');
    const { code } = await exited;

    // Nothing it started is alive (a zombie waiting for its reaper counts as gone), and no member of its groups either.
    const pids = new Set(before.map((p) => p.pid));
    const groups = new Set(before.map((p) => p.pgid));
    const alive = processes().filter((p) => p.state !== 'Z' && (pids.has(p.pid) || groups.has(p.pgid)));
    expect(alive.map((p) => `${p.pid} ${p.command}`)).toEqual([]);
    // The next run can take the same port.
    expect(await canListen(port)).toBe(true);
    // By the clean-up path (scripts/lib/processes.mjs), which exits as a process ended by SIGTERM does.
    expect(output).toContain('SIGTERM: stopping everything this run started');
    expect(code).toBe(143);
  });
});
