#!/usr/bin/env node
/*
 * visual-baselines.js -- update Playwright screenshot baselines safely.
 *
 *   node scripts/visual-baselines.js                   # run with --update-snapshots into a temp
 *                                                      # output dir, list changed PNGs
 *   node scripts/visual-baselines.js --accept          # copy changed baselines into the repo
 *   node scripts/visual-baselines.js --grep "checkout" --project chromium
 *
 * Playwright writes baselines next to the spec files (*-snapshots/). We run it
 * against a copy of those directories so nothing in the checkout changes until
 * --accept. Only files ending in .png under a *-snapshots/ directory of this
 * repository are ever written.
 */
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, execFileSync } = require('child_process');

const ROOT = String(execFileSync('git', ['rev-parse', '--show-toplevel'])).trim();
const args = process.argv.slice(2);
const ACCEPT = args.includes('--accept');

function argValue(name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function sha(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function snapshotDirs() {
  const out = execFileSync('git', ['ls-files', '-z', '--', '*-snapshots/*.png'], { cwd: ROOT, encoding: 'utf8' });
  const dirs = new Set();
  for (const f of out.split('\0').filter(Boolean)) dirs.add(path.dirname(f));
  return [...dirs];
}

function listPngs(dir) {
  const result = new Map();
  const walk = (d) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, {withFileTypes: true})) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.png') && p.includes('-snapshots' + path.sep)) {
        result.set(path.relative(dir, p), sha(p));
      }
    }
  };
  walk(dir);
  return result;
}

function copyDirs(dirs, dest) {
  for (const d of dirs) {
    fs.cpSync(path.join(ROOT, d), path.join(dest, d), { recursive: true });
  }
}

function runPlaywright(snapshotRoot) {
  const pwArgs = ['--no-install', 'playwright', 'test', '--update-snapshots', '--reporter=line'];
  const grep = argValue('--grep');
  const project = argValue('--project');
  if (grep) pwArgs.push('--grep', grep);
  if (project) pwArgs.push('--project', project);
  return new Promise((resolve) => {
    const child = spawn('npx', pwArgs, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PW_SNAPSHOT_ROOT: snapshotRoot, CI: '' },
    });
    const forward = (sig) => child.kill(sig);
    process.on('SIGINT', forward);
    child.on('close', (code) => {
      process.off('SIGINT', forward);
      resolve(code);
    });
  });
}

function safeDest(rel) {
  const abs = path.resolve(ROOT, rel);
  if (!abs.startsWith(ROOT + path.sep)) throw new Error(`outside repo: ${rel}`);
  if (!abs.endsWith('.png') || !abs.includes('-snapshots' + path.sep)) throw new Error(`not a baseline: ${rel}`);
  return abs;
}

function pngSize(file) {
  // width/height from the IHDR chunk, enough for a helpful listing
  const buf = Buffer.alloc(24);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, buf, 0, 24, 0);
  fs.closeSync(fd);
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

function printChanges(changes, scratch) {
  if (!changes.length) {
    console.log('all baselines unchanged');
    return;
  }
  console.log(`${changes.length} baseline(s) changed:`);
  for (const c of changes) {
    const size = fs.existsSync(path.join(scratch, c.rel)) ? pngSize(path.join(scratch, c.rel)) : '-';
    console.log(`  ${c.kind.padEnd(8)} ${c.rel} (${size})`);
  }
}

function diffMaps(before, after) {
  const changes = [];
  for (const [rel, digest] of after) {
    if (!before.has(rel)) changes.push({ rel, kind: 'new' });
    else if (before.get(rel) !== digest) changes.push({ rel, kind: 'changed' });
  }
  return changes.sort((a, b) => a.rel.localeCompare(b.rel));
}

function orphanedBaselines(dirs) {
  // baselines whose spec file no longer exists (foo.spec.ts-snapshots/ without foo.spec.ts)
  const orphans = [];
  for (const d of dirs) {
    const spec = d.replace(/-snapshots$/, '');
    if (!fs.existsSync(path.join(ROOT, spec))) orphans.push(d);
  }
  return orphans;
}

async function main() {
  const dirs = snapshotDirs();
  for (const o of orphanedBaselines(dirs)) {
    console.warn(`orphaned baseline directory (spec removed?): ${o}`);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'visual-baselines-'));
  let exitCode = 0;
  try {
    copyDirs(dirs, scratch);
    const before = listPngs(scratch);
    console.log(`${before.size} existing baselines in ${dirs.length} director(ies)`);
    const code = await runPlaywright(scratch);
    if (code !== 0) {
      console.error(`playwright exited with ${code}; baselines may be incomplete`);
      exitCode = code;
    }
    const after = listPngs(scratch);
    const changes = diffMaps(before, after);
    printChanges(changes, scratch);
    if (ACCEPT && changes.length) {
      if (exitCode !== 0 && !args.includes('--force')) {
        console.error('not accepting after a failed run (use --force to override)');
        return;
      }
      for (const c of changes) {
        const dest = safeDest(c.rel);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.copyFileSync(path.join(scratch, c.rel), dest);
      }
      console.log('baselines copied; review them with git diff --stat and an image viewer');
    } else if (changes.length) {
      const keep = path.join(ROOT, 'test-results', 'baseline-preview');
      fs.rmSync(keep, { recursive: true, force: true });
      for (const c of changes) {
        const dest = path.join(keep, c.rel);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.copyFileSync(path.join(scratch, c.rel), dest);
      }
      console.log(`preview copies in ${path.relative(ROOT, keep)}; re-run with --accept to apply`);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    process.exitCode = exitCode;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
