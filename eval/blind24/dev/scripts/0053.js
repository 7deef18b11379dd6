#!/usr/bin/env node
// snapshot-review.js -- update Jest snapshots in a scratch copy and show what
// would change before touching the working tree.
//
//   node scripts/snapshot-review.js                   # dry run for all tests
//   node scripts/snapshot-review.js src/components    # limit to a path
//   node scripts/snapshot-review.js --write           # copy accepted snapshots back
//
// Only files named *.snap under the repository are ever written by --write.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const args = process.argv.slice(2);
const WRITE = args.includes('--write');
const VERBOSE = args.includes('--verbose');
const filters = args.filter((a) => !a.startsWith('--'));

function log(...m) {
  console.error('[snapshots]', ...m);
}

function run(cmd, argv, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { stdio: VERBOSE ? 'inherit' : 'pipe', ...opts });
    let out = '';
    if (child.stdout) child.stdout.on('data', (d) => (out += d));
    if (child.stderr) child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
    child.on('error', (err) => resolve({ code: 127, out: String(err) }));
  });
}

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter(Boolean);
}

async function copyTree(files, dest) {
  for (const rel of files) {
    if (rel.startsWith('node_modules/')) continue;
    const src = path.join(ROOT, rel);
    const to = path.join(dest, rel);
    await fsp.mkdir(path.dirname(to), { recursive: true });
    try {
      await fsp.copyFile(src, to);
    } catch (e) {
      if (e.code !== 'ENOENT') throw e; // deleted in the working tree
    }
  }
  // reuse installed deps instead of reinstalling
  await fsp.symlink(path.join(ROOT, 'node_modules'), path.join(dest, 'node_modules'), 'dir');
}

function snapFiles(dir) {
  const result = new Map();
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === '.git') continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) stack.push(full);
      else if (e.name.endsWith('.snap')) result.set(path.relative(dir, full), fs.readFileSync(full, 'utf8'));
    }
  }
  return result;
}

function lineDiff(a, b) {
  const left = a.split('\n');
  const right = b.split('\n');
  const setL = new Set(left);
  const setR = new Set(right);
  const removed = left.filter((l) => !setR.has(l));
  const added = right.filter((l) => !setL.has(l));
  return { removed, added };
}

function printDiff(rel, before, after) {
  const { removed, added } = lineDiff(before || '', after || '');
  console.log(`\n--- ${rel}  (-${removed.length} +${added.length})`);
  for (const l of removed.slice(0, 40)) console.log(`\x1b[31m- ${l}\x1b[0m`);
  for (const l of added.slice(0, 40)) console.log(`\x1b[32m+ ${l}\x1b[0m`);
  if (removed.length > 40 || added.length > 40) console.log('  ...');
}

function safeTarget(rel) {
  const abs = path.resolve(ROOT, rel);
  if (!abs.startsWith(ROOT + path.sep) || !abs.endsWith('.snap')) {
    throw new Error(`refusing to write ${abs}`);
  }
  return abs;
}

function obsoleteReport(out) {
  // jest prints "N snapshots obsolete" plus file names; surface them so the
  // reviewer knows which tests were deleted or renamed
  const lines = out.split('\n');
  const hits = [];
  for (const line of lines) {
    const m = line.match(/^\s*•\s+(.+\.snap)\s*$/) || line.match(/obsolete.*?([\w./-]+\.snap)/);
    if (m) hits.push(m[1]);
  }
  return [...new Set(hits)];
}

function summarize(changed, removed) {
  const byDir = new Map();
  for (const rel of [...changed, ...removed]) {
    const dir = path.dirname(path.dirname(rel));
    byDir.set(dir, (byDir.get(dir) || 0) + 1);
  }
  const rows = [...byDir.entries()].sort((a, b) => b[1] - a[1]);
  if (rows.length) {
    console.log('\nchanges by directory:');
    for (const [dir, n] of rows) console.log(`  ${String(n).padStart(4)}  ${dir}`);
  }
}

function ensureClean() {
  const out = execFileSync('git', ['status', '--porcelain', '--', '*.snap'], { cwd: ROOT, encoding: 'utf8' });
  if (out.trim() && WRITE) {
    log('uncommitted .snap changes exist; commit or stash them before --write');
    process.exit(1);
  }
}

async function main() {
  ensureClean();
  if (!fs.existsSync(path.join(ROOT, 'node_modules', '.bin', 'jest'))) {
    log('jest is not installed in node_modules; run npm ci first');
    process.exit(1);
  }
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'snapshot-review-'));
  let exitCode = 0;
  try {
    log(`copying working tree to ${scratch}`);
    await copyTree(trackedFiles(), scratch);
    const before = snapFiles(scratch);
    const jestArgs = ['jest', '--ci=false', '-u', '--silent', ...filters];
    log(`npx ${jestArgs.join(' ')}`);
    const res = await run('npx', ['--no-install', ...jestArgs], { cwd: scratch, env: { ...process.env, CI: '' } });
    if (res.code !== 0) {
      log(`jest exited with ${res.code}; snapshot updates may be partial`);
      if (!VERBOSE) console.error(res.out.split('\n').slice(-30).join('\n'));
      exitCode = 1;
    }
    const after = snapFiles(scratch);
    const changed = [];
    for (const [rel, text] of after) {
      if (before.get(rel) !== text) changed.push(rel);
    }
    const removed = [...before.keys()].filter((rel) => !after.has(rel));
    for (const rel of changed) printDiff(rel, before.get(rel), after.get(rel));
    for (const rel of removed) console.log(`\n--- ${rel} (obsolete, removed by jest)`);
    log(`${changed.length} changed, ${removed.length} obsolete`);
    summarize(changed, removed);
    const reported = obsoleteReport(res.out);
    if (reported.length) log(`jest reported obsolete: ${reported.join(', ')}`);
    if (WRITE) {
      for (const rel of changed) {
        const dest = safeTarget(rel);
        await fsp.mkdir(path.dirname(dest), { recursive: true });
        await fsp.writeFile(dest, after.get(rel));
      }
      for (const rel of removed) {
        await fsp.rm(safeTarget(rel), { force: true });
      }
      log('snapshots written; review with git diff -- "*.snap"');
    } else if (changed.length || removed.length) {
      log('dry run; re-run with --write to apply');
    }
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

main().catch((e) => {
  log(e.stack || e);
  process.exit(1);
});
