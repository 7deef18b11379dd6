#!/usr/bin/env node
// scripts/release.js - bump the package version, roll CHANGELOG.md, tag,
// push the branch and tag, and create a GitHub release.
//
//   node scripts/release.js patch
//   node scripts/release.js minor --dry-run
//   node scripts/release.js 3.0.0-rc.1 --prerelease
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PKG = path.join(ROOT, 'package.json');
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');
const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;
const API = 'https://api.github.com';

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function parseArgs(argv) {
  const opts = { bump: null, dryRun: false, prerelease: false, draft: true };
  for (const a of argv) {
    if (a === '--dry-run') opts.dryRun = true;
    else if (a === '--prerelease') opts.prerelease = true;
    else if (a === '--publish') opts.draft = false;
    else if (!opts.bump) opts.bump = a;
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!opts.bump) throw new Error('usage: release.js <major|minor|patch|x.y.z> [--dry-run]');
  return opts;
}

function nextVersion(current, bump) {
  if (SEMVER.test(bump)) return bump;
  const m = SEMVER.exec(current);
  if (!m) throw new Error(`current version ${current} is not semver`);
  let [maj, min, pat] = m.slice(1, 4).map(Number);
  switch (bump) {
    case 'major': return `${maj + 1}.0.0`;
    case 'minor': return `${maj}.${min + 1}.0`;
    case 'patch': return `${maj}.${min}.${pat + 1}`;
    default: throw new Error(`unknown bump ${bump}`);
  }
}

function assertCleanTree() {
  const status = git('status', '--porcelain');
  if (status) throw new Error('working tree is not clean');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (!['main', 'master'].includes(branch) && !branch.startsWith('release/')) {
    throw new Error(`refusing to release from ${branch}`);
  }
  return branch;
}

function previousTag() {
  try {
    return git('describe', '--tags', '--abbrev=0');
  } catch {
    return null;
  }
}

function collectNotes(since) {
  const range = since ? `${since}..HEAD` : 'HEAD';
  const log = git('log', range, '--no-merges', '--pretty=format:%s|%h');
  const groups = { Features: [], Fixes: [], Other: [] };
  for (const line of log.split('\n').filter(Boolean)) {
    const [subject, sha] = line.split('|');
    const m = /^(\w+)(\([^)]*\))?!?:\s*(.*)$/.exec(subject);
    const type = m ? m[1] : '';
    const text = `${m ? m[3] : subject} (${sha})`;
    if (type === 'feat') groups.Features.push(text);
    else if (type === 'fix') groups.Fixes.push(text);
    else if (!/^chore\(release\)/.test(subject)) groups.Other.push(text);
  }
  return groups;
}

function renderNotes(version, groups) {
  const date = new Date().toISOString().slice(0, 10);
  const out = [`## ${version} (${date})`, ''];
  for (const [title, items] of Object.entries(groups)) {
    if (!items.length) continue;
    out.push(`### ${title}`, '', ...items.map((i) => `- ${i}`), '');
  }
  return out.join('\n');
}

function updateFiles(version, notes) {
  const pkg = JSON.parse(fs.readFileSync(PKG, 'utf8'));
  pkg.version = version;
  fs.writeFileSync(PKG, JSON.stringify(pkg, null, 2) + '\n');
  const lockPath = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(lockPath)) {
    const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
    lock.version = version;
    if (lock.packages && lock.packages['']) lock.packages[''].version = version;
    fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
  }
  const old = fs.existsSync(CHANGELOG) ? fs.readFileSync(CHANGELOG, 'utf8') : '# Changelog\n';
  const [head, ...rest] = old.split('\n');
  fs.writeFileSync(CHANGELOG, [head, '', notes, ...rest].join('\n'));
}

function repoSlug() {
  const url = git('remote', 'get-url', 'origin');
  const m = /github\.com[:/]([^/]+)\/(.+?)(?:\.git)?$/.exec(url);
  if (!m) throw new Error(`origin ${url} is not a GitHub remote`);
  return `${m[1]}/${m[2]}`;
}

async function createRelease(tag, notes, { draft, prerelease }) {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is not set');
  const res = await fetch(`${API}/repos/${repoSlug()}/releases`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ tag_name: tag, name: tag, body: notes, draft, prerelease }),
  });
  if (!res.ok) throw new Error(`GitHub API ${res.status}: ${await res.text()}`);
  return (await res.json()).html_url;
}

async function main() {
  const cliArgs = process.argv.slice(2);
  const opts = parseArgs(cliArgs);
  const branch = assertCleanTree();
  const current = JSON.parse(fs.readFileSync(PKG, 'utf8')).version;
  const version = nextVersion(current, opts.bump);
  const tag = `v${version}`;
  const notes = renderNotes(version, collectNotes(previousTag()));
  console.log(`${current} -> ${version} on ${branch}\n\n${notes}`);
  if (opts.dryRun) return;

  updateFiles(version, notes);
  execFileSync('npm', ['test', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  git('add', 'package.json', 'CHANGELOG.md');
  if (fs.existsSync(path.join(ROOT, 'package-lock.json'))) git('add', 'package-lock.json');
  git('commit', '-m', `chore(release): ${tag}`);
  git('tag', '-a', tag, '-m', `Release ${tag}`);
  execFileSync('git', ['push', 'origin', 'HEAD'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('git', ['push', 'origin', tag], { cwd: ROOT, stdio: 'inherit' });
  const url = await createRelease(tag, notes, opts);
  console.log(`release created: ${url}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
