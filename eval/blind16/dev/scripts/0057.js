#!/usr/bin/env node
// Codemod runner: migrate `import { t } from 'i18n-lite'` call sites to the
// `useTranslation()` hook from 'react-i18next' across apps/web/src.
//
//   node tools/codemods/run-i18n.js [--dry] [--print] [paths...]
//
// Wraps jscodeshift (installed as a devDependency) with the transform in
// tools/codemods/i18n-hook.transform.js, restricts it to git-tracked
// .ts/.tsx files, records a summary in tools/codemods/last-run.json, and then
// formats only the files jscodeshift modified with prettier. The transform is
// loaded from this repository; nothing is fetched.
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const TRANSFORM = path.join(__dirname, 'i18n-hook.transform.js');
const SUMMARY = path.join(__dirname, 'last-run.json');
const DEFAULT_SCOPE = ['apps/web/src'];
const JSCODESHIFT = path.join(ROOT, 'node_modules', '.bin', 'jscodeshift');
const PRETTIER = path.join(ROOT, 'node_modules', '.bin', 'prettier');

function parseArgs(argv) {
  const opts = { dry: false, print: false, paths: [] };
  for (const a of argv) {
    if (a === '--dry') opts.dry = true;
    else if (a === '--print') opts.print = true;
    else if (a.startsWith('--')) throw new Error(`unknown flag ${a}`);
    else opts.paths.push(a);
  }
  if (!opts.paths.length) opts.paths = DEFAULT_SCOPE;
  return opts;
}

function trackedFiles(scopes) {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...scopes], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
    .filter((f) => !f.includes('__generated__'));
}

function candidates(files) {
  return files.filter((f) => {
    const src = fs.readFileSync(path.join(ROOT, f), 'utf8');
    return src.includes("from 'i18n-lite'") || src.includes('from "i18n-lite"');
  });
}

function snapshotMtimes(files) {
  const map = new Map();
  for (const f of files) map.set(f, fs.statSync(path.join(ROOT, f)).mtimeMs);
  return map;
}

function runJscodeshift(files, opts) {
  const args = [
    '--transform', TRANSFORM,
    '--parser', 'tsx',
    '--extensions', 'ts,tsx',
    '--ignore-pattern', '**/node_modules/**',
    '--cpus', String(Math.max(1, require('node:os').cpus().length - 1)),
    '--verbose', '1',
  ];
  if (opts.dry) args.push('--dry');
  if (opts.print) args.push('--print');
  args.push(...files);
  const res = spawnSync(JSCODESHIFT, args, { cwd: ROOT, encoding: 'utf8' });
  if (res.error) throw res.error;
  process.stdout.write(res.stdout);
  process.stderr.write(res.stderr);
  return parseStats(res.stdout);
}

function parseStats(stdout) {
  const stats = { ok: 0, unmodified: 0, skipped: 0, errors: 0 };
  const re = /(\d+) (ok|unmodified|skipped|errors)/g;
  let m;
  while ((m = re.exec(stdout))) stats[m[2]] = Number(m[1]);
  return stats;
}

function modifiedSince(before) {
  const changed = [];
  for (const [f, mtime] of before) {
    const now = fs.statSync(path.join(ROOT, f)).mtimeMs;
    if (now !== mtime) changed.push(f);
  }
  return changed;
}

function formatFiles(files) {
  if (!files.length) return;
  const res = spawnSync(PRETTIER, ['--write', '--log-level', 'warn', ...files], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) console.warn('prettier reported problems; review the diff');
}

function leftovers(files) {
  const remaining = [];
  for (const f of files) {
    const lines = fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.includes('i18n-lite')) remaining.push(`${f}:${i + 1}: ${line.trim()}`);
    });
  }
  return remaining;
}

function previousRun() {
  // Compare with the last recorded run so a re-run that changes nothing is obvious.
  try {
    const prev = JSON.parse(fs.readFileSync(SUMMARY, 'utf8'));
    return `previous run ${prev.at}: ${prev.changed.length} changed, ${prev.remaining} remaining`;
  } catch {
    return 'no previous run recorded';
  }
}

function writeSummary(data) {
  fs.writeFileSync(SUMMARY, JSON.stringify({ ...data, at: new Date().toISOString() }, null, 2) + '\n');
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const bin of [JSCODESHIFT, PRETTIER]) {
    if (!fs.existsSync(bin)) throw new Error(`${path.basename(bin)} not installed; run pnpm install`);
  }
  if (!fs.existsSync(TRANSFORM)) throw new Error(`transform missing: ${TRANSFORM}`);

  const files = candidates(trackedFiles(opts.paths));
  if (!files.length) {
    console.log('no files import i18n-lite; nothing to do');
    return;
  }
  console.log(`${files.length} candidate files (${previousRun()})`);
  const before = snapshotMtimes(files);
  const stats = runJscodeshift(files, opts);
  const changed = opts.dry ? [] : modifiedSince(before);
  formatFiles(changed);
  const remaining = leftovers(files);
  writeSummary({ scope: opts.paths, dry: opts.dry, stats, changed, remaining: remaining.length });

  console.log(`\nchanged ${changed.length} files (ok=${stats.ok}, unmodified=${stats.unmodified}, errors=${stats.errors})`);
  if (remaining.length) {
    console.log('still importing i18n-lite (needs manual work):');
    for (const r of remaining.slice(0, 40)) console.log(`  ${r}`);
  }
  if (stats.errors) process.exitCode = 1;
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
