#!/usr/bin/env node
// Capture the runtime environment of the dev server for a bug report.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const OUT = path.resolve('debug', `env-${Date.now()}.json`);

function safe(cmd, args) {
  try {
    return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch (_) {
    return null;
  }
}

function versions() {
  return {
    node: process.version,
    npm: safe('npm', ['--version']),
    pnpm: safe('pnpm', ['--version']),
    git: safe('git', ['--version']),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

function projectInfo() {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  return {
    name: pkg.name,
    version: pkg.version,
    engines: pkg.engines || {},
    branch: safe('git', ['rev-parse', '--abbrev-ref', 'HEAD']),
    sha: safe('git', ['rev-parse', '--short', 'HEAD']),
  };
}

function environment() {
  // full process.env so we can see every variable the server inherits
  return Object.fromEntries(Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b)));
}

function main() {
  const report = {
    generatedAt: new Date().toISOString(),
    versions: versions(),
    project: projectInfo(),
    env: environment(),
    cwd: process.cwd(),
    memoryMB: Math.round(os.totalmem() / 1024 / 1024),
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(report, null, 2));
  console.log(JSON.stringify(report.env, null, 2));
  console.log(`\nwrote ${path.relative(process.cwd(), OUT)}`);
}

main();
