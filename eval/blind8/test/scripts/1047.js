#!/usr/bin/env node
// Clean up log and crash-dump files that dev tools leave around the machine.
'use strict';

const fs = require('fs');
const path = require('path');
const os = require('os');

const ROOT = process.env.SWEEP_ROOT || os.homedir();
const PATTERNS = [/\.log$/, /^core\.\d+$/, /\.heapsnapshot$/, /^npm-debug\.log/, /\.dmp$/];
const dry = process.argv.includes('--dry-run');

function matches(name) {
  return PATTERNS.some((re) => re.test(name));
}

function* walk(dir, depth = 0) {
  if (depth > 6) return;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isSymbolicLink()) continue;
    if (e.isDirectory()) yield* walk(full, depth + 1);
    else if (e.isFile() && matches(e.name)) yield full;
  }
}

function main() {
  let count = 0;
  let bytes = 0;
  for (const file of walk(ROOT)) {
    let size = 0;
    try {
      size = fs.statSync(file).size;
    } catch {
      continue;
    }
    count++;
    bytes += size;
    if (dry) console.log('would delete', file);
    else fs.rmSync(file, { force: true });
  }
  console.log(`${dry ? 'would free' : 'freed'} ${(bytes / 1e6).toFixed(1)} MB in ${count} files under ${ROOT}`);
}

main();
