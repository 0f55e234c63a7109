// Types for scripts/lib/provision.mjs (imported by tests/unit/provision.test.ts).
export declare const ENVIRONMENTS: string[];
export interface LifecycleRule {
  name: string;
  prefix: string;
  expireDays: number;
}
export declare const LIFECYCLE_RULES: Record<string, LifecycleRule>;
export declare class ProvisionError extends Error {}
export declare function kvTitle(workerName: string, binding: string): string;
export interface Resources {
  kv: { binding: string; id: string | null; title: string }[];
  buckets: { binding: string; name: string; rule: LifecycleRule | null }[];
  queues: string[];
}
export declare function resourcesOf(config: unknown): Resources;
export declare function parseKvList(stdout: string): { id: string; title: string }[];
export declare function parseR2BucketList(stdout: string): string[];
export interface ListedRule {
  name: string;
  enabled: boolean;
  prefix: string;
  action: string;
}
export declare function parseLifecycleRules(stdout: string): ListedRule[];
export declare function lifecycleRuleMatches(listed: ListedRule, rule: LifecycleRule): boolean;
export declare function parseQueuesTable(stdout: string): string[];
export declare function setKvId(toml: string, env: string, binding: string, id: string): string;
export declare function commandLine(args: string[]): string;
export declare function readEnvironment(configPath: string, env: string): Promise<{ config: unknown; toml: string; resources: Resources }>;
export declare function runWrangler(args: string[], options: { cwd: string; env?: Record<string, string | undefined> }): Promise<{ code: number; stdout: string; stderr: string }>;
export declare function describePlan(env: string, resources: Resources, options?: { configName?: string }): string;
export declare function provision(options: {
  env: string;
  configPath: string;
  dryRun?: boolean;
  run?: (args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;
  log?: (line: string) => void;
}): Promise<{ created: string[]; wrote: boolean }>;
