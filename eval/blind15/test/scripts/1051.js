#!/usr/bin/env node
// tools/version-packages.js - consume .changeset/*.md files, bump the
// affected workspace packages, write per-package CHANGELOG entries, commit,
// tag each released package and push the branch with its tags.
//
//   node tools/version-packages.js            # apply
//   node tools/version-packages.js --plan     # print the plan only
//   node tools/version-packages.js --no-push  # commit + tag locally
//
// Changeset format (front matter + summary):
//   ---
//   "@acme/ledger-client": minor
//   "@acme/ledger-ui": patch
//   ---
//   Add multi-currency balances.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = process.cwd();
const CHANGESET_DIR = path.join(ROOT, '.changeset');
const BUMP_ORDER = { patch: 0, minor: 1, major: 2 };
const ENTRY_RE = /^\s*"([^"]+)"\s*:\s*(patch|minor|major)\s*$/;

function sh(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...opts });
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, { encoding: 'utf8' }));
}

function writeJson(file, data) {
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

function workspacePackages() {
  const rootPkg = readJson(path.join(ROOT, 'package.json'));
  const patterns = rootPkg.workspaces || [];
  const byName = new Map();
  for (const pattern of patterns) {
    const base = path.join(ROOT, pattern.replace(/\/\*$/, ''));
    if (!fs.existsSync(base)) continue;
    for (const dir of fs.readdirSync(base)) {
      const file = path.join(base, dir, 'package.json');
      if (!fs.existsSync(file)) continue;
      const pkg = readJson(file);
      if (!pkg.private) byName.set(pkg.name, { dir: path.dirname(file), file, pkg });
    }
  }
  return byName;
}

function parseChangeset(file) {
  const text = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${path.basename(file)}: missing front matter`);
  const releases = [];
  for (const line of match[1].split('\n')) {
    if (!line.trim()) continue;
    const m = ENTRY_RE.exec(line);
    if (!m) throw new Error(`${path.basename(file)}: bad line "${line}"`);
    releases.push({ name: m[1], type: m[2] });
  }
  return { file, releases, summary: match[2].trim() };
}

function loadChangesets() {
  if (!fs.existsSync(CHANGESET_DIR)) return [];
  return fs
    .readdirSync(CHANGESET_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort()
    .map((f) => parseChangeset(path.join(CHANGESET_DIR, f)));
}

function bumpVersion(version, type) {
  const [major, minor, patch] = version.split('-')[0].split('.').map(Number);
  if (type === 'major') return `${major + 1}.0.0`;
  if (type === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function plan(changesets, packages) {
  const releases = new Map();
  for (const cs of changesets) {
    for (const r of cs.releases) {
      if (!packages.has(r.name)) throw new Error(`${path.basename(cs.file)}: unknown package ${r.name}`);
      const current = releases.get(r.name);
      if (!current || BUMP_ORDER[r.type] > BUMP_ORDER[current.type]) {
        releases.set(r.name, { type: r.type, notes: current ? current.notes : [] });
      }
      releases.get(r.name).notes.push({ type: r.type, summary: cs.summary });
    }
  }
  // dependents of bumped packages get a patch bump so ranges stay correct
  for (const [name, info] of packages) {
    if (releases.has(name)) continue;
    const deps = { ...info.pkg.dependencies, ...info.pkg.peerDependencies };
    const bumpedDep = Object.keys(deps).find((d) => releases.has(d));
    if (bumpedDep) {
      releases.set(name, { type: 'patch', notes: [{ type: 'patch', summary: `Updated dependency ${bumpedDep}.` }] });
    }
  }
  const out = [];
  for (const [name, r] of releases) {
    const info = packages.get(name);
    out.push({ name, ...r, from: info.pkg.version, to: bumpVersion(info.pkg.version, r.type), info });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function changelogEntry(release) {
  const date = new Date().toISOString().split('T')[0];
  const groups = { major: 'Major Changes', minor: 'Minor Changes', patch: 'Patch Changes' };
  const lines = [`## ${release.to} (${date})`, ''];
  for (const type of ['major', 'minor', 'patch']) {
    const notes = release.notes.filter((n) => n.type === type);
    if (!notes.length) continue;
    lines.push(`### ${groups[type]}`, '', ...notes.map((n) => `- ${n.summary.split('\n')[0]}`), '');
  }
  return lines.join('\n');
}

function apply(releases) {
  const newVersions = new Map(releases.map((r) => [r.name, r.to]));
  for (const r of releases) {
    const pkg = r.info.pkg;
    pkg.version = r.to;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      for (const dep of Object.keys(pkg[field] || {})) {
        if (newVersions.has(dep) && !pkg[field][dep].startsWith('workspace:')) {
          pkg[field][dep] = `^${newVersions.get(dep)}`;
        }
      }
    }
    writeJson(r.info.file, pkg);
    const changelog = path.join(r.info.dir, 'CHANGELOG.md');
    const old = fs.existsSync(changelog) ? fs.readFileSync(changelog, 'utf8') : `# ${r.name}\n`;
    const [title, ...rest] = old.split('\n');
    fs.writeFileSync(changelog, [title, '', changelogEntry(r), ...rest].join('\n'));
  }
}

function removeConsumed(changesets) {
  for (const cs of changesets) fs.unlinkSync(cs.file);
}

function main() {
  const args = new Set(process.argv.slice(2));
  if (sh('git', ['status', '--porcelain']).trim()) throw new Error('working tree is dirty');
  const changesets = loadChangesets();
  if (!changesets.length) {
    console.log('no changesets; nothing to version');
    return;
  }
  const releases = plan(changesets, workspacePackages());
  for (const r of releases) console.log(`${r.name.padEnd(32)} ${r.from} -> ${r.to} (${r.type})`);
  if (args.has('--plan')) return;

  apply(releases);
  removeConsumed(changesets);
  sh('npm', ['install', '--package-lock-only', '--ignore-scripts'], { stdio: 'inherit' });
  sh('git', ['add', '-A', '.changeset', 'package-lock.json', ...releases.flatMap((r) => [r.info.file, path.join(r.info.dir, 'CHANGELOG.md')])]);
  sh('git', ['commit', '-m', `chore: version packages\n\n${releases.map((r) => `${r.name}@${r.to}`).join('\n')}`]);
  for (const r of releases) sh('git', ['tag', '-a', `${r.name}@${r.to}`, '-m', `${r.name}@${r.to}`]);
  if (args.has('--no-push')) {
    console.log('committed and tagged locally (--no-push)');
    return;
  }
  sh('git', ['push', '--follow-tags', 'origin', 'HEAD'], { stdio: 'inherit' });
  console.log(`pushed ${releases.length} release tag(s)`);
}

try {
  main();
} catch (err) {
  console.error(`version-packages: ${err.message}`);
  process.exit(1);
}
