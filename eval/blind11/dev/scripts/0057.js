#!/usr/bin/env node
// scripts/codemods.js - apply the team's codemods to src/ before an upgrade.
'use strict';

const fs = require('fs');
const path = require('path');
const https = require('https');

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');

const registry = {
  base: 'https://codemods.example.org',
  channel: 'stable',
  name: 'react-18-upgrade',
};

function modUrl(reg) {
  return `${reg.base}/${reg.channel}/${reg.name}.js`;
}

function fetchText(url) {
  return new Promise((resolve, reject) => {
    https.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

function sourceFiles(dir, acc = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, acc);
    else if (/\.(jsx?|tsx?)$/.test(entry.name)) acc.push(full);
  }
  return acc;
}

function loadTransform(code) {
  const factory = new Function('module', 'exports', 'require', code);
  const mod = { exports: {} };
  factory(mod, mod.exports, require);
  return mod.exports;
}

async function main() {
  const code = await fetchText(modUrl(registry));
  const transform = loadTransform(code);
  let changed = 0;
  for (const file of sourceFiles(SRC)) {
    const before = fs.readFileSync(file, 'utf8');
    const after = transform(before, { path: file });
    if (after && after !== before) {
      fs.writeFileSync(file, after);
      changed++;
    }
  }
  console.log(`${changed} file(s) transformed`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
