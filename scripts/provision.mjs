#!/usr/bin/env node
// `npm run provision -- --env <staging|production> [--dry-run] [--config <wrangler.toml>]`
// Creates, or finds when they exist, every resource [env.<name>] of wrangler.toml binds (the KV
// namespace, the R2 buckets with the upload bucket's lifecycle rule, the beacon queue and its
// dead-letter queue) with wrangler's own commands, and writes the KV namespace's id into
// wrangler.toml. A second run changes nothing. `--dry-run` prints the plan and calls nothing.
// How: scripts/lib/provision.mjs. Runbook: docs/OPERATIONS.md.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ENVIRONMENTS, provision, ProvisionError } from './lib/provision.mjs';

const usage = `usage: npm run provision -- --env <${ENVIRONMENTS.join('|')}> [--dry-run] [--config <path to wrangler.toml>]`;

let options;
try {
  ({ values: options } = parseArgs({
    options: { env: { type: 'string' }, 'dry-run': { type: 'boolean', default: false }, config: { type: 'string' }, help: { type: 'boolean', default: false } },
    strict: true,
  }));
} catch (error) {
  console.error(`provision: ${error.message}\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
if (!ENVIRONMENTS.includes(options.env)) {
  console.error(`provision: --env must be one of ${ENVIRONMENTS.join(', ')}\n${usage}`);
  process.exit(2);
}

try {
  const configPath = options.config ? resolve(options.config) : fileURLToPath(new URL('../wrangler.toml', import.meta.url));
  await provision({ env: options.env, configPath, dryRun: options['dry-run'] });
} catch (error) {
  if (!(error instanceof ProvisionError)) throw error;
  console.error(`\nprovision: stopped.\n${error.message}`);
  process.exit(1);
}
