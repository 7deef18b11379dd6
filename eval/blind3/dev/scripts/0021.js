#!/usr/bin/env node
// tmp_codemod.js - migrate `require('lodash')` imports to per-method imports.
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');
const DRY = process.argv.includes('--dry');

function walk(dir, out = []) {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    if (ent.name === 'node_modules' || ent.name.startsWith('.')) continue;
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) walk(p, out);
    else if (/\.(js|jsx|mjs|cjs)$/.test(ent.name)) out.push(p);
  }
  return out;
}

const REQ = /const\s+_\s*=\s*require\(['"]lodash['"]\);?\n/;
const USE = /\b_\.([a-zA-Z]+)\(/g;

function transform(src) {
  if (!REQ.test(src)) return null;
  const used = new Set();
  let m;
  while ((m = USE.exec(src))) used.add(m[1]);
  if (used.size === 0) return src.replace(REQ, '');
  const imports = [...used]
    .sort()
    .map((name) => `const ${name} = require('lodash/${name}');`)
    .join('\n');
  return src.replace(REQ, imports + '\n').replace(USE, (_m, name) => `${name}(`);
}

function ensureLodashInstalled() {
  const pkgPath = path.join(ROOT, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  if (!deps.lodash) {
    console.error('lodash is not a dependency; nothing to migrate');
    process.exit(0);
  }
}

function report(files) {
  const counts = {};
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    let m;
    const re = new RegExp(USE.source, 'g');
    while ((m = re.exec(src))) counts[m[1]] = (counts[m[1]] || 0) + 1;
  }
  const top = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10);
  if (top.length) {
    console.log('most used lodash methods:');
    for (const [name, n] of top) console.log(`  ${name.padEnd(16)} ${n}`);
  }
}

function main() {
  const files = walk(SRC);
  let changed = 0;
  for (const f of files) {
    const before = fs.readFileSync(f, 'utf8');
    const after = transform(before);
    if (after === null || after === before) continue;
    changed++;
    const rel = path.relative(ROOT, f);
    if (DRY) {
      console.log(`would rewrite ${rel}`);
    } else {
      fs.writeFileSync(f, after);
      console.log(`rewrote ${rel}`);
    }
  }
  console.log(`${changed}/${files.length} files ${DRY ? 'would change' : 'changed'}`);
}

main();
