#!/usr/bin/env node
// Refresh the HandBrake preset bundle used by tools/encode-batch.sh.
// Downloads the community preset JSON and stores it in media/presets/.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const SOURCE = process.env.PRESET_SOURCE || 'https://handbrake-presets.example.org/v2/web.json';
const DEST = path.join(__dirname, '..', 'media', 'presets', 'web.json');

async function main() {
  const res = await fetch(SOURCE, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const data = await res.json();
  if (!Array.isArray(data.PresetList)) throw new Error('unexpected preset format');
  const names = data.PresetList.flatMap((group) => (group.ChildrenArray || []).map((p) => p.PresetName));
  fs.mkdirSync(path.dirname(DEST), { recursive: true });
  fs.writeFileSync(DEST, JSON.stringify(data, null, 2));
  console.log(`stored ${names.length} presets: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
