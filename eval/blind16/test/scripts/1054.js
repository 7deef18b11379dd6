#!/usr/bin/env node
/**
 * Apply pending changesets for the lattice packages (dry run by default).
 *
 *   node tools/apply-changesets.js [--write] [--snapshot canary]
 *
 * Reads .changeset/*.md (frontmatter: package -> bump type, body: summary),
 * computes the next version of every package and of its workspace dependents
 * (dependents get a patch bump), and prints the plan. With --write it rewrites
 * the "version" fields of the affected packages/<name>/package.json files,
 * prepends the summaries to each package's CHANGELOG.md and deletes the
 * consumed changeset files (all inside this repository). --snapshot produces
 * prerelease versions like 1.4.0-canary.20240101 without consuming changesets.
 * Publishing is a separate step (pnpm publish -r in CI).
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const WS = path.resolve(__dirname, '..');
const CHANGESET_DIR = path.join(WS, '.changeset');
const PKG_DIR = path.join(WS, 'packages');
const ORDER = { patch: 1, minor: 2, major: 3 };

function parseFlags(argv) {
  const f = { write: false, snapshot: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--write') f.write = true;
    else if (argv[i] === '--snapshot') f.snapshot = argv[++i];
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  if (f.snapshot && !/^[a-z]+$/.test(f.snapshot)) throw new Error('snapshot tag must be lowercase letters');
  return f;
}

function loadPackages() {
  const map = new Map();
  for (const dir of fs.readdirSync(PKG_DIR)) {
    const file = path.join(PKG_DIR, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (json.private) continue;
    map.set(json.name, { file, dir: path.dirname(file), json });
  }
  return map;
}

function parseChangeset(file) {
  const text = fs.readFileSync(file, 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${path.basename(file)}: missing frontmatter`);
  const bumps = {};
  for (const line of m[1].split('\n')) {
    const mm = /^["']?([^"':]+)["']?\s*:\s*(patch|minor|major)\s*$/.exec(line.trim());
    if (mm) bumps[mm[1]] = mm[2];
  }
  return { file, bumps, summary: m[2].trim() };
}

function readChangesets() {
  if (!fs.existsSync(CHANGESET_DIR)) return [];
  return fs
    .readdirSync(CHANGESET_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => parseChangeset(path.join(CHANGESET_DIR, f)));
}

function bumpVersion(version, type, snapshot) {
  const [maj, min, pat] = version.split('-')[0].split('.').map(Number);
  let next;
  if (type === 'major') next = `${maj + 1}.0.0`;
  else if (type === 'minor') next = `${maj}.${min + 1}.0`;
  else next = `${maj}.${min}.${pat + 1}`;
  if (snapshot) {
    const d = new Date();
    const stamp = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
    next = `${next}-${snapshot}.${stamp}`;
  }
  return next;
}

function plan(packages, changesets) {
  const wanted = new Map();
  const notes = new Map();
  for (const cs of changesets) {
    for (const [name, type] of Object.entries(cs.bumps)) {
      if (!packages.has(name)) throw new Error(`${path.basename(cs.file)} names unknown package ${name}`);
      if (!wanted.has(name) || ORDER[type] > ORDER[wanted.get(name)]) wanted.set(name, type);
      if (!notes.has(name)) notes.set(name, []);
      notes.get(name).push(cs.summary);
    }
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, pkg] of packages) {
      if (wanted.has(name)) continue;
      const deps = { ...pkg.json.dependencies, ...pkg.json.peerDependencies };
      if (Object.keys(deps).some((d) => wanted.has(d))) {
        wanted.set(name, 'patch');
        notes.set(name, ['Updated workspace dependencies.']);
        grew = true;
      }
    }
  }
  return { wanted, notes };
}

function prependChangelog(dir, version, lines) {
  const file = path.join(dir, 'CHANGELOG.md');
  const header = `## ${version}\n\n${lines.map((l) => `- ${l.split('\n')[0]}`).join('\n')}\n\n`;
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Changelog\n\n';
  const idx = existing.indexOf('\n## ');
  const updated = idx === -1 ? existing + header : existing.slice(0, idx + 1) + header + existing.slice(idx + 1);
  fs.writeFileSync(file, updated);
}

function main() {
  const flags = parseFlags(process.argv.slice(2));
  const packages = loadPackages();
  const changesets = readChangesets();
  if (!changesets.length) {
    console.log('no pending changesets');
    return;
  }
  const { wanted, notes } = plan(packages, changesets);
  const rows = [];
  for (const [name, type] of wanted) {
    const pkg = packages.get(name);
    rows.push({ name, type, from: pkg.json.version, to: bumpVersion(pkg.json.version, type, flags.snapshot) });
  }
  rows.sort((a, b) => a.name.localeCompare(b.name));
  for (const r of rows) console.log(`${r.name.padEnd(30)} ${r.from.padEnd(12)} -> ${r.to} (${r.type})`);

  if (!flags.write) {
    console.log(`\ndry run: ${changesets.length} changesets, ${rows.length} packages; pass --write to apply`);
    return;
  }
  for (const r of rows) {
    const pkg = packages.get(r.name);
    pkg.json.version = r.to;
    fs.writeFileSync(pkg.file, JSON.stringify(pkg.json, null, 2) + '\n');
    if (!flags.snapshot) prependChangelog(pkg.dir, r.to, notes.get(r.name) || []);
  }
  if (!flags.snapshot) for (const cs of changesets) fs.unlinkSync(cs.file);
  console.log(`\nupdated ${rows.length} package.json files${flags.snapshot ? ' (snapshot, changesets kept)' : ''}`);
  console.log('review with git diff, then commit; CI publishes on merge');
}

try {
  main();
} catch (err) {
  console.error(`changesets: ${err.message}`);
  process.exit(1);
}
