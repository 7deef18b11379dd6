#!/usr/bin/env node
// CI helper: verify that every changed package has a changeset and a version bump.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const base = process.env.BASE_REF || 'origin/main';

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function changedFiles() {
  const out = git(['diff', '--name-only', `${base}...HEAD`]);
  return out ? out.split('\n') : [];
}

function packageOf(file) {
  const m = file.match(/^packages\/([^/]+)\//);
  return m ? m[1] : null;
}

function changesetPackages() {
  const dir = '.changeset';
  if (!fs.existsSync(dir)) return new Set();
  const names = new Set();
  for (const f of fs.readdirSync(dir)) {
    if (!f.endsWith('.md')) continue;
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    const front = text.split('---')[1] || '';
    for (const line of front.split('\n')) {
      const m = line.match(/^"?@acme\/([^"]+)"?:\s*(major|minor|patch)/);
      if (m) names.add(m[1]);
    }
  }
  return names;
}

function main() {
  const changed = new Set(changedFiles().map(packageOf).filter(Boolean));
  const covered = changesetPackages();
  const missing = [...changed].filter((p) => !covered.has(p));
  if (missing.length) {
    console.error('packages changed without a changeset:');
    for (const p of missing) console.error(`  - @acme/${p}`);
    console.error('run `pnpm changeset` and commit the result');
    process.exit(1);
  }
  console.log(`ok: ${changed.size} changed packages all have changesets`);
}

main();
