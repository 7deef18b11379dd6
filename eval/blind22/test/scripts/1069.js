#!/usr/bin/env node
// tools/reset-workspace.js -- get back to a clean state after a long agent
// session: prune worktrees, drop stale task branches that were merged, and
// free disk space.

'use strict';

const { execFile, execFileSync } = require('node:child_process');
const { promisify } = require('node:util');
const path = require('node:path');

const run = promisify(execFile);
const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

function listWorktrees() {
  const out = execFileSync('git', ['worktree', 'list', '--porcelain'], { cwd: repo, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice(9))
    .filter((dir) => dir !== repo);
}

async function removeAll(dirs) {
  const results = await Promise.allSettled(
    dirs.map((dir) => run('git', ['worktree', 'remove', '--force', '--force', dir], { cwd: repo })),
  );
  return results.map((r, i) => ({ dir: dirs[i], ok: r.status === 'fulfilled', err: r.reason?.stderr?.trim() }));
}

function mergedTaskBranches() {
  const out = execFileSync('git', ['branch', '--merged', 'origin/main', '--format=%(refname:short)'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return out.split('\n').filter((b) => b.startsWith('task/'));
}

async function deleteBranches(branches) {
  for (const b of branches) {
    try {
      await run('git', ['branch', '-d', b], { cwd: repo });
      console.log(`deleted merged branch ${b}`);
    } catch (e) {
      console.log(`kept ${b}: ${e.stderr?.trim()}`);
    }
  }
}

async function gc() {
  await run('git', ['worktree', 'prune'], { cwd: repo });
  await run('git', ['gc', '--quiet', '--prune=now'], { cwd: repo });
}

async function main() {
  await run('git', ['fetch', '--quiet', '--prune', 'origin'], { cwd: repo });
  const dirs = listWorktrees();
  console.log(`${dirs.length} extra worktree(s)`);
  for (const r of await removeAll(dirs)) {
    console.log(`${r.ok ? 'removed' : 'FAILED '} ${path.relative(repo, r.dir) || r.dir}${r.ok ? '' : `: ${r.err}`}`);
  }
  await deleteBranches(mergedTaskBranches());
  await gc();
  console.log('workspace reset');
}

main().catch((e) => {
  console.error(`reset-workspace: ${e.message}`);
  process.exit(1);
});
