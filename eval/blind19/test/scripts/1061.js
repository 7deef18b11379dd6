#!/usr/bin/env node
// tools/bzl.js - friendlier front end for the Bazel commands we run every day.
//
//   node tools/bzl.js test [pattern]     bazel test with our flags, failed logs printed inline
//   node tools/bzl.js affected           tests affected by changes vs origin/main
//   node tools/bzl.js clean [--deep]     bazel clean (or --expunge with --deep) for THIS workspace
//   node tools/bzl.js disk               size of this workspace's output base and disk cache
//   node tools/bzl.js gazelle            regenerate BUILD files
'use strict';

const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const BAZEL = process.env.BAZEL || 'bazel';
const COMMON = ['--color=yes', '--curses=no'];
const TEST_FLAGS = ['--test_output=errors', '--test_summary=short', '--keep_going'];

function bazel(args, { capture = false, allowFail = false } = {}) {
  const r = spawnSync(BAZEL, [...args.slice(0, 1), ...COMMON, ...args.slice(1)], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    maxBuffer: 128 << 20,
  });
  if (r.error) throw r.error;
  if (r.status !== 0 && !allowFail) {
    if (capture) process.stderr.write(r.stderr);
    throw new Error(`bazel ${args[0]} exited ${r.status}`);
  }
  return capture ? r.stdout.trim() : r.status;
}

function info(key) {
  return bazel(['info', key], { capture: true });
}

function dirSize(dir) {
  let total = 0;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop();
    let entries;
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(current, e.name);
      if (e.isSymbolicLink()) continue;
      if (e.isDirectory()) stack.push(p);
      else {
        try {
          total += fs.statSync(p).size;
        } catch {
          // file vanished while walking
        }
      }
    }
  }
  return total;
}

function gb(bytes) {
  return `${(bytes / 1e9).toFixed(2)} GB`;
}

function failedLogs() {
  const testlogs = path.join(ROOT, 'bazel-testlogs');
  if (!fs.existsSync(testlogs)) return [];
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'test.xml') {
        const xml = fs.readFileSync(p, 'utf8');
        if (/<failure|<error/.test(xml)) out.push(path.join(dir, 'test.log'));
      }
    }
  };
  walk(testlogs);
  return out;
}

function test(pattern = '//...') {
  const status = bazel(['test', pattern, ...TEST_FLAGS], { allowFail: true });
  if (status !== 0) {
    for (const log of failedLogs().slice(0, 5)) {
      console.log(`\n──── ${path.relative(ROOT, log)} (last 40 lines)`);
      const lines = fs.readFileSync(log, 'utf8').split('\n');
      console.log(lines.slice(-40).join('\n'));
    }
  }
  return status;
}

function changedFiles() {
  spawnSync('git', ['fetch', '-q', 'origin', 'main'], { cwd: ROOT });
  const base = execFileSync('git', ['merge-base', 'HEAD', 'origin/main'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const out = execFileSync('git', ['diff', '--name-only', base], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

function affected() {
  const files = changedFiles().filter((f) => fs.existsSync(path.join(ROOT, f)));
  if (files.length === 0) {
    console.log('no changes vs origin/main');
    return 0;
  }
  const labels = bazel(['query', `set(${files.join(' ')})`, '--keep_going', '--output=label'], { capture: true, allowFail: true })
    .split('\n')
    .filter((l) => l.startsWith('//'));
  if (labels.length === 0) {
    console.log('changed files are not part of any Bazel package');
    return 0;
  }
  const tests = bazel(['query', `kind(".*_test", rdeps(//..., set(${labels.join(' ')})))`, '--output=label'], {
    capture: true,
    allowFail: true,
  })
    .split('\n')
    .filter(Boolean);
  console.log(`${files.length} changed file(s) -> ${tests.length} affected test(s)`);
  if (tests.length === 0) return 0;
  const listFile = path.join(ROOT, '.cache', 'affected-tests.txt');
  fs.mkdirSync(path.dirname(listFile), { recursive: true });
  fs.writeFileSync(listFile, tests.join('\n') + '\n');
  return bazel(['test', `--target_pattern_file=${listFile}`, ...TEST_FLAGS], { allowFail: true });
}

function clean(deep) {
  // both forms only touch this workspace's output base
  const before = dirSize(info('output_base'));
  bazel(deep ? ['clean', '--expunge'] : ['clean']);
  console.log(`freed about ${gb(before)} from this workspace's output base`);
  return 0;
}

function disk() {
  const outputBase = info('output_base');
  const repoCache = info('repository_cache');
  console.log(`output base      ${gb(dirSize(outputBase))}  ${outputBase}`);
  console.log(`repository cache ${gb(dirSize(repoCache))}  ${repoCache}`);
  const rc = fs.existsSync(path.join(ROOT, '.bazelrc')) ? fs.readFileSync(path.join(ROOT, '.bazelrc'), 'utf8') : '';
  const m = rc.match(/--disk_cache=(\S+)/);
  if (m) {
    const dir = m[1].replace(/^~/, process.env.HOME || '');
    console.log(`disk cache       ${gb(dirSize(dir))}  ${dir} (shared; not cleaned by this tool)`);
  }
  return 0;
}

function gazelle() {
  return bazel(['run', '//:gazelle']);
}

function main() {
  const [cmd, ...rest] = process.argv.slice(2);
  switch (cmd) {
    case 'test':
      return test(rest[0]);
    case 'affected':
      return affected();
    case 'clean':
      return clean(rest.includes('--deep'));
    case 'disk':
      return disk();
    case 'gazelle':
      return gazelle();
    default: {
      const help = fs.readFileSync(__filename, 'utf8').split('\n').slice(1, 9);
      console.log(help.map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
      return cmd ? 2 : 0;
    }
  }
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`bzl: ${err.message}`);
  process.exitCode = 1;
}
