#!/usr/bin/env node
// Tag the current commit with the package version and push the tag.
'use strict';

const fs = require('fs');
const { execFileSync } = require('child_process');

const args = new Set(process.argv.slice(2));
const DRY = args.has('--dry-run');
const REMOTE = process.env.RELEASE_REMOTE || 'origin';

function git(...a) {
  return execFileSync('git', a, { encoding: 'utf8' }).trim();
}

function ensureClean() {
  if (git('status', '--porcelain') !== '') {
    throw new Error('working tree has uncommitted changes');
  }
}

function ensureOnMain() {
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (branch !== 'main') throw new Error(`on ${branch}, expected main`);
}

function version() {
  const v = JSON.parse(fs.readFileSync('package.json', 'utf8')).version;
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(v)) throw new Error(`bad version ${v}`);
  return v;
}

function tagExists(tag) {
  try {
    git('rev-parse', '-q', '--verify', `refs/tags/${tag}`);
    return true;
  } catch (_) {
    return false;
  }
}

function notes(tag) {
  let prev;
  try {
    prev = git('describe', '--tags', '--abbrev=0', 'HEAD^');
  } catch (_) {
    prev = null;
  }
  const range = prev ? `${prev}..HEAD` : 'HEAD';
  return `${tag}\n\n` + git('log', range, '--pretty=- %s');
}

function main() {
  ensureClean();
  ensureOnMain();
  const tag = `v${version()}`;
  if (tagExists(tag)) throw new Error(`${tag} already exists`);
  const msg = notes(tag);
  console.log(msg);
  if (DRY) return console.log('\n(dry run, not tagging)');
  execFileSync('git', ['tag', '-a', tag, '-m', msg], { stdio: 'inherit' });
  execFileSync('git', ['push', REMOTE, tag], { stdio: 'inherit' });
  console.log(`pushed ${tag} to ${REMOTE}`);
}

try {
  main();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
