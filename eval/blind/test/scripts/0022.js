#!/usr/bin/env node
// Optimise every SVG under assets/icons with svgo and report the savings.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ICONS = path.join(__dirname, 'assets', 'icons');

function svgFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return svgFiles(full);
      return e.name.endsWith('.svg') ? [full] : [];
    });
}

const files = svgFiles(ICONS);
const before = new Map(files.map((f) => [f, fs.statSync(f).size]));

const res = spawnSync('npx', ['--no-install', 'svgo', '--multipass', '--quiet', ...files], {
  stdio: 'inherit',
});
if (res.status !== 0) {
  console.error('svgo failed');
  process.exit(res.status || 1);
}

let saved = 0;
for (const f of files) {
  const after = fs.statSync(f).size;
  const delta = before.get(f) - after;
  saved += delta;
  if (delta > 0) console.log(`${path.relative(ICONS, f).padEnd(40)} -${delta} B`);
}
console.log(`${files.length} icons, saved ${(saved / 1024).toFixed(1)} KiB`);
