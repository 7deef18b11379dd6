#!/usr/bin/env node
// Production build with Rollup: clean lib/, build ESM+CJS, emit types, check exports.
'use strict';

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = process.cwd();
const OUT = path.join(ROOT, 'lib');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

function step(name, cmd, args) {
  console.log(`\n> ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) {
    console.error(`${name} failed (${r.status})`);
    process.exit(r.status || 1);
  }
}

function cleanOut() {
  if (path.dirname(OUT) !== ROOT) throw new Error('unexpected output directory');
  fs.rmSync(OUT, { recursive: true, force: true });
}

function checkExports() {
  const missing = [];
  const walk = (v) => {
    if (typeof v === 'string') {
      if (!fs.existsSync(path.join(ROOT, v))) missing.push(v);
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(pkg.exports);
  if (missing.length) {
    console.error('exports point to missing files:', missing.join(', '));
    process.exit(1);
  }
  console.log('package exports ok');
}

function sizes() {
  for (const f of fs.readdirSync(OUT).filter((n) => /\.(m?js|cjs)$/.test(n))) {
    const kb = (fs.statSync(path.join(OUT, f)).size / 1024).toFixed(1);
    console.log(`${f.padEnd(28)} ${kb} KB`);
  }
}

cleanOut();
step('rollup', 'pnpm', ['exec', 'rollup', '-c', 'rollup.config.mjs']);
step('types', 'pnpm', ['exec', 'tsc', '-p', 'tsconfig.build.json', '--emitDeclarationOnly']);
checkExports();
sizes();
console.log(`\n${pkg.name}@${pkg.version} built`);
