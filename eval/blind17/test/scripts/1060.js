#!/usr/bin/env node
// codemods/run.js — apply the repository's own jscodeshift transforms.
//
//   node codemods/run.js --list
//   node codemods/run.js rename-prop-size src/components
//   node codemods/run.js rename-prop-size src --dry
//   node codemods/run.js --all src          run every transform in order
//
// Transforms are the modules in codemods/transforms/*.js of this repository and
// are loaded with require() from that folder. Before writing, the script makes
// sure the target files have no uncommitted changes so `git checkout -- <path>`
// is always a clean undo.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const TRANSFORMS = path.join(__dirname, 'transforms');
const EXTENSIONS = ['.js', '.jsx', '.ts', '.tsx'];
const IGNORE_DIRS = new Set(['node_modules', 'dist', 'build', '.next', 'coverage', '__generated__']);

function listTransforms() {
  return fs
    .readdirSync(TRANSFORMS)
    .filter((f) => f.endsWith('.js') && !f.startsWith('_'))
    .sort()
    .map((f) => path.basename(f, '.js'));
}

function loadTransform(name) {
  const file = path.join(TRANSFORMS, `${name}.js`);
  if (!fs.existsSync(file)) {
    throw new Error(`no transform "${name}" (available: ${listTransforms().join(', ')})`);
  }
  // transforms are this repository's own modules
  const mod = require(file);
  const fn = mod.default || mod;
  if (typeof fn !== 'function') throw new Error(`${name} does not export a function`);
  return { name, fn, parser: mod.parser || 'tsx', description: mod.description || '' };
}

function collectFiles(target) {
  const abs = path.resolve(REPO, target);
  if (!abs.startsWith(REPO + path.sep) && abs !== REPO) {
    throw new Error(`target ${target} is outside the repository`);
  }
  const out = [];
  const walk = (p) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      if (IGNORE_DIRS.has(path.basename(p))) return;
      for (const child of fs.readdirSync(p)) walk(path.join(p, child));
    } else if (EXTENSIONS.includes(path.extname(p))) {
      out.push(p);
    }
  };
  walk(abs);
  return out;
}

function dirtyFiles(files) {
  const rel = files.map((f) => path.relative(REPO, f));
  if (!rel.length) return [];
  const out = execFileSync('git', ['status', '--porcelain', '--', ...rel], { cwd: REPO, encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((l) => l.slice(3));
}

function makeApi(parser) {
  const jscodeshift = require('jscodeshift');
  const j = jscodeshift.withParser(parser);
  return { jscodeshift: j, j, stats: () => {}, report: (msg) => console.log(`    report: ${msg}`) };
}

function applyTransform(t, files, { dry }) {
  const api = makeApi(t.parser);
  const result = { changed: [], unchanged: 0, failed: [] };
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    let output;
    try {
      output = t.fn({ path: file, source }, api, { dry });
    } catch (err) {
      result.failed.push({ file, error: err.message.split('\n')[0] });
      continue;
    }
    if (output == null || output === source) {
      result.unchanged++;
      continue;
    }
    result.changed.push(file);
    if (!dry) fs.writeFileSync(file, output);
  }
  return result;
}

function prettier(files) {
  if (!files.length) return;
  const bin = path.join(REPO, 'node_modules', '.bin', 'prettier');
  if (!fs.existsSync(bin)) return;
  execFileSync(bin, ['--write', '--log-level', 'warn', ...files], { cwd: REPO, stdio: 'inherit' });
}

function report(t, res, dry) {
  console.log(`\n${t.name}${t.description ? ` — ${t.description}` : ''}`);
  console.log(`  ${dry ? 'would change' : 'changed'}: ${res.changed.length}, unchanged: ${res.unchanged}, failed: ${res.failed.length}`);
  for (const f of res.changed.slice(0, 20)) console.log(`    ${path.relative(REPO, f)}`);
  if (res.changed.length > 20) console.log(`    ... ${res.changed.length - 20} more`);
  for (const f of res.failed) console.log(`    FAILED ${path.relative(REPO, f.file)}: ${f.error}`);
}

/**
 * Each transform may ship fixtures in codemods/__testfixtures__/<name>.input.tsx
 * and <name>.output.tsx; --self-test runs them before touching real files.
 */
function selfTest(t) {
  const dir = path.join(__dirname, '__testfixtures__');
  const input = path.join(dir, `${t.name}.input.tsx`);
  const expected = path.join(dir, `${t.name}.output.tsx`);
  if (!fs.existsSync(input) || !fs.existsSync(expected)) return null;
  const out = t.fn({ path: input, source: fs.readFileSync(input, 'utf8') }, makeApi(t.parser), {});
  return (out || '').trim() === fs.readFileSync(expected, 'utf8').trim();
}

function parseArgs(argv) {
  const opts = { dry: false, all: false, force: false, list: false, transform: null, target: 'src' };
  const rest = [];
  for (const a of argv) {
    if (a === '--dry') opts.dry = true;
    else if (a === '--all') opts.all = true;
    else if (a === '--force') opts.force = true;
    else if (a === '--list') opts.list = true;
    else rest.push(a);
  }
  if (opts.all) {
    opts.target = rest[0] || 'src';
  } else {
    opts.transform = rest[0];
    opts.target = rest[1] || 'src';
  }
  return opts;
}

function main() {
  const opts = parseArgs([...process.argv.slice(2)]);
  if (opts.list) {
    for (const name of listTransforms()) {
      const t = loadTransform(name);
      console.log(`${name.padEnd(28)} ${t.description}`);
    }
    return;
  }
  const names = opts.all ? listTransforms() : [opts.transform];
  if (!names[0]) throw new Error('usage: node codemods/run.js <transform> [path] | --all [path] | --list');
  const files = collectFiles(opts.target);
  console.log(`${files.length} file(s) under ${opts.target}`);
  if (!opts.dry && !opts.force) {
    const dirty = dirtyFiles(files);
    if (dirty.length) {
      throw new Error(`uncommitted changes in ${dirty.length} target file(s) (e.g. ${dirty[0]}); commit or pass --force`);
    }
  }
  const touched = new Set();
  for (const name of names) {
    const t = loadTransform(name);
    if (selfTest(t) === false) throw new Error(`${name}: fixture self-test failed; not applying`);
    const res = applyTransform(t, files, opts);
    report(t, res, opts.dry);
    res.changed.forEach((f) => touched.add(f));
  }
  if (!opts.dry) {
    prettier([...touched]);
    console.log(`\n${touched.size} file(s) rewritten; review with git diff, undo with git checkout -- ${opts.target}`);
  }
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
