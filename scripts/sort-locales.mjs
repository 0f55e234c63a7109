#!/usr/bin/env node
// `node scripts/sort-locales.mjs`: rewrites every locale file under locales/ with its keys in the
// order of en-US.json (keys en-US lacks go last), two-space indented, so two locales compare line
// by line. A unit test (tests/unit/locale-files.test.ts) fails when the order drifts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/dev-server.mjs';

const dir = join(ROOT, 'locales');
const source = JSON.parse(readFileSync(join(dir, 'en-US.json'), 'utf8'));

function ordered(tree, model) {
  if (typeof tree !== 'object' || tree === null || typeof model !== 'object' || model === null) return tree;
  const keys = [...Object.keys(model).filter((key) => key in tree), ...Object.keys(tree).filter((key) => !(key in model))];
  return Object.fromEntries(keys.map((key) => [key, ordered(tree[key], model[key])]));
}

for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = `${JSON.stringify(ordered(JSON.parse(before), source), null, 2)}\n`;
  if (after !== before) {
    writeFileSync(path, after);
    console.log(`sorted ${file}`);
  }
}
