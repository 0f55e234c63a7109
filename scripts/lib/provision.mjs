// What `npm run provision` does (scripts/provision.mjs is its command line). Everything goes
// through wrangler's own commands, found on PATH (npm puts the project's wrangler first; the tests
// put a fake one there): `kv namespace list/create`, `r2 bucket list/create`,
// `r2 bucket lifecycle list/add`, `queues list/create`. The resources come from wrangler.toml's
// [env.<name>] itself, read with wrangler's own config reader, so a binding added there is
// provisioned without touching this file.
//
// Order of work: read the account (list calls only), check that the plan can be carried out, then
// create what is missing, and write wrangler.toml last, once, only when an id changed. A failed
// call stops everything before wrangler.toml is written; whatever was created before it is found
// by name on the next run, never created twice.
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const ENVIRONMENTS = ['staging', 'production'];

// wrangler's config reader, loaded on first use: the package takes a second or more of CPU to load,
// which a wrong argument or a test of the parsers should not pay.
let wranglerModule;
const wrangler = () => (wranglerModule ??= import('wrangler'));

/**
 * Lifecycle rules per R2 binding. Feedback uploads wait under pending/ until a ticket claims them;
 * the hourly cron deletes the unclaimed ones after a day, and this rule bounds the bucket even if
 * the cron stops (docs/ARCHITECTURE.md, Feedback uploads).
 */
export const LIFECYCLE_RULES = {
  UPLOADS: { name: 'expire-pending', prefix: 'pending/', expireDays: 1 },
};

export class ProvisionError extends Error {}

/** The KV namespace's title in the account: "<worker name>-<binding in kebab case>", e.g. mt-site-staging-plan-cache. */
export const kvTitle = (workerName, binding) => `${workerName}-${binding.toLowerCase().replaceAll('_', '-')}`;

/** Every resource an environment binds, from wrangler's reading of the config. */
export function resourcesOf(config) {
  const queues = new Set();
  for (const producer of config.queues?.producers ?? []) queues.add(producer.queue);
  for (const consumer of config.queues?.consumers ?? []) {
    queues.add(consumer.queue);
    if (consumer.dead_letter_queue) queues.add(consumer.dead_letter_queue);
  }
  return {
    kv: (config.kv_namespaces ?? []).map((kv) => ({ binding: kv.binding, id: kv.id ?? null, title: kvTitle(config.name, kv.binding) })),
    buckets: (config.r2_buckets ?? []).map((bucket) => ({ binding: bucket.binding, name: bucket.bucket_name, rule: LIFECYCLE_RULES[bucket.binding] ?? null })),
    queues: [...queues],
  };
}

// ── wrangler's output ──────────────────────────────────────────────────────────────────────────
// Formats of wrangler 4.156 (tests/unit/provision.test.ts holds real samples). Lines wrangler adds
// around them (its banner, "Listing buckets...", update notices) are skipped.

const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** `wrangler kv namespace list`: a JSON array of { id, title, ... }. */
export function parseKvList(stdout) {
  const text = stripAnsi(stdout);
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end < start) throw new ProvisionError('`wrangler kv namespace list` printed no JSON list');
  const list = JSON.parse(text.slice(start, end + 1));
  if (!Array.isArray(list)) throw new ProvisionError('`wrangler kv namespace list` printed something other than a list');
  return list.map((namespace) => ({ id: String(namespace.id), title: String(namespace.title) }));
}

/** Blocks of "label:  value" lines separated by blank lines (r2 bucket list, r2 bucket lifecycle list). */
function labelledBlocks(stdout) {
  const blocks = [];
  let block = null;
  for (const raw of stripAnsi(stdout).split('\n')) {
    const match = /^([a-z_]+):\s+(.*)$/.exec(raw.trim());
    if (!match) {
      block = null;
      continue;
    }
    if (!block) blocks.push((block = {}));
    block[match[1]] = match[2].trim();
  }
  return blocks;
}

/** `wrangler r2 bucket list`: "name: <bucket>" / "creation_date: ..." blocks. */
export function parseR2BucketList(stdout) {
  return labelledBlocks(stdout).filter((block) => block.name).map((block) => block.name);
}

/** `wrangler r2 bucket lifecycle list <bucket>`: name / enabled / prefix / action blocks, or "There are no lifecycle rules". */
export function parseLifecycleRules(stdout) {
  return labelledBlocks(stdout)
    .filter((block) => block.name)
    .map((block) => ({ name: block.name, enabled: block.enabled === 'Yes', prefix: block.prefix === '(all prefixes)' ? '' : (block.prefix ?? ''), action: block.action ?? '' }));
}

/** Whether a listed rule does what `rule` asks: enabled, same prefix, objects expire after that many days. */
export function lifecycleRuleMatches(listed, rule) {
  const days = /Expire objects after (\d+(?:\.\d+)?) days?/.exec(listed.action)?.[1];
  return listed.enabled && listed.prefix === rule.prefix && Number(days) === rule.expireDays;
}

/** `wrangler queues list`: a box-drawn table with a "name" column; an empty page prints no table. */
export function parseQueuesTable(stdout) {
  const rows = stripAnsi(stdout)
    .split('\n')
    .filter((line) => line.trim().startsWith('│'))
    .map((line) => line.trim().slice(1, -1).split('│').map((cell) => cell.trim()));
  const head = rows.shift();
  if (!head) return [];
  const column = head.indexOf('name');
  if (column < 0) throw new ProvisionError('`wrangler queues list` printed a table without a name column');
  return rows.map((row) => row[column]).filter(Boolean);
}

// ── wrangler.toml ──────────────────────────────────────────────────────────────────────────────

/**
 * wrangler.toml with `id` of the [[env.<env>.kv_namespaces]] table whose binding is `binding` set
 * to `id`; every other byte stays as it was (comments, order, the other environments).
 */
export function setKvId(toml, env, binding, id) {
  const lines = toml.split('\n');
  const header = `[[env.${env}.kv_namespaces]]`;
  for (let start = 0; start < lines.length; start++) {
    if (lines[start].trim() !== header) continue;
    let end = start + 1;
    while (end < lines.length && !lines[end].trim().startsWith('[')) end++;
    const at = (pattern) => {
      for (let i = start + 1; i < end; i++) if (pattern.test(lines[i])) return i;
      return -1;
    };
    const bindingLine = at(new RegExp(`^\\s*binding\\s*=\\s*"${binding}"\\s*(#.*)?$`));
    if (bindingLine < 0) continue;
    const idLine = at(/^\s*id\s*=/);
    if (idLine >= 0) lines[idLine] = lines[idLine].replace(/^(\s*id\s*=\s*)("[^"]*"|'[^']*')/, `$1"${id}"`);
    else lines.splice(bindingLine + 1, 0, `id = "${id}"`);
    return lines.join('\n');
  }
  throw new ProvisionError(`wrangler.toml has no ${header} table with binding = "${binding}": add one (the KV id is written there)`);
}

// ── Running wrangler ───────────────────────────────────────────────────────────────────────────

/** Runs `wrangler <args>` from PATH (of `env`, default this process's) in `cwd`; resolves with its exit code and output. */
export function runWrangler(args, { cwd, env = process.env }) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrangler', args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(error.code === 'ENOENT' ? new ProvisionError('wrangler was not found on PATH: run this through `npm run provision`, which puts the project\'s wrangler first') : error));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr }));
  });
}

const quote = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
export const commandLine = (args) => ['wrangler', ...args].map(quote).join(' ');

/** The last lines of what a failed command said, without colours or empty lines. */
function whatItSaid({ stdout, stderr }) {
  const lines = stripAnsi(`${stderr}\n${stdout}`)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !/^[─\s]+$/.test(line) && !line.includes('wrangler 4.') && !line.includes('Logs were written to'));
  return lines.slice(0, 12).map((line) => `    ${line}`).join('\n') || '    (no output)';
}

// ── The plan and its execution ─────────────────────────────────────────────────────────────────

/** Reads the environment's config; refuses an environment wrangler.toml does not declare. */
export async function readEnvironment(configPath, env) {
  if (!ENVIRONMENTS.includes(env)) throw new ProvisionError(`--env must be one of ${ENVIRONMENTS.join(', ')} (got ${JSON.stringify(env ?? null)})`);
  const { experimental_readRawConfig, unstable_readConfig } = await wrangler();
  const { rawConfig } = experimental_readRawConfig({ config: configPath }, { hideWarnings: true });
  if (!rawConfig.env?.[env]) throw new ProvisionError(`${basename(configPath)} has no [env.${env}]`);
  const config = unstable_readConfig({ config: configPath, env }, { hideWarnings: true });
  const toml = readFileSync(configPath, 'utf8');
  const resources = resourcesOf(config);
  // Every KV binding must have a table the id can be written to: known before anything is created.
  for (const kv of resources.kv) setKvId(toml, env, kv.binding, kv.id ?? 'x');
  return { config, toml, resources };
}

function lifecycleAddArgs(bucket, rule) {
  return ['r2', 'bucket', 'lifecycle', 'add', bucket, rule.name, rule.prefix, '--expire-days', String(rule.expireDays)];
}

/** The dry run: what a run would look for and create, from wrangler.toml alone. */
export function describePlan(env, resources, { configName = 'wrangler.toml' } = {}) {
  const lines = [`Provisioning plan for ${env} (dry run: wrangler is not called and ${configName} is not written)`, ''];
  for (const kv of resources.kv) {
    lines.push(`KV namespace "${kv.title}" (binding ${kv.binding})`);
    lines.push(`  find:   ${commandLine(['kv', 'namespace', 'list'])}  (by the id in ${configName}, else by title)`);
    lines.push(`  create: ${commandLine(['kv', 'namespace', 'create', kv.title])}`);
    lines.push(`  write:  its id to [[env.${env}.kv_namespaces]] ${kv.binding} in ${configName} (now ${kv.id ?? 'none'}), only if it differs`);
  }
  for (const bucket of resources.buckets) {
    lines.push(`R2 bucket ${bucket.name} (binding ${bucket.binding})`);
    lines.push(`  find:   ${commandLine(['r2', 'bucket', 'list'])}`);
    lines.push(`  create: ${commandLine(['r2', 'bucket', 'create', bucket.name])}`);
    if (bucket.rule) {
      lines.push(`  lifecycle rule "${bucket.rule.name}": objects under ${bucket.rule.prefix} expire after ${bucket.rule.expireDays} day(s)`);
      lines.push(`    find: ${commandLine(['r2', 'bucket', 'lifecycle', 'list', bucket.name])}`);
      lines.push(`    add:  ${commandLine(lifecycleAddArgs(bucket.name, bucket.rule))}`);
    }
  }
  for (const queue of resources.queues) {
    lines.push(`Queue ${queue}`);
    lines.push(`  find:   ${commandLine(['queues', 'list'])}  (every page)`);
    lines.push(`  create: ${commandLine(['queues', 'create', queue])}`);
  }
  return lines.join('\n');
}

/**
 * Provisions `env` from the config at `configPath`. `run(args)` runs one wrangler command
 * (default: `runWrangler` in the config's folder); `log` gets one line per step. Resolves with
 * what was created and whether the config was written; rejects with a ProvisionError naming the
 * failed command, what wrangler said, and what this run had already created.
 */
export async function provision({ env, configPath, dryRun = false, run, log = console.log }) {
  const configName = basename(configPath);
  const { toml, resources } = await readEnvironment(configPath, env);
  if (dryRun) {
    log(describePlan(env, resources, { configName }));
    return { created: [], wrote: false };
  }

  const runner = run ?? ((args) => runWrangler(args, { cwd: dirname(configPath) }));
  const created = [];
  const call = async (args) => {
    const result = await runner(args);
    if (result.code !== 0) {
      const done = created.length ? `Created by this run before the failure (found, not created again, next time): ${created.join('; ')}.` : 'Nothing was created by this run.';
      throw new ProvisionError(
        [`\`${commandLine(args)}\` failed (exit ${result.code}). Wrangler said:`, whatItSaid(result), `${configName} was not changed. ${done}`, `Fix the cause and run \`npm run provision -- --env ${env}\` again.`].join('\n'),
      );
    }
    return result.stdout;
  };

  log(`Provisioning ${env} (${configName}, [env.${env}])`);
  // 1. What the account has.
  const namespaces = parseKvList(await call(['kv', 'namespace', 'list']));
  const buckets = new Set(parseR2BucketList(await call(['r2', 'bucket', 'list'])));
  const queues = new Set();
  for (let page = 1; page <= 100; page++) {
    const names = parseQueuesTable(await call(page === 1 ? ['queues', 'list'] : ['queues', 'list', '--page', String(page)]));
    const fresh = names.filter((name) => !queues.has(name));
    for (const name of fresh) queues.add(name);
    if (fresh.length === 0) break;
  }
  const rulesToAdd = [];
  for (const bucket of resources.buckets) {
    if (!bucket.rule) continue;
    if (!buckets.has(bucket.name)) {
      rulesToAdd.push(bucket);
      continue;
    }
    const rules = parseLifecycleRules(await call(['r2', 'bucket', 'lifecycle', 'list', bucket.name]));
    if (rules.some((rule) => lifecycleRuleMatches(rule, bucket.rule))) continue;
    const clash = rules.find((rule) => rule.name === bucket.rule.name);
    if (clash) {
      throw new ProvisionError(
        `R2 bucket ${bucket.name} has a lifecycle rule named "${clash.name}" that does something else (prefix ${JSON.stringify(clash.prefix)}, ${clash.action}, enabled: ${clash.enabled ? 'yes' : 'no'}).\n` +
          `Nothing was created and ${configName} was not changed. Remove it (\`wrangler r2 bucket lifecycle remove ${bucket.name} --name ${clash.name}\`) and run again.`,
      );
    }
    rulesToAdd.push(bucket);
  }

  // 2. What is missing.
  for (const bucket of resources.buckets) {
    if (buckets.has(bucket.name)) {
      log(`  found   R2 bucket ${bucket.name}`);
      continue;
    }
    await call(['r2', 'bucket', 'create', bucket.name]);
    created.push(`R2 bucket ${bucket.name}`);
    log(`  created R2 bucket ${bucket.name}`);
  }
  for (const bucket of resources.buckets) {
    if (!bucket.rule) continue;
    if (!rulesToAdd.includes(bucket)) {
      log(`  found   lifecycle rule on ${bucket.name}: ${bucket.rule.prefix} expires after ${bucket.rule.expireDays} day(s)`);
      continue;
    }
    await call(lifecycleAddArgs(bucket.name, bucket.rule));
    created.push(`lifecycle rule ${bucket.rule.name} on ${bucket.name}`);
    log(`  added   lifecycle rule "${bucket.rule.name}" on ${bucket.name}: ${bucket.rule.prefix} expires after ${bucket.rule.expireDays} day(s)`);
  }
  for (const queue of resources.queues) {
    if (queues.has(queue)) {
      log(`  found   queue ${queue}`);
      continue;
    }
    await call(['queues', 'create', queue]);
    created.push(`queue ${queue}`);
    log(`  created queue ${queue}`);
  }
  const ids = new Map();
  for (const kv of resources.kv) {
    const byId = namespaces.find((namespace) => namespace.id === kv.id);
    if (byId) {
      log(`  found   KV namespace ${byId.title} (the id in ${configName})`);
      ids.set(kv.binding, byId.id);
      continue;
    }
    let byTitle = namespaces.find((namespace) => namespace.title === kv.title);
    if (byTitle) {
      log(`  found   KV namespace ${kv.title}`);
    } else {
      await call(['kv', 'namespace', 'create', kv.title]);
      created.push(`KV namespace ${kv.title}`);
      byTitle = parseKvList(await call(['kv', 'namespace', 'list'])).find((namespace) => namespace.title === kv.title);
      if (!byTitle) throw new ProvisionError(`KV namespace ${kv.title} was created but \`wrangler kv namespace list\` does not show it; ${configName} was not changed. Run again in a minute.`);
      log(`  created KV namespace ${kv.title}`);
    }
    ids.set(kv.binding, byTitle.id);
  }

  // 3. wrangler.toml, once, only when an id changed; checked with wrangler's own reader before it replaces the file.
  let next = toml;
  for (const kv of resources.kv) if (ids.get(kv.binding) !== kv.id) next = setKvId(next, env, kv.binding, ids.get(kv.binding));
  if (next === toml) {
    log(`  ${configName} already names every resource: not written`);
    return { created, wrote: false };
  }
  const draft = join(dirname(configPath), `.provision-${process.pid}.toml`);
  try {
    writeFileSync(draft, next);
    const { unstable_readConfig } = await wrangler();
    const check = unstable_readConfig({ config: draft, env }, { hideWarnings: true });
    for (const kv of resources.kv) {
      if (check.kv_namespaces.find((entry) => entry.binding === kv.binding)?.id !== ids.get(kv.binding)) throw new ProvisionError(`writing the ${kv.binding} id did not take; ${configName} was not changed`);
    }
    renameSync(draft, configPath);
  } finally {
    rmSync(draft, { force: true });
  }
  for (const kv of resources.kv) if (ids.get(kv.binding) !== kv.id) log(`  wrote   ${kv.binding} id ${ids.get(kv.binding)} to [[env.${env}.kv_namespaces]] in ${configName}`);
  return { created, wrote: true };
}
