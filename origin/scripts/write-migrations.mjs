// Writes origin/migrations/<name>.sql and origin/seed/seed.sql from origin/src/schema.ts and
// origin/src/seed.ts (the single source of truth; the Worker runs the same statements itself).
// Needs Node 24 (it imports the .ts files directly). `--check` fails instead of writing when a
// file is stale, for CI.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const origin = join(dirname(fileURLToPath(import.meta.url)), '..');
const { MIGRATIONS, renderMigrationSql } = await import(join(origin, 'src/schema.ts'));
const { renderSeedSql } = await import(join(origin, 'src/seed.ts'));

const files = [
  ...MIGRATIONS.map((m) => [join(origin, 'migrations', `${m.name}.sql`), renderMigrationSql(m)]),
  [join(origin, 'seed', 'seed.sql'), renderSeedSql()],
];

const check = process.argv.includes('--check');
let stale = 0;
for (const [path, text] of files) {
  const current = await readFile(path, 'utf8').catch(() => null);
  if (current === text) continue;
  if (check) {
    console.error(`stale: ${path} (run node origin/scripts/write-migrations.mjs)`);
    stale += 1;
    continue;
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
  console.log(`wrote ${path}`);
}
if (stale) process.exit(1);
