#!/usr/bin/env node
/**
 * scripts/version.js — bump the versions of the packages in this pnpm workspace.
 *
 *   node scripts/version.js patch                    bump every public package
 *   node scripts/version.js minor --only @kite/ui    bump one package (+ dependents)
 *   node scripts/version.js prerelease --preid beta
 *   node scripts/version.js patch --commit --tag     commit + annotated tags (local)
 *   node scripts/version.js patch --commit --push    ... and push the current branch
 *
 * Rewrites packages/<name>/package.json (version + internal dependency ranges),
 * refreshes pnpm-lock.yaml with `pnpm install --lockfile-only`, and prepends a
 * stub entry to each CHANGELOG.md. Pushing only pushes the current branch and the
 * new tags to origin; it never force-pushes.
 */
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES_DIR = path.join(ROOT, 'packages');
const KINDS = new Set(['major', 'minor', 'patch', 'prerelease']);

function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: opts.inherit ? 'inherit' : 'pipe' });
}

function parseArgs(argv) {
  const opts = { kind: argv[0], only: [], preid: 'rc', commit: false, tag: false, push: false, dryRun: false };
  for (let i = 1; i < argv.length; i++) {
    switch (argv[i]) {
      case '--only': opts.only.push(argv[++i]); break;
      case '--preid': opts.preid = argv[++i]; break;
      case '--commit': opts.commit = true; break;
      case '--tag': opts.tag = true; break;
      case '--push': opts.push = true; opts.commit = true; opts.tag = true; break;
      case '--dry-run': opts.dryRun = true; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!KINDS.has(opts.kind)) throw new Error(`first argument must be one of ${[...KINDS].join(', ')}`);
  return opts;
}

function readPackages() {
  const pkgs = new Map();
  for (const dir of fs.readdirSync(PACKAGES_DIR)) {
    const file = path.join(PACKAGES_DIR, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (json.private) continue;
    pkgs.set(json.name, { dir: path.join(PACKAGES_DIR, dir), file, json });
  }
  return pkgs;
}

function bump(version, kind, preid) {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/.exec(version);
  if (!m) throw new Error(`cannot parse version ${version}`);
  let [major, minor, patch] = m.slice(1, 4).map(Number);
  const pre = m[4];
  switch (kind) {
    case 'major': return `${major + 1}.0.0`;
    case 'minor': return `${major}.${minor + 1}.0`;
    case 'patch': return pre ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}`;
    case 'prerelease': {
      if (pre && pre.startsWith(`${preid}.`)) {
        const n = Number(pre.split('.')[1] ?? 0);
        return `${major}.${minor}.${patch}-${preid}.${n + 1}`;
      }
      return `${major}.${minor}.${patch + 1}-${preid}.0`;
    }
    default: throw new Error(kind);
  }
}

function dependentsOf(pkgs, names) {
  // walk internal dependency edges so dependents get bumped too
  const selected = new Set(names);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, p] of pkgs) {
      if (selected.has(name)) continue;
      const deps = { ...p.json.dependencies, ...p.json.peerDependencies };
      if (Object.keys(deps).some((d) => selected.has(d))) {
        selected.add(name);
        grew = true;
      }
    }
  }
  return selected;
}

function rewriteRanges(json, versions) {
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const deps = json[field];
    if (!deps) continue;
    for (const [dep, range] of Object.entries(deps)) {
      if (!versions.has(dep)) continue;
      if (range.startsWith('workspace:')) continue; // pnpm rewrites these on publish
      const prefix = /^[~^]/.exec(range)?.[0] ?? '';
      deps[dep] = `${prefix}${versions.get(dep)}`;
    }
  }
}

function prependChangelog(dir, version) {
  const file = path.join(dir, 'CHANGELOG.md');
  const date = new Date().toISOString().slice(0, 10);
  const entry = `## ${version} (${date})\n\n- _describe the changes_\n\n`;
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Changelog\n\n';
  const idx = old.indexOf('\n## ');
  const next = idx === -1 ? `${old.trimEnd()}\n\n${entry}` : `${old.slice(0, idx + 1)}${entry}${old.slice(idx + 1)}`;
  fs.writeFileSync(file, next);
}

function ensureCleanTree() {
  const status = run('git', ['status', '--porcelain']);
  if (status.trim()) throw new Error('working tree is not clean; commit or stash first');
}

function currentBranch() {
  return run('git', ['rev-parse', '--abbrev-ref', 'HEAD']).trim();
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.commit) ensureCleanTree();
  const pkgs = readPackages();
  const names = opts.only.length ? opts.only : [...pkgs.keys()];
  for (const n of names) if (!pkgs.has(n)) throw new Error(`unknown package ${n}`);
  const selected = dependentsOf(pkgs, names);

  const versions = new Map();
  for (const name of selected) {
    const p = pkgs.get(name);
    versions.set(name, bump(p.json.version, opts.kind, opts.preid));
  }
  console.table([...versions].map(([name, v]) => ({ name, from: pkgs.get(name).json.version, to: v })));
  if (opts.dryRun) return;

  for (const [name, p] of pkgs) {
    if (versions.has(name)) p.json.version = versions.get(name);
    rewriteRanges(p.json, versions);
    fs.writeFileSync(p.file, JSON.stringify(p.json, null, 2) + '\n');
    if (versions.has(name)) prependChangelog(p.dir, versions.get(name));
  }
  run('pnpm', ['install', '--lockfile-only', '--ignore-scripts'], { inherit: true });

  if (!opts.commit) {
    console.log('files updated; review with `git diff` and commit when ready');
    return;
  }
  const files = [...pkgs.values()].flatMap((p) => [p.file, path.join(p.dir, 'CHANGELOG.md')]).filter(fs.existsSync);
  run('git', ['add', 'pnpm-lock.yaml', ...files.map((f) => path.relative(ROOT, f))]);
  const summary = [...versions].map(([n, v]) => `${n}@${v}`).join(', ');
  run('git', ['commit', '-m', `chore(release): ${summary}`]);
  const tags = [];
  if (opts.tag) {
    for (const [n, v] of versions) {
      const tag = `${n}@${v}`;
      run('git', ['tag', '-a', tag, '-m', tag]);
      tags.push(tag);
    }
  }
  if (opts.push) {
    const branch = currentBranch();
    if (branch === 'HEAD') throw new Error('detached HEAD; not pushing');
    run('git', ['push', 'origin', branch], { inherit: true });
    if (tags.length) run('git', ['push', 'origin', ...tags.map((t) => `refs/tags/${t}`)], { inherit: true });
  }
  console.log(`done: ${summary}`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
