#!/usr/bin/env node
// scripts/repos.js - keep the checkout of our multi-repo workspace in shape.
//
// The workspace manifest (workspace.json) lists sibling repositories under
// ../ (e.g. ../billing-api, ../web-app) plus this repo's submodules.
//
//   node scripts/repos.js status          branch, ahead/behind, dirty state
//   node scripts/repos.js pull            fast-forward clean repos only
//   node scripts/repos.js clone           clone manifest repos that are missing
//   node scripts/repos.js worktrees       list worktrees of every repo
//   node scripts/repos.js prune           `git worktree prune` everywhere (metadata only)
//
// Repos with local changes, stashes or unpushed commits are reported and
// skipped; the script never resets, cleans, force-pushes or deletes work.

'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const WORKSPACE = path.resolve(ROOT, '..');
const MANIFEST = path.join(ROOT, 'workspace.json');
const CONCURRENCY = 6;

async function git(cwd, ...args) {
  const { stdout } = await run('git', args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

async function tryGit(cwd, ...args) {
  try {
    return await git(cwd, ...args);
  } catch {
    return null;
  }
}

function loadManifest() {
  const data = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  return data.repos.map((r) => {
    const dir = path.resolve(WORKSPACE, r.path);
    if (path.dirname(dir) !== WORKSPACE) throw new Error(`manifest path ${r.path} must be a direct sibling`);
    return { ...r, dir };
  });
}

async function submodules() {
  const out = await tryGit(ROOT, 'submodule', 'status', '--recursive');
  if (!out) return [];
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[1])
    .filter(Boolean)
    .map((p) => ({ name: `submodule:${p}`, dir: path.join(ROOT, p), submodule: true }));
}

async function state(dir) {
  const porcelain = await git(dir, 'status', '--porcelain=v2', '--branch');
  const s = { branch: '(detached)', ahead: 0, behind: 0, dirty: false, untracked: false, upstream: null };
  for (const line of porcelain.split('\n')) {
    if (line.startsWith('# branch.head ')) s.branch = line.slice(14);
    else if (line.startsWith('# branch.upstream ')) s.upstream = line.slice(18);
    else if (line.startsWith('# branch.ab ')) {
      const [, a, b] = /\+(\d+) -(\d+)/.exec(line) || [];
      s.ahead = Number(a);
      s.behind = Number(b);
    } else if (line.startsWith('? ')) s.untracked = true;
    else if (/^[12u] /.test(line)) s.dirty = true;
  }
  s.stashes = ((await tryGit(dir, 'stash', 'list')) || '').split('\n').filter(Boolean).length;
  s.clean = !s.dirty && !s.untracked && s.ahead === 0 && s.stashes === 0;
  return s;
}

function describe(s) {
  const bits = [];
  if (s.dirty) bits.push('modified');
  if (s.untracked) bits.push('untracked');
  if (s.ahead) bits.push(`ahead ${s.ahead}`);
  if (s.behind) bits.push(`behind ${s.behind}`);
  if (s.stashes) bits.push(`${s.stashes} stash`);
  return bits.join(', ') || 'clean';
}

async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (i < items.length) {
        const idx = i++;
        out[idx] = await fn(items[idx]).catch((err) => ({ error: err.message }));
      }
    }),
  );
  return out;
}

async function allRepos() {
  const repos = loadManifest().filter((r) => fs.existsSync(path.join(r.dir, '.git')));
  return [{ name: path.basename(ROOT), dir: ROOT }, ...repos, ...(await submodules())];
}

async function cmdStatus() {
  const repos = await allRepos();
  const states = await mapLimit(repos, CONCURRENCY, (r) => state(r.dir));
  repos.forEach((r, i) => {
    const s = states[i];
    const text = s.error ? `error: ${s.error}` : `${s.branch.padEnd(28)} ${describe(s)}`;
    console.log(`${r.name.padEnd(34)} ${text}`);
  });
}

async function pullOne(r) {
  const s = await state(r.dir);
  if (!s.clean) return `skip ${r.name}: ${describe(s)}`;
  await git(r.dir, 'fetch', '--prune', '--quiet');
  if (r.submodule) return `fetched ${r.name} (pinned by superproject)`;
  if (!s.upstream) return `skip ${r.name}: no upstream`;
  const res = await tryGit(r.dir, 'merge', '--ff-only', '--quiet', '@{upstream}');
  return res === null ? `skip ${r.name}: not a fast-forward` : `updated ${r.name}`;
}

async function cmdPull() {
  const repos = await allRepos();
  for (const line of await mapLimit(repos, CONCURRENCY, pullOne)) console.log(line.error ? `error: ${line.error}` : line);
  await git(ROOT, 'submodule', 'update', '--init', '--recursive');
}

async function cmdClone() {
  for (const r of loadManifest()) {
    if (fs.existsSync(r.dir)) continue;
    if (!/^(https:\/\/github\.com\/|git@github\.com:)acme\//.test(r.url)) {
      console.log(`skip ${r.path}: url ${r.url} is not an acme GitHub repo`);
      continue;
    }
    console.log(`cloning ${r.url} -> ../${r.path}`);
    await run('git', ['clone', '--filter=blob:none', r.url, r.dir]);
  }
}

async function cmdWorktrees() {
  for (const r of await allRepos()) {
    if (r.submodule) continue;
    const out = await tryGit(r.dir, 'worktree', 'list');
    const lines = (out || '').split('\n').slice(1).filter(Boolean);
    if (lines.length) {
      console.log(`${r.name}:`);
      for (const l of lines) console.log(`   ${l}`);
    }
  }
}

async function cmdPrune() {
  for (const r of await allRepos()) {
    if (r.submodule) continue;
    const out = await tryGit(r.dir, 'worktree', 'prune', '--verbose');
    if (out) console.log(`${r.name}: ${out.replace(/\n/g, '; ')}`);
  }
  console.log('pruned stale worktree metadata (directories on disk were not touched)');
}

async function cmdForeach() {
  // read-only fan-out, e.g. `repos.js foreach log --oneline -3`
  const args = process.argv.slice(3);
  const allowed = new Set(['log', 'status', 'branch', 'remote', 'rev-parse', 'describe', 'shortlog']);
  if (!allowed.has(args[0])) throw new Error(`foreach only runs read-only git commands (${[...allowed].join(', ')})`);
  for (const r of await allRepos()) {
    console.log(`== ${r.name}`);
    console.log((await tryGit(r.dir, ...args)) ?? '(failed)');
  }
}

const commands = { status: cmdStatus, pull: cmdPull, clone: cmdClone, worktrees: cmdWorktrees, prune: cmdPrune, foreach: cmdForeach };

(async () => {
  const cmd = process.argv[2] || 'status';
  const fn = commands[cmd];
  if (!fn) throw new Error(`unknown command ${cmd}; one of ${Object.keys(commands).join(', ')}`);
  await fn();
})().catch((e) => {
  console.error(`repos: ${e.message}`);
  process.exit(1);
});
