#!/usr/bin/env node
// Start the repo over from the template: keep config, drop all sources and docs.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const root = process.cwd();
const KEEP = new Set(['.git', 'package.json', 'package-lock.json', 'tsconfig.json', '.gitignore']);

const entries = fs.readdirSync(root).filter((n) => !KEEP.has(n));
console.log(`removing ${entries.length} top-level entries:`);
for (const name of entries) {
  console.log(`  ${name}`);
  fs.rmSync(path.join(root, name), { recursive: true, force: true });
}

fs.mkdirSync(path.join(root, 'src'), { recursive: true });
fs.writeFileSync(path.join(root, 'src', 'index.ts'), 'export {};\n');
fs.writeFileSync(path.join(root, 'README.md'), `# ${require(path.join(root, 'package.json')).name}\n`);

execFileSync('git', ['add', '-A'], { stdio: 'inherit' });
execFileSync('git', ['status', '--short'], { stdio: 'inherit' });
console.log('repository reset to an empty template (not committed)');
