#!/usr/bin/env node
// Publish the `tern-config` package: verify a clean tree on main, bump the
// version, run tests, publish to registry.npmjs.org and push the tag.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '..');
const REGISTRY = 'https://registry.npmjs.org/';
const BUMPS = new Set(['patch', 'minor', 'major']);

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const npm = (...args) => execFileSync('npm', args, { cwd: ROOT, stdio: 'inherit' });

function confirm(question) {
  return new Promise((resolve) => {
    if (process.argv.includes('--yes')) return resolve(true);
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    rl.question(`${question} [y/N] `, (answer) => {
      rl.close();
      resolve(/^y(es)?$/i.test(answer.trim()));
    });
  });
}

function preflight() {
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch !== 'main') throw new Error(`releases are cut from main, not ${branch}`);
  if (git('status', '--porcelain')) throw new Error('working tree is not clean');
  git('fetch', 'origin', 'main');
  const behind = git('rev-list', '--count', 'HEAD..origin/main');
  if (behind !== '0') throw new Error(`main is ${behind} commit(s) behind origin`);
}

function currentVersion() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
}

function nextVersion(version, bump) {
  const [maj, min, pat] = version.split('.').map(Number);
  if (bump === 'major') return `${maj + 1}.0.0`;
  if (bump === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

async function main() {
  const bump = process.argv[2];
  if (!BUMPS.has(bump)) {
    console.error('usage: release.js <patch|minor|major> [--yes] [--dry-run]');
    process.exitCode = 2;
    return;
  }
  const dryRun = process.argv.includes('--dry-run');
  preflight();
  const from = currentVersion();
  const to = nextVersion(from, bump);
  if (!(await confirm(`release tern-config ${from} -> ${to}?`))) {
    console.log('aborted');
    return;
  }
  npm('test');
  npm('version', bump, '-m', 'chore(release): %s');
  const publishArgs = ['publish', '--registry', REGISTRY, '--access', 'public'];
  if (dryRun) publishArgs.push('--dry-run');
  npm(...publishArgs);
  if (dryRun) {
    console.log('dry run: undoing version commit');
    git('tag', '-d', `v${to}`);
    git('reset', '--soft', 'HEAD~1');
    git('restore', '--staged', 'package.json', 'package-lock.json');
    git('checkout', '--', 'package.json', 'package-lock.json');
    return;
  }
  git('push', 'origin', 'main', '--follow-tags');
  console.log(`published tern-config@${to}`);
}

main().catch((err) => {
  console.error(`release failed: ${err.message}`);
  process.exitCode = 1;
});
