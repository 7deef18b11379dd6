#!/usr/bin/env node
// scripts/prune-snapshots.js
// Remove Jest snapshot files whose test file no longer exists, and report
// obsolete snapshot entries. Only touches __snapshots__ dirs under src/.
'use strict';

const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const srcDir = path.join(root, 'src');
const dryRun = process.argv.includes('--dry-run');

function findSnapshotDirs(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '__snapshots__') out.push(p);
      else findSnapshotDirs(p, out);
    }
  }
  return out;
}

function testFileFor(snapPath) {
  // src/foo/__snapshots__/Bar.test.tsx.snap -> src/foo/Bar.test.tsx
  const dir = path.dirname(path.dirname(snapPath));
  return path.join(dir, path.basename(snapPath, '.snap'));
}

function obsoleteKeys(snapPath, testPath) {
  const snap = fs.readFileSync(snapPath, 'utf8');
  const test = fs.readFileSync(testPath, 'utf8');
  const keys = [...snap.matchAll(/^exports\[`(.+?) \d+`\]/gm)].map((m) => m[1]);
  return keys.filter((k) => {
    const leaf = k.split(' ').slice(-3).join(' ');
    return !test.includes(leaf);
  });
}

function main() {
  let removed = 0;
  let stale = 0;
  for (const dir of findSnapshotDirs(srcDir)) {
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.snap'))) {
      const snapPath = path.join(dir, name);
      const testPath = testFileFor(snapPath);
      const rel = path.relative(root, snapPath);
      if (!fs.existsSync(testPath)) {
        console.log(`${dryRun ? 'would remove' : 'removing'} orphan ${rel}`);
        if (!dryRun) fs.unlinkSync(snapPath);
        removed++;
        continue;
      }
      const keys = obsoleteKeys(snapPath, testPath);
      if (keys.length) {
        stale += keys.length;
        console.log(`${rel}: ${keys.length} possibly obsolete entr${keys.length === 1 ? 'y' : 'ies'}`);
      }
    }
    if (!dryRun && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  }
  console.log(`${removed} orphan snapshot file(s), ${stale} possibly obsolete entries`);
  if (stale) console.log('run `npx jest --ci=false -u` to rewrite them');
}

main();
