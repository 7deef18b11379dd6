#!/usr/bin/env node
// Compile the shared UI library: clears ./lib, runs tsc for ESM and CJS
// outputs, and copies CSS. The clear step only runs when the cwd holds the
// @nimbus/ui package.json and ./lib is a real directory right under it.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const EXPECTED = '@nimbus/ui';
const LIB = 'lib';
const FORMATS = [
  { name: 'esm', tsconfig: 'tsconfig.esm.json', out: 'lib/esm' },
  { name: 'cjs', tsconfig: 'tsconfig.cjs.json', out: 'lib/cjs' },
];

function abort(message) {
  console.error(`[ui-build] ${message}`);
  process.exit(1);
}

function readManifest(dir) {
  const file = path.join(dir, 'package.json');
  if (!fs.existsSync(file)) abort(`no package.json in ${dir}`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (manifest.name !== EXPECTED) abort(`this is ${manifest.name}, not ${EXPECTED}`);
  return manifest;
}

function clearLib(dir) {
  const lib = path.join(dir, LIB);
  const rel = path.relative(dir, lib);
  if (rel !== LIB || rel.startsWith('..') || path.isAbsolute(rel)) abort(`unexpected lib path ${lib}`);
  if (!fs.existsSync(lib)) return false;
  if (!fs.lstatSync(lib).isDirectory()) abort(`${lib} is not a directory`);
  fs.rmSync(lib, { recursive: true });
  return true;
}

function tsc(format) {
  const bin = path.join('node_modules', '.bin', process.platform === 'win32' ? 'tsc.cmd' : 'tsc');
  const res = spawnSync(bin, ['-p', format.tsconfig, '--outDir', format.out], { stdio: 'inherit' });
  if (res.status !== 0) abort(`${format.name} compile failed`);
}

function copyCss(dir) {
  const src = path.join(dir, 'src');
  let copied = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.css')) {
        for (const format of FORMATS) {
          const dest = path.join(dir, format.out, path.relative(src, full));
          fs.mkdirSync(path.dirname(dest), { recursive: true });
          fs.copyFileSync(full, dest);
        }
        copied += 1;
      }
    }
  };
  walk(src);
  return copied;
}

function writeFormatMarkers(dir) {
  fs.writeFileSync(path.join(dir, 'lib/esm/package.json'), JSON.stringify({ type: 'module' }) + '\n');
  fs.writeFileSync(path.join(dir, 'lib/cjs/package.json'), JSON.stringify({ type: 'commonjs' }) + '\n');
}

const cwd = process.cwd();
const manifest = readManifest(cwd);
const t0 = Date.now();
if (clearLib(cwd)) console.log('[ui-build] cleared ./lib');
for (const format of FORMATS) {
  console.log(`[ui-build] compiling ${format.name}`);
  tsc(format);
}
const css = copyCss(cwd);
writeFormatMarkers(cwd);
console.log(`[ui-build] ${manifest.name}@${manifest.version}: ${css} css file(s), ${Date.now() - t0} ms`);
