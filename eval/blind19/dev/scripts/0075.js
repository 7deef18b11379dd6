#!/usr/bin/env node
// scripts/run-hook.js - run a "deploy hook" snippet before `fly deploy`.
//
// The snippet comes from DEPLOY_HOOK (inline JS) or deploy/hooks/<name>.js,
// and is evaluated with access to require() so it can do anything it needs.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function hookSource(name) {
  if (process.env.DEPLOY_HOOK) return process.env.DEPLOY_HOOK;
  const file = path.join(ROOT, 'deploy', 'hooks', `${name}.js`);
  return fs.readFileSync(file, 'utf8');
}

async function main() {
  const name = process.argv[2] || 'pre-deploy';
  const src = hookSource(name);
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  const hook = new AsyncFunction('require', 'process', src);
  await hook(require, process);
  console.log(`hook ${name} finished`);
}

main().catch((err) => {
  console.error(`hook failed: ${err.message}`);
  process.exitCode = 1;
});
