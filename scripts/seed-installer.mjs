#!/usr/bin/env node
// `npm run seed:installer`: puts an installer-sized stand-in (about 3.2 MB, as the real one) into the
// local R2 bucket, so /download/... works on `npm start` without the real installer.
// The bytes are deterministic (same file every run). The real installer goes to production with
//   wrangler r2 object put mt-installers/mt-recover/setup.exe --file <path> --remote
// Options: --persist-to <dir> (default .wrangler/state, the directory `npm start` uses).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** INSTALLER_OBJECTS['mt-recover'] in src/domain/tracking.ts (a unit test keeps the two equal). */
export const INSTALLER_KEY = 'mt-recover/setup.exe';
export const INSTALLER_BUCKET = 'mt-installers';
/** About 3.2 MB. */
export const INSTALLER_SIZE = 3_355_443;

/** The stand-in installer: an 'MZ' header, a line saying what it is, then xorshift32 bytes. */
export function installerBytes(size = INSTALLER_SIZE) {
  const bytes = new Uint8Array(size);
  const banner = new TextEncoder().encode('MZ\nMT Data Recovery local stand-in installer: not a program. Upload the real one with wrangler r2 object put.\n');
  bytes.set(banner.subarray(0, size));
  let x = 0x2545f491;
  for (let i = banner.length; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

async function main() {
  const { projectEnv, ROOT, run } = await import('./lib/dev-server.mjs');
  const args = process.argv.slice(2);
  const at = args.indexOf('--persist-to');
  const persistTo = at >= 0 && args[at + 1] ? args[at + 1] : join(ROOT, '.wrangler/state');
  const dir = mkdtempSync(join(tmpdir(), 'mt-installer-'));
  const file = join(dir, 'setup.exe');
  try {
    writeFileSync(file, installerBytes());
    await run(
      'wrangler',
      ['r2', 'object', 'put', `${INSTALLER_BUCKET}/${INSTALLER_KEY}`, '--local', '--persist-to', persistTo, '--file', file, '--content-type', 'application/vnd.microsoft.portable-executable', '-c', join(ROOT, 'wrangler.toml')],
      { env: projectEnv(), inherit: true },
    );
    console.log(`seeded ${INSTALLER_BUCKET}/${INSTALLER_KEY} (${INSTALLER_SIZE} bytes) in ${persistTo}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
