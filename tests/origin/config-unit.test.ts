import { describe, expect, it } from 'vitest';
import { ORIGIN_VARS } from '../../origin/src/env';
import { MIGRATIONS, SCHEMA_STATEMENTS, TABLES } from '../../origin/src/schema';
import { renderSeedSql, SEED_STATEMENTS } from '../../origin/src/seed';
import { originEnv } from './helpers';

// The generated files (origin/migrations, origin/seed/seed.sql) must match their single source of
// truth; regenerate with `node origin/scripts/write-migrations.mjs`.

const normalize = (sql: string) =>
  sql
    .replace(/^--.*$/gm, '')
    .replace(/\s+/g, ' ')
    .replace(/;\s*$/, '')
    .trim();

describe('origin configuration', () => {
  it('defines every var the origin reads, with the local defaults', () => {
    for (const name of ORIGIN_VARS) expect(originEnv[name], name).toBeTypeOf('string');
    expect(originEnv.ENVIRONMENT).toBe('development');
    expect(originEnv.AUTO_SEED).toBe('true');
    expect(originEnv.DB).toBeDefined();
  });

  it('turns AUTO_SEED off and names itself production in [env.production]', () => {
    const production = originEnv.TEST_WRANGLER_TOML.split('[env.production.vars]')[1] ?? '';
    expect(production).toMatch(/ENVIRONMENT = "production"/);
    expect(production).toMatch(/AUTO_SEED = "false"/);
  });

  it('has migration files identical to origin/src/schema.ts', () => {
    expect(originEnv.TEST_MIGRATIONS.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => `${m.name}.sql`));
    const fromFiles = originEnv.TEST_MIGRATIONS.flatMap((m) => m.queries).map(normalize);
    expect(fromFiles).toEqual(SCHEMA_STATEMENTS.map(normalize));
  });

  it('has a seed.sql identical to origin/src/seed.ts', () => {
    expect(originEnv.TEST_SEED_SQL).toBe(renderSeedSql());
  });

  it('keeps every schema statement idempotent and every seed statement conflict-safe', () => {
    for (const s of SCHEMA_STATEMENTS) expect(s).toMatch(/^CREATE (UNIQUE )?(TABLE|INDEX) IF NOT EXISTS /);
    for (const s of SEED_STATEMENTS) expect(s).toMatch(/ON CONFLICT/);
    expect(TABLES).toContain('beacon_events');
  });
});
