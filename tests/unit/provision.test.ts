import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  kvTitle,
  lifecycleRuleMatches,
  parseKvList,
  parseLifecycleRules,
  parseQueuesTable,
  parseR2BucketList,
  provision,
  ProvisionError,
  readEnvironment,
  runWrangler,
  setKvId,
} from '../../scripts/lib/provision.mjs';

// `npm run provision` against a fake `wrangler` on PATH (tests/fixtures/fake-wrangler.mjs) that
// keeps a pretend account in a JSON file and records every call. Each test works on a copy of
// wrangler.toml in a temporary folder; the project's own file is never touched. The command line
// (scripts/provision.mjs) is run as a process for a failure and for bad arguments; the other runs
// call the same `provision()` in this process (the wrangler package, which reads the config,
// costs a second or more of CPU to load in each new process), still through the fake `wrangler`
// on PATH. Every wrangler call is a process of its own: on a busy 2-core machine a run takes
// seconds, so these tests get minutes, not the project's 30 s (assertions decide them, not clocks).

const root = fileURLToPath(new URL('../../', import.meta.url));
const fakeWrangler = fileURLToPath(new URL('../fixtures/fake-wrangler.mjs', import.meta.url));
/** Real output of wrangler 4.156.2, captured against a local stand-in for the Cloudflare API (CLOUDFLARE_API_BASE_URL). */
const captured = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/wrangler-output/${name}`, import.meta.url)), 'utf8');

interface Account {
  kv?: { id: string; title: string }[];
  buckets?: { name: string; rules?: { name: string; prefix: string; expireDays: number; enabled?: boolean }[] }[];
  queues?: string[];
}

const SLOW = 180_000;

// Load wrangler's config reader once, before any test's clock starts.
beforeAll(async () => {
  await readEnvironment(join(root, 'wrangler.toml'), 'staging');
}, SLOW);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A temporary project: a copy of wrangler.toml, the fake wrangler on PATH and its account. */
function sandbox(account: Account = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mt-provision-'));
  folders.push(dir);
  mkdirSync(join(dir, 'bin'));
  const shim = join(dir, 'bin', 'wrangler');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${fakeWrangler}" "$@"\n`);
  chmodSync(shim, 0o755);
  const config = join(dir, 'wrangler.toml');
  copyFileSync(join(root, 'wrangler.toml'), config);
  const state = join(dir, 'account.json');
  writeFileSync(state, JSON.stringify(account));
  const log = join(dir, 'calls.log');

  const fakeEnv = (extraEnv: Record<string, string>) => ({ ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}`, FAKE_WRANGLER_STATE: state, FAKE_WRANGLER_LOG: log, ...extraEnv });
  const readCalls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as string[]) : []);

  /** `npm run provision -- <args>` as a process. */
  function cli(args: string[], extraEnv: Record<string, string> = {}) {
    if (existsSync(log)) rmSync(log);
    return new Promise<{ code: number | null; stdout: string; stderr: string; calls: string[][] }>((resolve) => {
      const child = spawn(process.execPath, [join(root, 'scripts/provision.mjs'), ...args, '--config', config], {
        cwd: dir,
        env: fakeEnv(extraEnv),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr, calls: readCalls() }));
    });
  }

  /** The same provisioning in this process, with the fake wrangler on the PATH it runs. */
  async function run(args: string[], extraEnv: Record<string, string> = {}) {
    if (existsSync(log)) rmSync(log);
    const lines: string[] = [];
    const env = args[args.indexOf('--env') + 1]!;
    try {
      await provision({ env, configPath: config, dryRun: args.includes('--dry-run'), run: (wranglerArgs) => runWrangler(wranglerArgs, { cwd: dir, env: fakeEnv(extraEnv) }), log: (line) => lines.push(line) });
      return { code: 0, stdout: lines.join('\n'), stderr: '', calls: readCalls() };
    } catch (error) {
      if (!(error instanceof ProvisionError)) throw error;
      return { code: 1, stdout: lines.join('\n'), stderr: error.message, calls: readCalls() };
    }
  }
  return {
    config,
    cli,
    run,
    toml: () => readFileSync(config, 'utf8'),
    account: () => JSON.parse(readFileSync(state, 'utf8')) as Required<Account>,
  };
}

const original = readFileSync(join(root, 'wrangler.toml'), 'utf8');
const creates = (calls: string[][]) => calls.filter((args) => args.includes('create') || args.includes('add'));
/** The lines of `after` that differ from `before` (same line count expected). */
function changedLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b).toHaveLength(a.length);
  return b.flatMap((line, i) => (line === a[i] ? [] : [{ line: i, before: a[i], after: line }]));
}
const STAGING_KV_TITLE = 'mt-site-staging-plan-cache';

describe('npm run provision -- --env staging, against a fake wrangler', { timeout: SLOW }, () => {
  it('--dry-run prints every resource and the commands it would run, and calls nothing', async () => {
    const box = sandbox();
    const { code, stdout, calls } = await box.run(['--env', 'staging', '--dry-run']);
    expect(code).toBe(0);
    expect(calls).toEqual([]);
    expect(box.toml()).toBe(original);
    for (const expected of [
      `wrangler kv namespace create ${STAGING_KV_TITLE}`,
      'wrangler r2 bucket create mt-installers-staging',
      'wrangler r2 bucket create mt-feedback-uploads-staging',
      'wrangler r2 bucket lifecycle add mt-feedback-uploads-staging expire-pending pending/ --expire-days 1',
      'wrangler queues create mt-beacons-staging',
      'wrangler queues create mt-beacons-staging-dlq',
    ]) {
      expect(stdout).toContain(expected);
    }
  });

  it('a first run on an empty account creates every resource, adds the lifecycle rule and writes the KV id, and only that', async () => {
    const box = sandbox();
    const { code, calls, stdout } = await box.run(['--env', 'staging']);
    expect(code).toBe(0);
    expect(creates(calls)).toEqual([
      ['r2', 'bucket', 'create', 'mt-installers-staging'],
      ['r2', 'bucket', 'create', 'mt-feedback-uploads-staging'],
      ['r2', 'bucket', 'lifecycle', 'add', 'mt-feedback-uploads-staging', 'expire-pending', 'pending/', '--expire-days', '1'],
      ['queues', 'create', 'mt-beacons-staging'],
      ['queues', 'create', 'mt-beacons-staging-dlq'],
      ['kv', 'namespace', 'create', STAGING_KV_TITLE],
    ]);
    // Never --env on a create: `wrangler kv namespace create --env staging` would prefix the title.
    expect(calls.flat()).not.toContain('--env');
    const account = box.account();
    expect(account.buckets.map((b) => b.name).sort()).toEqual(['mt-feedback-uploads-staging', 'mt-installers-staging']);
    expect(account.buckets.find((b) => b.name === 'mt-feedback-uploads-staging')?.rules).toEqual([{ name: 'expire-pending', prefix: 'pending/', expireDays: 1 }]);
    expect(account.queues.sort()).toEqual(['mt-beacons-staging', 'mt-beacons-staging-dlq']);
    const id = account.kv.find((ns) => ns.title === STAGING_KV_TITLE)!.id;
    const changed = changedLines(original, box.toml());
    expect(changed).toEqual([{ line: expect.any(Number), before: 'id = "00000000000000000000000000000003"', after: `id = "${id}"` }]);
    expect(box.toml().split('\n').slice(0, changed[0]!.line).reverse().find((line) => line.startsWith('[['))).toBe('[[env.staging.kv_namespaces]]');
    expect(stdout).toContain(`wrote   PLAN_CACHE id ${id}`);
  });

  it('a second run finds everything, creates nothing and leaves wrangler.toml byte for byte as it was', async () => {
    const box = sandbox();
    expect((await box.run(['--env', 'staging'])).code).toBe(0);
    const afterFirst = box.toml();
    const accountAfterFirst = box.account();
    const second = await box.run(['--env', 'staging']);
    expect(second.code).toBe(0);
    expect(creates(second.calls)).toEqual([]);
    expect(second.calls.every((args) => args.includes('list'))).toBe(true);
    expect(box.toml()).toBe(afterFirst);
    expect(box.account()).toEqual(accountAfterFirst);
    expect(second.stdout).toContain('not written');
  });

  it('finds what already exists (a bucket, the lifecycle rule, a queue, the namespace by title) and creates only the rest', async () => {
    const box = sandbox({
      kv: [{ id: 'f'.repeat(32), title: STAGING_KV_TITLE }, { id: 'e'.repeat(32), title: 'someone-elses-namespace' }],
      buckets: [{ name: 'mt-feedback-uploads-staging', rules: [{ name: 'older-rule', prefix: 'pending/', expireDays: 1 }] }, { name: 'unrelated-bucket' }],
      queues: ['mt-beacons-staging-dlq', 'unrelated-queue'],
    });
    const { code, calls } = await box.run(['--env', 'staging']);
    expect(code).toBe(0);
    expect(creates(calls)).toEqual([
      ['r2', 'bucket', 'create', 'mt-installers-staging'],
      ['queues', 'create', 'mt-beacons-staging'],
    ]);
    expect(changedLines(original, box.toml())).toEqual([{ line: expect.any(Number), before: 'id = "00000000000000000000000000000003"', after: `id = "${'f'.repeat(32)}"` }]);
  });

  it('keeps an id in wrangler.toml that already names a namespace of the account, whatever its title', async () => {
    const box = sandbox({ kv: [{ id: '00000000000000000000000000000003', title: 'made-by-hand' }] });
    const { code, calls } = await box.run(['--env', 'staging']);
    expect(code).toBe(0);
    expect(creates(calls).some((args) => args[0] === 'kv')).toBe(false);
    expect(box.toml()).toBe(original);
  });

  it('stops at a failing call with the command and what wrangler said, runs nothing after it and leaves wrangler.toml untouched', async () => {
    const box = sandbox();
    const { code, calls, stderr } = await box.cli(['--env', 'staging'], { FAKE_WRANGLER_FAIL: 'queues create' });
    expect(code).toBe(1);
    expect(box.toml()).toBe(original);
    expect(calls.at(-1)).toEqual(['queues', 'create', 'mt-beacons-staging']);
    expect(calls.some((args) => args[0] === 'kv' && args[2] === 'create')).toBe(false);
    expect(stderr).toContain('`wrangler queues create mt-beacons-staging` failed (exit 1)');
    expect(stderr).toContain('Authentication error [code: 10000]');
    expect(stderr).toContain('wrangler.toml was not changed');
    // What it had made before the failure is said, and found (not made again) by the next run.
    expect(stderr).toContain('R2 bucket mt-installers-staging');
    const retry = await box.run(['--env', 'staging']);
    expect(retry.code).toBe(0);
    expect(creates(retry.calls)).toEqual([
      ['queues', 'create', 'mt-beacons-staging'],
      ['queues', 'create', 'mt-beacons-staging-dlq'],
      ['kv', 'namespace', 'create', STAGING_KV_TITLE],
    ]);
  });

  it('stops before creating anything when the very first call fails', async () => {
    const box = sandbox();
    const { code, calls, stderr } = await box.run(['--env', 'staging'], { FAKE_WRANGLER_FAIL: 'kv namespace list' });
    expect(code).toBe(1);
    expect(calls).toEqual([['kv', 'namespace', 'list']]);
    expect(stderr).toContain('Nothing was created by this run.');
    expect(box.toml()).toBe(original);
  });

  it('refuses to add a second rule when one of the same name does something else, before creating anything', async () => {
    const box = sandbox({ buckets: [{ name: 'mt-feedback-uploads-staging', rules: [{ name: 'expire-pending', prefix: '', expireDays: 30 }] }] });
    const { code, calls, stderr } = await box.run(['--env', 'staging']);
    expect(code).toBe(1);
    expect(creates(calls)).toEqual([]);
    expect(stderr).toContain('wrangler r2 bucket lifecycle remove mt-feedback-uploads-staging --name expire-pending');
    expect(box.toml()).toBe(original);
  });
});

describe('npm run provision -- --env production', { timeout: SLOW }, () => {
  it("provisions production's own resources and writes only production's KV id", async () => {
    const box = sandbox({ buckets: [{ name: 'mt-installers-staging' }], queues: ['mt-beacons-staging'] });
    const { code, calls } = await box.run(['--env', 'production']);
    expect(code).toBe(0);
    expect(creates(calls)).toEqual([
      ['r2', 'bucket', 'create', 'mt-installers'],
      ['r2', 'bucket', 'create', 'mt-feedback-uploads'],
      ['r2', 'bucket', 'lifecycle', 'add', 'mt-feedback-uploads', 'expire-pending', 'pending/', '--expire-days', '1'],
      ['queues', 'create', 'mt-beacons'],
      ['queues', 'create', 'mt-beacons-dlq'],
      ['kv', 'namespace', 'create', 'mt-site-plan-cache'],
    ]);
    const [change] = changedLines(original, box.toml());
    expect(change?.before).toBe('id = "00000000000000000000000000000002"');
    expect(box.toml().split('\n').slice(0, change!.line).reverse().find((line) => line.startsWith('[['))).toBe('[[env.production.kv_namespaces]]');
  });

  it('refuses an environment other than staging or production', async () => {
    const box = sandbox();
    for (const args of [['--env', 'development'], []]) {
      const { code, stderr, calls } = await box.cli(args);
      expect(code).toBe(2);
      expect(stderr).toContain('--env must be one of staging, production');
      expect(calls).toEqual([]);
    }
  });
});

describe("reading wrangler's output (samples captured from wrangler 4.156.2)", { timeout: SLOW }, () => {
  it('kv namespace list: a JSON list', () => {
    expect(parseKvList(captured('kv-namespace-list.txt'))).toEqual([{ id: 'a'.repeat(32), title: 'mt-site-plan-cache' }]);
  });

  it('r2 bucket list: name blocks after the banner', () => {
    expect(parseR2BucketList(captured('r2-bucket-list.txt'))).toEqual(['mt-installers', 'mt-feedback-uploads']);
  });

  it('r2 bucket lifecycle list: rule blocks, or none', () => {
    const [rule] = parseLifecycleRules(captured('r2-bucket-lifecycle-list.txt'));
    expect(rule).toEqual({ name: 'expire-pending', enabled: true, prefix: 'pending/', action: 'Expire objects after 1 days' });
    expect(lifecycleRuleMatches(rule!, { name: 'expire-pending', prefix: 'pending/', expireDays: 1 })).toBe(true);
    expect(lifecycleRuleMatches(rule!, { name: 'expire-pending', prefix: 'pending/', expireDays: 2 })).toBe(false);
    expect(lifecycleRuleMatches({ ...rule!, enabled: false }, { name: 'expire-pending', prefix: 'pending/', expireDays: 1 })).toBe(false);
    expect(parseLifecycleRules(captured('r2-bucket-lifecycle-list-empty.txt'))).toEqual([]);
  });

  it('queues list: the name column of the table; an empty page has no table', () => {
    expect(parseQueuesTable(captured('queues-list.txt'))).toEqual(['mt-beacons', 'mt-beacons-dlq']);
    expect(parseQueuesTable(captured('queues-list-page-2.txt'))).toEqual([]);
  });

  it("a failed call's message quotes wrangler's error without colours or its log-file line", async () => {
    const box = sandbox();
    const calls: string[][] = [];
    const failure = provision({
      env: 'staging',
      configPath: box.config,
      log: () => undefined,
      run: async (args) => {
        calls.push(args);
        return { code: 1, stdout: '', stderr: captured('api-error.stderr.txt') };
      },
    });
    await expect(failure).rejects.toThrow(ProvisionError);
    const message = await failure.catch((error: Error) => error.message);
    expect(message).toContain('`wrangler kv namespace list` failed (exit 1)');
    expect(message).toContain('A request to the Cloudflare API (/accounts/acc123/d1/database) failed.');
    expect(message).toContain('No route for that URI [code: 7003]');
    expect(message).not.toMatch(/\u001b\[/);
    expect(calls).toEqual([['kv', 'namespace', 'list']]);
    expect(box.toml()).toBe(original);
  });

  it('the fake wrangler prints what the real one prints, as far as provisioning reads it', async () => {
    const box = sandbox({
      kv: [{ id: 'a'.repeat(32), title: 'mt-site-plan-cache' }],
      buckets: [{ name: 'mt-installers' }, { name: 'mt-feedback-uploads', rules: [{ name: 'expire-pending', prefix: 'pending/', expireDays: 1 }] }],
      queues: ['mt-beacons', 'mt-beacons-dlq'],
    });
    const fake = (...args: string[]) =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, [fakeWrangler, ...args], { env: { ...process.env, FAKE_WRANGLER_STATE: join(box.config, '../account.json') } });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('close', () => resolve(out));
      });
    expect(parseKvList(await fake('kv', 'namespace', 'list'))).toEqual(parseKvList(captured('kv-namespace-list.txt')));
    expect(parseR2BucketList(await fake('r2', 'bucket', 'list'))).toEqual(parseR2BucketList(captured('r2-bucket-list.txt')));
    expect(parseLifecycleRules(await fake('r2', 'bucket', 'lifecycle', 'list', 'mt-feedback-uploads'))).toEqual(parseLifecycleRules(captured('r2-bucket-lifecycle-list.txt')));
    expect(parseLifecycleRules(await fake('r2', 'bucket', 'lifecycle', 'list', 'mt-installers'))).toEqual([]);
    expect(parseQueuesTable(await fake('queues', 'list'))).toEqual(parseQueuesTable(captured('queues-list.txt')));
    expect(parseQueuesTable(await fake('queues', 'list', '--page', '2'))).toEqual([]);
  });
});

describe('writing the KV id into wrangler.toml', () => {
  it('changes one line of the right environment and keeps every other byte', () => {
    const next = setKvId(original, 'staging', 'PLAN_CACHE', 'abc'.padEnd(32, '0'));
    expect(changedLines(original, next)).toEqual([{ line: expect.any(Number), before: 'id = "00000000000000000000000000000003"', after: `id = "${'abc'.padEnd(32, '0')}"` }]);
    expect(setKvId(next, 'staging', 'PLAN_CACHE', '00000000000000000000000000000003')).toBe(original);
  });

  it('adds the id under the binding when the table has none', () => {
    const toml = '[[env.staging.kv_namespaces]]\n# the plan cache\nbinding = "PLAN_CACHE"\n\n[[env.staging.r2_buckets]]\nbinding = "X"\n';
    expect(setKvId(toml, 'staging', 'PLAN_CACHE', '1'.repeat(32))).toBe(`[[env.staging.kv_namespaces]]\n# the plan cache\nbinding = "PLAN_CACHE"\nid = "${'1'.repeat(32)}"\n\n[[env.staging.r2_buckets]]\nbinding = "X"\n`);
  });

  it('refuses a config without the table rather than guessing', () => {
    expect(() => setKvId('[env.staging]\nname = "x"\n', 'staging', 'PLAN_CACHE', '1'.repeat(32))).toThrow(/no \[\[env\.staging\.kv_namespaces\]\] table/);
  });

  it('names a namespace after the environment\'s Worker and the binding', () => {
    expect(kvTitle('mt-site-staging', 'PLAN_CACHE')).toBe(STAGING_KV_TITLE);
  });
});
