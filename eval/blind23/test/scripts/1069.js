#!/usr/bin/env node
// cjs-to-esm.js - mechanical CommonJS -> ESM conversion for orbit's src/ files.
//
// Handles the common shapes:
//   const x = require('y')              -> import x from 'y'
//   const { a, b } = require('y')       -> import { a, b } from 'y'
//   require('./side-effect')            -> import './side-effect.js'
//   module.exports = X                  -> export default X
//   module.exports.name = / exports.name = -> export const name =
// and adds ".js" to relative specifiers.  Anything it cannot convert (dynamic
// require, require inside functions, module.exports spread) is reported and the
// file is left untouched.
//
//   node tools/cjs-to-esm.js src/lib          # preview unified diffs
//   node tools/cjs-to-esm.js src/lib --write  # convert, backups in out/esm-backup/<stamp>
//   node tools/cjs-to-esm.js --restore        # put the newest backup back

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel']).toString().trim();
const BACKUPS = path.join(ROOT, 'out', 'esm-backup');

const RULES = [
  [/^const\s+(\w+)\s*=\s*require\((['"])([^'"]+)\2\);?$/gm, (_m, name, q, spec) => `import ${name} from ${q}${fixSpec(spec)}${q};`],
  [/^const\s*\{([^}]+)\}\s*=\s*require\((['"])([^'"]+)\2\);?$/gm, (_m, names, q, spec) => `import {${names.replace(/(\w+)\s*:\s*(\w+)/g, '$1 as $2')}} from ${q}${fixSpec(spec)}${q};`],
  [/^require\((['"])([^'"]+)\1\);?$/gm, (_m, q, spec) => `import ${q}${fixSpec(spec)}${q};`],
  [/^module\.exports\s*=\s*/gm, () => 'export default '],
  [/^(?:module\.)?exports\.(\w+)\s*=\s*/gm, (_m, name) => `export const ${name} = `],
];
const BLOCKERS = [/require\(\s*[^'"\s]/, /\brequire\.resolve\(/, /module\.exports\s*=\s*\{\s*\.\.\./, /__dirname|__filename/];

function fixSpec(spec) {
  if (!spec.startsWith('.')) return spec;
  if (/\.(c|m)?js$|\.json$/.test(spec)) return spec;
  return `${spec}.js`;
}

function tracked(dir) {
  const out = execFileSync('git', ['ls-files', '-z', '--', dir], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((f) => f.endsWith('.js') && !f.includes('node_modules/'));
}

function convert(text) {
  const blockers = BLOCKERS.filter((re) => re.test(text)).map((re) => re.source);
  const nested = /^\s+.*\brequire\(/m.test(text);
  if (blockers.length || nested) return { ok: false, reasons: nested ? [...blockers, 'nested require'] : blockers };
  let next = text;
  for (const [re, fn] of RULES) next = next.replace(re, fn);
  if (/^'use strict';\n/.test(next)) next = next.replace(/^'use strict';\n\n?/, '');
  return { ok: true, next };
}

function diff(rel, a, b) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esm-diff-'));
  try {
    fs.writeFileSync(path.join(dir, 'a'), a);
    fs.writeFileSync(path.join(dir, 'b'), b);
    return spawnSync('diff', ['-u', '--label', `a/${rel}`, '--label', `b/${rel}`, 'a', 'b'], { cwd: dir, encoding: 'utf8' }).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
}

// Refuse to convert on top of unrelated edits so the backup + diff stay clean.
function dirtyFiles(rels) {
  if (!rels.length) return [];
  const res = spawnSync('git', ['status', '--short', '--', ...rels], { cwd: ROOT, encoding: 'utf8' });
  return res.stdout.split('\n').filter(Boolean);
}

function pruneBackups(keep = 5) {
  if (!fs.existsSync(BACKUPS)) return;
  const all = fs.readdirSync(BACKUPS).sort();
  for (const old of all.slice(0, Math.max(0, all.length - keep))) {
    fs.rmSync(path.join(BACKUPS, old), { recursive: true, force: true });
  }
}

function restore() {
  if (!fs.existsSync(BACKUPS)) throw new Error('no backups');
  const latest = fs.readdirSync(BACKUPS).sort().pop();
  if (!latest) throw new Error('no backups');
  const base = path.join(BACKUPS, latest);
  const list = JSON.parse(fs.readFileSync(path.join(base, 'files.json'), 'utf8'));
  for (const rel of list) fs.copyFileSync(path.join(base, 'files', rel), path.join(ROOT, rel));
  fs.rmSync(base, { recursive: true, force: true });
  console.log(`restored ${list.length} file(s) from ${latest}`);
}

function checkSyntax(rels) {
  const bad = [];
  for (const rel of rels) {
    const res = spawnSync(process.execPath, ['--input-type=module', '--check'], {
      input: fs.readFileSync(path.join(ROOT, rel), 'utf8'),
      encoding: 'utf8',
    });
    if (res.status !== 0) bad.push(`${rel}: ${(res.stderr || '').split('\n').find((l) => l.includes('Error')) ?? 'syntax error'}`);
  }
  return bad;
}

// Files that import a converted module by a path without extension must be
// updated too, or ESM resolution fails; list them for the follow-up pass.
function dependents(convertedRels) {
  const targets = new Set(convertedRels.map((r) => r.replace(/\.js$/, '')));
  const out = [];
  for (const rel of tracked('.')) {
    if (convertedRels.includes(rel)) continue;
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    for (const m of text.matchAll(/require\((['"])(\.[^'"]+)\1\)/g)) {
      const resolved = path.normalize(path.join(path.dirname(rel), m[2])).replace(/\.js$/, '');
      if (targets.has(resolved)) out.push(`${rel} -> ${m[2]}`);
    }
  }
  return out;
}

// package.json "exports"/"main" must keep pointing at existing files.
function checkEntryPoints() {
  const pkg = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8'));
  const entries = [pkg.main, ...(typeof pkg.exports === 'object' ? Object.values(pkg.exports) : [pkg.exports])]
    .flatMap((e) => (typeof e === 'object' && e ? Object.values(e) : [e]))
    .filter((e) => typeof e === 'string');
  const missing = entries.filter((e) => !fs.existsSync(path.join(ROOT, e)));
  if (missing.length) console.error(`package.json entry points missing: ${missing.join(', ')}`);
  if (pkg.type !== 'module') console.error('package.json has no "type": "module" yet');
}

function summary(converted, skipped) {
  const byDir = {};
  for (const c of converted) {
    const d = path.dirname(c.rel);
    byDir[d] = (byDir[d] ?? 0) + 1;
  }
  for (const [d, n] of Object.entries(byDir).sort()) console.error(`  ${String(n).padStart(4)}  ${d}`);
  if (skipped.length) console.error(`  ${skipped.length} file(s) need manual conversion`);
}

function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--restore')) return restore();
  const write = argv.includes('--write');
  const dirs = argv.filter((a) => !a.startsWith('--'));
  if (!dirs.length) throw new Error('usage: cjs-to-esm.js <dir>... [--write] | --restore');
  const files = dirs.flatMap(tracked);
  const converted = [];
  const skipped = [];
  for (const rel of files) {
    const before = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    if (!/\brequire\(|module\.exports|\bexports\./.test(before)) continue;
    const r = convert(before);
    if (!r.ok) skipped.push(`${rel}: ${r.reasons.join(', ')}`);
    else if (r.next !== before) converted.push({ rel, before, after: r.next });
  }
  for (const s of skipped) console.error(`skip ${s}`);
  summary(converted, skipped);
  for (const d of dependents(converted.map((c) => c.rel))) console.error(`dependent: ${d}`);
  if (!write) {
    for (const c of converted) process.stdout.write(diff(c.rel, c.before, c.after));
    console.error(`${converted.length} file(s) convertible, ${skipped.length} need manual work; --write to apply`);
    return;
  }
  const dirty = dirtyFiles(converted.map((c) => c.rel));
  if (dirty.length && !argv.includes('--allow-dirty')) {
    throw new Error(`uncommitted changes in ${dirty.length} file(s); commit first or pass --allow-dirty`);
  }
  pruneBackups();
  const stamp = new Date().toISOString().replaceAll(':', '').replaceAll('.', '-');
  const base = path.join(BACKUPS, stamp);
  for (const c of converted) {
    const dest = path.join(base, 'files', c.rel);
    fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o755 });
    fs.writeFileSync(dest, c.before);
    fs.writeFileSync(path.join(ROOT, c.rel), c.after);
  }
  fs.writeFileSync(path.join(base, 'files.json'), JSON.stringify(converted.map((c) => c.rel), null, 2));
  const bad = checkSyntax(converted.map((c) => c.rel));
  for (const b of bad) console.error(`syntax: ${b}`);
  console.log(`converted ${converted.length} file(s); backup ${path.relative(ROOT, base)}; ${bad.length} syntax problem(s)`);
  checkEntryPoints();
  console.log('remember "type": "module" in package.json and run the tests');
}

try {
  main();
} catch (err) {
  console.error(`cjs-to-esm: ${err.message}`);
  process.exitCode = 1;
}
