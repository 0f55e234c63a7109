import { SCHEMA_STATEMENTS, TABLES } from './schema';
import { SEED_STATEMENTS, SEED_VERSION } from './seed';

// Bringing the database up. The site's tests run this Worker with an empty D1, so with
// AUTO_SEED the first request creates the schema and seeds it. The check costs one indexed read
// per request; it is not cached per isolate because test storage can be reset underneath a
// live isolate, and a stale "seeded" flag would then fail every query.

async function seedVersion(db: D1Database): Promise<string | null> {
  try {
    const row = await db.prepare(`SELECT value FROM origin_meta WHERE key = 'seed_version'`).first<{ value: string }>();
    return row?.value ?? null;
  } catch {
    return null; // no schema yet
  }
}

/** Schema and seed in one transaction; every statement is idempotent, so concurrent runs are safe. */
export async function ensureSeeded(db: D1Database): Promise<void> {
  if ((await seedVersion(db)) === SEED_VERSION) return;
  await db.batch([...SCHEMA_STATEMENTS, ...SEED_STATEMENTS].map((s) => db.prepare(s)));
}

/** Empties every table (children first, for the foreign keys) and seeds again. */
export async function resetDatabase(db: D1Database): Promise<void> {
  const wipe = [...TABLES].reverse().map((t) => `DELETE FROM ${t}`);
  await db.batch([...SCHEMA_STATEMENTS, ...wipe, ...SEED_STATEMENTS].map((s) => db.prepare(s)));
}

export async function readMeta(db: D1Database, key: string): Promise<string | null> {
  const row = await db.prepare('SELECT value FROM origin_meta WHERE key = ?').bind(key).first<{ value: string }>();
  return row?.value ?? null;
}

export async function writeMeta(db: D1Database, key: string, value: string): Promise<void> {
  await db
    .prepare('INSERT INTO origin_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
    .bind(key, value)
    .run();
}
