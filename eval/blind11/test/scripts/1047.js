#!/usr/bin/env node
// scripts/audit-manifests.js - walk the monorepo with an event-emitting walker
// and report packages missing license/repository/engines or using file: deps.
'use strict';

const { EventEmitter } = require('events');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const IGNORE = new Set(['node_modules', '.git', 'dist', 'build', '.turbo']);

class ManifestWalker extends EventEmitter {
  constructor(root, maxDepth = 4) {
    super();
    this.root = root;
    this.maxDepth = maxDepth;
  }

  walk(dir = this.root, depth = 0) {
    if (depth > this.maxDepth) return;
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      this.emit('warn', `${dir}: ${err.code}`);
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !IGNORE.has(entry.name)) {
        this.walk(path.join(dir, entry.name), depth + 1);
      } else if (entry.name === 'package.json') {
        const file = path.join(dir, entry.name);
        try {
          this.emit('manifest', file, JSON.parse(fs.readFileSync(file, 'utf8')));
        } catch (err) {
          this.emit('warn', `${file}: ${err.message}`);
        }
      }
    }
    if (depth === 0) this.emit('done');
  }
}

const RULES = [
  ['missing license', (pkg) => !pkg.private && !pkg.license],
  ['missing repository', (pkg) => !pkg.private && !pkg.repository],
  ['missing engines.node', (pkg) => !(pkg.engines && pkg.engines.node)],
  ['file: dependency', (pkg) =>
    Object.values({ ...pkg.dependencies, ...pkg.devDependencies }).some((v) => String(v).startsWith('file:'))],
];

const findings = new Map();
const walker = new ManifestWalker(ROOT);

walker.on('manifest', (file, pkg) => {
  const rel = path.relative(ROOT, file) || 'package.json';
  for (const [label, test] of RULES) {
    if (test(pkg)) {
      if (!findings.has(label)) findings.set(label, []);
      findings.get(label).push(`${pkg.name || '(unnamed)'}  ${rel}`);
    }
  }
});

walker.on('warn', (msg) => console.warn(`warning: ${msg}`));

walker.on('done', () => {
  if (!findings.size) {
    console.log('all manifests pass');
    return;
  }
  for (const [label, list] of findings) {
    console.log(`\n${label} (${list.length})`);
    list.sort().forEach((l) => console.log(`  ${l}`));
  }
  if (process.argv.includes('--json')) {
    const out = path.join(ROOT, 'reports', 'manifest-audit.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(Object.fromEntries(findings), null, 2));
    console.log(`\nwritten ${path.relative(ROOT, out)}`);
  }
  process.exitCode = 1;
});

walker.walk();
