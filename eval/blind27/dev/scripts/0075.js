#!/usr/bin/env node
// Fetch the latest modpack manifest from the community mirror and show
// which mods differ from our pack/index.toml.
'use strict';

const fs = require('fs');
const path = require('path');

const MIRROR = 'http://packs.mc-mirror.example.net/club/manifest.json';
const INDEX = path.join(__dirname, '..', 'pack', 'index.toml');

async function main() {
  const res = await fetch(MIRROR);
  if (!res.ok) throw new Error(`mirror returned ${res.status}`);
  const manifest = await res.json();
  const ours = fs.readFileSync(INDEX, 'utf8');
  const remote = (manifest.files || []).map((f) => f.path);
  const missing = remote.filter((p) => !ours.includes(p));
  console.log(`${remote.length} files in mirror manifest, ${missing.length} not in our index`);
  for (const m of missing.slice(0, 30)) console.log(`  + ${m}`);
  fs.writeFileSync(path.join(__dirname, '..', 'build', 'mirror-manifest.json'), JSON.stringify(manifest, null, 2));
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
