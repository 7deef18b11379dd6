#!/usr/bin/env node
// Consume pending change notes (.changes/*.md) into versions and changelogs.
//
// Each change note has front matter naming packages and bump types:
//   ---
//   "@acme/charts": minor
//   "@acme/tokens": patch
//   ---
//   Add stacked area charts.
// This script computes the highest bump per package, rewrites each
// package.json version and its CHANGELOG.md, updates internal dependency
// ranges, and deletes the consumed note files (they live in this repo and
// are the script's own input).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const NOTES_DIR = path.join(ROOT, '.changes');
const ORDER = { patch: 1, minor: 2, major: 3 };
const DRY = process.argv.slice(2).includes('--dry-run');

function readNotes() {
  if (!fs.existsSync(NOTES_DIR)) {
    return [];
  }
  return fs
    .readdirSync(NOTES_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => {
      const text = fs.readFileSync(path.join(NOTES_DIR, f), 'utf8');
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!m) {
        throw new Error(`${f}: missing front matter`);
      }
      const bumps = {};
      for (const line of m[1].split('\n')) {
        const lm = /^\s*"?([^":]+)"?\s*:\s*(patch|minor|major)\s*$/.exec(line);
        if (lm) {
          bumps[lm[1].trim()] = lm[2];
        }
      }
      return { file: f, bumps, summary: m[2].trim() };
    });
}

function workspacePackages() {
  const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const out = new Map();
  for (const pattern of rootPkg.workspaces || []) {
    const base = path.join(ROOT, pattern.endsWith('/*') ? pattern.slice(0, -2) : pattern);
    for (const dir of fs.existsSync(base) ? fs.readdirSync(base) : []) {
      const file = path.join(base, dir, 'package.json');
      if (fs.existsSync(file)) {
        const json = JSON.parse(fs.readFileSync(file, 'utf8'));
        out.set(json.name, { file, dir: path.dirname(file), json });
      }
    }
  }
  return out;
}

function bumpVersion(version, type) {
  const [major, minor, patch] = version.split('-')[0].split('.').map(Number);
  if (type === 'major') return `${major + 1}.0.0`;
  if (type === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function plan(notes, packages) {
  const highest = new Map();
  for (const note of notes) {
    for (const [name, type] of Object.entries(note.bumps)) {
      if (!packages.has(name)) {
        throw new Error(`${note.file}: unknown package ${name}`);
      }
      const prev = highest.get(name);
      if (!prev || ORDER[type] > ORDER[prev]) {
        highest.set(name, type);
      }
    }
  }
  const result = new Map();
  for (const [name, type] of highest) {
    const pkg = packages.get(name);
    result.set(name, { type, from: pkg.json.version, to: bumpVersion(pkg.json.version, type) });
  }
  return result;
}

function changelogEntry(name, bump, notes) {
  const lines = notes
    .filter((n) => n.bumps[name])
    .map((n) => `- ${n.summary.split('\n').join('\n  ')}`);
  return `## ${bump.to}\n\n### ${bump.type[0].toUpperCase()}${bump.type.slice(1)} changes\n\n${lines.join('\n')}\n`;
}

function prependChangelog(dir, entry) {
  const file = path.join(dir, 'CHANGELOG.md');
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const [title, ...rest] = old.startsWith('# ') ? old.split(/\n(?=## )/) : ['# Changelog\n', old];
  fs.writeFileSync(file, [title.trimEnd(), '', entry, ...rest].join('\n').replace(/\n{3,}/g, '\n\n'));
}

function updateDependents(packages, bumps) {
  for (const pkg of packages.values()) {
    let touched = false;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      for (const [dep, range] of Object.entries(pkg.json[field] || {})) {
        const b = bumps.get(dep);
        if (!b || range.startsWith('workspace:')) {
          continue;
        }
        pkg.json[field][dep] = `^${b.to}`;
        touched = true;
      }
    }
    if (touched) {
      pkg.touched = true;
    }
  }
}

// A note that names no package would be silently dropped; fail loudly instead.
function validateNotes(notes) {
  const problems = [];
  for (const note of notes) {
    if (!Object.keys(note.bumps).length) {
      problems.push(`${note.file}: no packages in front matter`);
    }
    if (!note.summary) {
      problems.push(`${note.file}: empty summary`);
    }
  }
  if (problems.length) {
    throw new Error(problems.join('\n'));
  }
}

function main() {
  const notes = readNotes();
  validateNotes(notes);
  if (!notes.length) {
    console.log('no pending change notes');
    return;
  }
  const packages = workspacePackages();
  const bumps = plan(notes, packages);
  for (const [name, b] of bumps) {
    console.log(`${name}: ${b.from} -> ${b.to} (${b.type})`);
  }
  if (DRY) {
    return;
  }
  for (const [name, b] of bumps) {
    const pkg = packages.get(name);
    pkg.json.version = b.to;
    pkg.touched = true;
    prependChangelog(pkg.dir, changelogEntry(name, b, notes));
  }
  updateDependents(packages, bumps);
  for (const pkg of packages.values()) {
    if (pkg.touched) {
      fs.writeFileSync(pkg.file, JSON.stringify(pkg.json, null, 2) + '\n');
    }
  }
  for (const note of notes) {
    fs.unlinkSync(path.join(NOTES_DIR, note.file));
  }
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit'], { cwd: ROOT, stdio: 'inherit' });
  console.log(`consumed ${notes.length} change note(s); review and commit`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
