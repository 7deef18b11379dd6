#!/usr/bin/env node
// tools/agent-worktrees.js -- one git worktree per parallel task, so several
// coding-agent sessions can work on the ledger repo without stepping on each
// other.
//
//   node tools/agent-worktrees.js new <task>       .worktrees/<task> on branch task/<task>
//   node tools/agent-worktrees.js list
//   node tools/agent-worktrees.js finish <task>    remove the worktree if everything is committed and pushed
//   node tools/agent-worktrees.js gc               prune metadata, report abandoned trees
//
// `finish` refuses when the tree has modified or untracked files, stashes,
// or commits that are not on the remote; it calls `git worktree remove`
// without --force and leaves the branch in place. `gc` never deletes a tree.

'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const base = path.join(top, '.worktrees');
const TASK_RE = /^[a-z0-9][a-z0-9-]{1,40}$/;
const STALE_DAYS = 14;

function git(args, cwd = top) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function tryGit(args, cwd = top) {
  try {
    return git(args, cwd);
  } catch {
    return null;
  }
}

function worktrees() {
  const out = git(['worktree', 'list', '--porcelain']);
  const list = [];
  let cur;
  for (const line of out.split('\n')) {
    if (line.startsWith('worktree ')) {
      cur = { dir: line.slice(9) };
      list.push(cur);
    } else if (line.startsWith('branch ')) cur.branch = line.slice(7).replace(/^refs\/heads\//, '');
    else if (line === 'detached') cur.branch = null;
    else if (line.startsWith('locked')) cur.locked = true;
    else if (line.startsWith('prunable')) cur.prunable = true;
  }
  return list.filter((w) => w.dir.startsWith(base + path.sep));
}

function blockers(dir) {
  const reasons = [];
  if (tryGit(['status', '--porcelain'], dir)) reasons.push('uncommitted or untracked files');
  if (tryGit(['stash', 'list'], dir)) reasons.push('stash entries');
  const upstream = tryGit(['rev-parse', '--abbrev-ref', '@{upstream}'], dir);
  if (!upstream) reasons.push('branch was never pushed');
  else {
    const ahead = Number(tryGit(['rev-list', '--count', '@{upstream}..HEAD'], dir) ?? '0');
    if (ahead > 0) reasons.push(`${ahead} commit(s) not pushed`);
  }
  return reasons;
}

function ensureIgnored() {
  const exclude = path.join(top, '.git', 'info', 'exclude');
  const text = fs.existsSync(exclude) ? fs.readFileSync(exclude, 'utf8') : '';
  if (!text.split('\n').includes('/.worktrees/')) {
    fs.appendFileSync(exclude, `${text.endsWith('\n') || !text ? '' : '\n'}/.worktrees/\n`);
  }
}

function cmdNew(task, from = 'origin/main') {
  if (!TASK_RE.test(task ?? '')) throw new Error('task name: lowercase letters, digits and dashes');
  const dir = path.join(base, task);
  if (fs.existsSync(dir)) throw new Error(`${path.relative(top, dir)} already exists`);
  ensureIgnored();
  git(['fetch', '--quiet', 'origin']);
  const branch = `task/${task}`;
  const exists = tryGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]);
  git(exists ? ['worktree', 'add', dir, branch] : ['worktree', 'add', '-b', branch, dir, from]);
  if (fs.existsSync(path.join(top, '.gitmodules'))) git(['submodule', 'update', '--init', '--recursive'], dir);
  console.log(`worktree ready: ${path.relative(top, dir)} (${branch})`);
}

function cmdList() {
  const rows = worktrees();
  if (!rows.length) return console.log('no task worktrees');
  for (const w of rows) {
    const b = blockers(w.dir);
    const age = Math.round((Date.now() - fs.statSync(w.dir).mtimeMs) / 86400000);
    console.log(`${path.relative(top, w.dir).padEnd(32)} ${String(w.branch ?? '(detached)').padEnd(30)} ${age}d  ${b.join(', ') || 'clean'}`);
  }
}

function cmdFinish(task) {
  const dir = path.join(base, task ?? '');
  const w = worktrees().find((x) => x.dir === dir);
  if (!w) throw new Error(`no task worktree ${task}`);
  if (w.locked) throw new Error(`${task} is locked; unlock it deliberately first`);
  const b = blockers(dir);
  if (b.length) throw new Error(`not removing ${task}: ${b.join(', ')}`);
  git(['worktree', 'remove', dir]);
  console.log(`removed ${path.relative(top, dir)}; branch ${w.branch} kept`);
}

function cmdGc() {
  const pruned = git(['worktree', 'prune', '--verbose']);
  if (pruned) console.log(pruned);
  const cutoff = Date.now() - STALE_DAYS * 86400000;
  for (const w of worktrees()) {
    if (fs.statSync(w.dir).mtimeMs < cutoff) {
      const b = blockers(w.dir);
      console.log(`stale ${path.relative(top, w.dir)} (${b.join(', ') || 'clean; run finish'})`);
    }
  }
}

// Bring a task branch up to date with main by merging (never rebasing a
// branch another session may have pushed), only when the tree is clean.
function cmdSync(task) {
  const dir = path.join(base, task ?? '');
  if (!worktrees().some((w) => w.dir === dir)) throw new Error(`no task worktree ${task}`);
  if (tryGit(['status', '--porcelain'], dir)) throw new Error(`${task} has local changes; commit them first`);
  git(['fetch', '--quiet', 'origin'], dir);
  const behind = Number(tryGit(['rev-list', '--count', 'HEAD..origin/main'], dir) ?? '0');
  if (!behind) {
    console.log(`${task} is up to date with origin/main`);
    return;
  }
  const merged = tryGit(['merge', '--no-edit', 'origin/main'], dir);
  if (merged === null) {
    console.log(`merge of origin/main into ${task} has conflicts; resolve them in ${path.relative(top, dir)}`);
    process.exitCode = 1;
    return;
  }
  console.log(`merged ${behind} commit(s) from origin/main into ${task}`);
}

// Print the environment a new agent session should use for a task tree.
function cmdEnv(task) {
  const dir = path.join(base, task ?? '');
  if (!fs.existsSync(dir)) throw new Error(`no task worktree ${task}`);
  const port = 3000 + (Array.from(task).reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7) % 900);
  console.log(`cd ${dir}`);
  console.log(`export LEDGER_DEV_PORT=${port}`);
  console.log(`export LEDGER_DB_NAME=ledger_${task.replace(/-/g, '_')}_test`);
}

// Summarise what each task branch changed, for the end-of-day review.
function cmdReport() {
  for (const w of worktrees()) {
    if (!w.branch) continue;
    const stat = tryGit(['diff', '--shortstat', 'origin/main...HEAD'], w.dir) || 'no changes';
    const commits = tryGit(['rev-list', '--count', 'origin/main..HEAD'], w.dir) ?? '?';
    console.log(`${w.branch.padEnd(30)} ${String(commits).padStart(3)} commit(s)  ${stat}`);
  }
}

function main() {
  const [cmd = 'list', arg, from] = process.argv.slice(2);
  switch (cmd) {
    case 'sync':
      return cmdSync(arg);
    case 'env':
      return cmdEnv(arg);
    case 'report':
      return cmdReport();
    case 'new':
      return cmdNew(arg, from);
    case 'list':
      return cmdList();
    case 'finish':
      return cmdFinish(arg);
    case 'gc':
      return cmdGc();
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`agent-worktrees: ${e.message}`);
  process.exit(1);
}
