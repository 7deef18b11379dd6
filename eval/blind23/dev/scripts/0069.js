#!/usr/bin/env node
// codemod-imports.js - rewrite import specifiers after a package rename, with a
// backup and a diff preview.
//
//   node tools/codemod-imports.js '@relay/old-ui' '@relay/ui'            # preview
//   node tools/codemod-imports.js '@relay/old-ui' '@relay/ui' --write    # apply
//   node tools/codemod-imports.js --undo                                   # restore
//
// Handles `import ... from 'x'`, `import('x')`, `require('x')`, `export ... from
// 'x'` and subpaths ('x/button').  Only git-tracked .js/.jsx/.ts/.tsx/.mjs/.cjs
// files are considered.  Before writing, originals are copied to
// build/codemod-backup/<stamp>/; `--undo` restores the most recent backup.
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const BACKUP_ROOT = path.join(ROOT, 'build', 'codemod-backup');
const EXTENSIONS = new Set(['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs']);
const EXCLUDE = [/^node_modules\//, /^dist\//, /^build\//, /(^|\/)vendor\//, /\.min\.js$/];

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function specifierPattern(from) {
  const spec = escapeRegExp(from);
  // (prefix)(quote)(from)(subpath?)(same quote)
  return new RegExp(
    String.raw`(\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])` +
      spec +
      String.raw`((?:/[^'"]*)?)\2`,
    'g',
  );
}

function trackedSources() {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out
    .split('\0')
    .filter(Boolean)
    .filter((f) => EXTENSIONS.has(path.extname(f)) && !EXCLUDE.some((re) => re.test(f)));
}

function rewrite(text, pattern, to) {
  let count = 0;
  const next = text.replace(pattern, (_m, prefix, quote, subpath) => {
    count++;
    return `${prefix}${quote}${to}${subpath}${quote}`;
  });
  return { next, count };
}

function diffPreview(rel, before, after) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemod-'));
  try {
    const a = path.join(tmp, 'a');
    const b = path.join(tmp, 'b');
    fs.writeFileSync(a, before);
    fs.writeFileSync(b, after);
    const res = spawnSync('diff', ['-u', '--label', `a/${rel}`, '--label', `b/${rel}`, a, b], {
      encoding: 'utf8',
    });
    return res.stdout;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function latestBackup() {
  if (!fs.existsSync(BACKUP_ROOT)) return null;
  const stamps = fs.readdirSync(BACKUP_ROOT).sort();
  return stamps.length ? path.join(BACKUP_ROOT, stamps[stamps.length - 1]) : null;
}

function undo() {
  const dir = latestBackup();
  if (!dir) {
    console.error('no backup found');
    return 1;
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  for (const rel of manifest.files) {
    fs.copyFileSync(path.join(dir, 'files', rel), path.join(ROOT, rel));
    console.log(`restored ${rel}`);
  }
  console.log(`restored ${manifest.files.length} file(s) from ${path.relative(ROOT, dir)}`);
  return 0;
}

function pruneBackups(keep) {
  if (!fs.existsSync(BACKUP_ROOT)) return;
  const stamps = fs.readdirSync(BACKUP_ROOT).sort();
  for (const old of stamps.slice(0, Math.max(0, stamps.length - keep))) {
    fs.rmSync(path.join(BACKUP_ROOT, old), { recursive: true, force: true });
  }
}

function updatePackageJson(from, to, write) {
  const pkgPath = path.join(ROOT, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  let changed = false;
  for (const section of ['dependencies', 'devDependencies', 'peerDependencies']) {
    if (pkg[section] && pkg[section][from]) {
      pkg[section][to] = pkg[section][from];
      delete pkg[section][from];
      changed = true;
      console.log(`package.json ${section}: ${from} -> ${to}`);
    }
  }
  if (changed && write) fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
  return changed;
}

// TypeScript path aliases and jest moduleNameMapper often mention the package
// too; report them (they are config, so they are left for a human to edit).
function reportConfigMentions(from) {
  const candidates = ['tsconfig.json', 'tsconfig.base.json', 'jest.config.js', 'vite.config.ts', '.eslintrc.json'];
  const hits = [];
  for (const rel of candidates) {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) continue;
    const lines = fs.readFileSync(abs, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.includes(from)) hits.push(`${rel}:${i + 1}: ${line.trim()}`);
    });
  }
  if (hits.length) {
    console.log('\nconfig files mentioning the old name (not changed):');
    for (const h of hits) console.log(`  ${h}`);
  }
}

function ensureCleanFiles(changes) {
  const rels = changes.map((c) => c.rel);
  const res = spawnSync('git', ['status', '--porcelain', '--', ...rels], { cwd: ROOT, encoding: 'utf8' });
  const dirty = res.stdout.split('\n').filter(Boolean);
  if (dirty.length && !process.argv.includes('--allow-dirty')) {
    console.error('these files have uncommitted changes (use --allow-dirty to proceed):');
    for (const d of dirty) console.error(`  ${d}`);
    return false;
  }
  return true;
}

function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--undo')) return undo();
  const write = argv.includes('--write');
  const [from, to] = argv.filter((a) => !a.startsWith('--'));
  if (!from || !to) {
    console.error('usage: codemod-imports.js FROM TO [--write] | --undo');
    return 2;
  }
  const pattern = specifierPattern(from);
  const files = trackedSources();
  const changes = [];
  for (const rel of files) {
    const abs = path.join(ROOT, rel);
    const before = fs.readFileSync(abs, 'utf8');
    if (!before.includes(from)) continue;
    pattern.lastIndex = 0;
    const { next, count } = rewrite(before, pattern, to);
    if (count) changes.push({ rel, abs, before, next, count });
  }
  if (!changes.length) {
    console.log(`no imports of ${from} found in ${files.length} file(s)`);
    return 0;
  }
  reportConfigMentions(from);
  if (write && !ensureCleanFiles(changes)) return 1;
  if (!write) {
    for (const c of changes) process.stdout.write(diffPreview(c.rel, c.before, c.next));
    updatePackageJson(from, to, false);
    console.log(`\n${changes.length} file(s) would change; re-run with --write`);
    return 0;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(BACKUP_ROOT, stamp);
  for (const c of changes) {
    const dest = path.join(dir, 'files', c.rel);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(c.abs, dest);
    fs.writeFileSync(c.abs, c.next);
    console.log(`rewrote ${c.rel} (${c.count})`);
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ from, to, files: changes.map((c) => c.rel) }, null, 2));
  updatePackageJson(from, to, true);
  pruneBackups(5);
  console.log(`\n${changes.length} file(s) rewritten; backup in ${path.relative(ROOT, dir)}`);
  console.log('run `npm install` to update the lockfile, then the test suite');
  return 0;
}

process.exitCode = main();
