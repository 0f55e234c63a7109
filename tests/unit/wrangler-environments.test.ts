import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unstable_readConfig } from 'wrangler';

// wrangler.toml as wrangler itself reads it for each deployed environment. Named environments do
// not inherit bindings, so each must repeat every one of them, with resources of its own.

/** The part of wrangler's resolved config these tests read. */
interface EnvironmentConfig {
  name: string;
  vars: Record<string, unknown>;
  routes?: unknown[];
  services?: unknown[];
  kv_namespaces: { binding: string; id?: string }[];
  r2_buckets: { binding: string; bucket_name?: string }[];
  queues: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  ratelimits: { name: string; namespace_id: string }[];
  triggers: { crons?: string[] };
  observability?: {
    enabled?: boolean;
    redact_query_string?: boolean;
    logs?: { enabled?: boolean; head_sampling_rate?: number; invocation_logs?: boolean };
    traces?: { enabled?: boolean; head_sampling_rate?: number };
  };
}

const configPath = fileURLToPath(new URL('../../wrangler.toml', import.meta.url));
const read = (env?: string) => unstable_readConfig({ config: configPath, env }, { hideWarnings: true }) as unknown as EnvironmentConfig;
const production = read('production');
const staging = read('staging');
const local = read();

const bindingNames = (config: EnvironmentConfig) => ({
  kv: config.kv_namespaces.map((kv) => kv.binding).sort(),
  r2: config.r2_buckets.map((bucket) => bucket.binding).sort(),
  producers: (config.queues.producers ?? []).map((producer) => producer.binding).sort(),
  ratelimits: config.ratelimits.map((limit) => limit.name).sort(),
  vars: Object.keys(config.vars).sort(),
});

describe('the deployed environments in wrangler.toml', () => {
  it('bind the same names as the local environment (no binding forgotten in a named env)', () => {
    expect(bindingNames(staging)).toEqual(bindingNames(local));
    expect(bindingNames(production)).toEqual(bindingNames(local));
  });

  it('say which environment they are and where they live', () => {
    expect(production.vars['ENVIRONMENT']).toBe('production');
    expect(staging.vars['ENVIRONMENT']).toBe('staging');
    expect(production.name).toBe('mt-site');
    expect(staging.name).toBe('mt-site-staging');
    expect(production.vars['SITE_URL']).toMatch(/^https:\/\//);
    expect(staging.vars['SITE_URL']).toMatch(/^https:\/\//);
    expect(staging.vars['SITE_URL']).not.toBe(production.vars['SITE_URL']);
    const host = (url: unknown) => new URL(String(url)).host;
    expect(production.routes).toEqual([{ pattern: host(production.vars['SITE_URL']), custom_domain: true }]);
    expect(staging.routes).toEqual([{ pattern: host(staging.vars['SITE_URL']), custom_domain: true }]);
  });

  it('give staging resources of its own: no bucket, queue, KV namespace or rate-limit counter is shared with production', () => {
    const resources = (config: EnvironmentConfig) => [
      ...config.kv_namespaces.map((kv) => `kv:${kv.id}`),
      ...config.r2_buckets.map((bucket) => `r2:${bucket.bucket_name}`),
      ...(config.queues.producers ?? []).map((producer) => `queue:${producer.queue}`),
      ...(config.queues.consumers ?? []).map((consumer) => `queue:${consumer.queue}`),
      ...config.ratelimits.map((limit) => `ratelimit:${limit.namespace_id}`),
    ];
    const shared = resources(staging).filter((resource) => resources(production).includes(resource));
    expect(shared).toEqual([]);
  });

  it('keep no service binding to the reference origin: their upstreams are URLs', () => {
    for (const config of [production, staging]) {
      expect(config.services ?? []).toEqual([]);
      for (const name of ['UPSTREAM_RELEASE', 'UPSTREAM_SV', 'UPSTREAM_JB', 'COLLECT_URL']) expect(String(config.vars[name])).toMatch(/^https:\/\//);
    }
  });

  it("name each dead-letter queue '<beacon queue>-dlq' (how the consumer tells them apart)", () => {
    for (const config of [local, production, staging]) {
      const producers = Object.fromEntries((config.queues.producers ?? []).map((producer) => [producer.binding, producer.queue]));
      expect(producers['BEACON_DLQ']).toBe(`${producers['BEACON_QUEUE']}-dlq`);
      const main = (config.queues.consumers ?? []).find((consumer) => consumer.queue === producers['BEACON_QUEUE']);
      expect(main?.dead_letter_queue).toBe(producers['BEACON_DLQ']);
      expect((config.queues.consumers ?? []).map((consumer) => consumer.queue).sort()).toEqual([producers['BEACON_QUEUE'], producers['BEACON_DLQ']].sort());
    }
  });

  it('send their logs to Workers Logs, sampled, without query strings (a prefill link can carry an email)', () => {
    for (const config of [production, staging]) {
      const observability = config.observability!;
      expect(observability.enabled).toBe(true);
      expect(observability.redact_query_string).toBe(true);
      expect(observability.logs?.enabled).toBe(true);
      expect(observability.logs?.head_sampling_rate).toBeGreaterThan(0);
      expect(observability.logs?.head_sampling_rate).toBeLessThanOrEqual(1);
      expect(observability.traces?.head_sampling_rate).toBeLessThanOrEqual(observability.logs!.head_sampling_rate!);
    }
    expect(staging.observability!.logs!.head_sampling_rate).toBe(1);
  });

  it('run the upload cleanup cron everywhere', () => {
    expect(staging.triggers.crons).toEqual(local.triggers.crons);
    expect(production.triggers.crons).toEqual(local.triggers.crons);
  });
});
