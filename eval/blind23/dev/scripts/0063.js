#!/usr/bin/env node
// deps-upgrade.js - grouped dependency upgrades with npm-check-updates.
//
// Groups are defined in package.json under "upgradeGroups", e.g.
//   "upgradeGroups": { "lint": ["eslint*", "@typescript-eslint/*"], "test": ["vitest", "@vitest/*"] }
//
//   node tools/deps-upgrade.js --group lint           # upgrade one group on a branch
//   node tools/deps-upgrade.js --all --target minor   # everything, minor only
//   node tools/deps-upgrade.js --group test --commit  # commit lockfile + package.json
//   node tools/deps-upgrade.js --group test --commit --push   # push + open PR (gh)
//
// Safety rails: refuses on main/release branches and with a dirty tree; always
// works on its own branch; runs lint + tests before committing; nothing leaves
// the machine without --push.
'use strict';

const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const PKG_PATH = path.join(ROOT, 'package.json');
const NCU = path.join(ROOT, 'node_modules', '.bin', 'ncu');
const PROTECTED = [/^main$/, /^master$/, /^release\//, /^hotfix\//];

function parseArgs(argv) {
  const o = { group: null, all: false, target: 'latest', commit: false, push: false, skipTests: false };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--group': o.group = argv[++i]; break;
      case '--all': o.all = true; break;
      case '--target': o.target = argv[++i]; break;
      case '--commit': o.commit = true; break;
      case '--push': o.push = true; break;
      case '--skip-tests': o.skipTests = true; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!o.group && !o.all) throw new Error('pass --group NAME or --all');
  if (o.push && !o.commit) throw new Error('--push requires --commit');
  if (!['latest', 'minor', 'patch'].includes(o.target)) throw new Error('bad --target');
  return o;
}

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function step(title, fn) {
  console.log(`\n== ${title}`);
  const t0 = Date.now();
  const result = fn();
  console.log(`   (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  return result;
}

function ensureClean() {
  const status = git('status', '--porcelain');
  if (status) throw new Error(`working tree is dirty:\n${status}`);
}

function switchToBranch(name) {
  const current = git('rev-parse', '--abbrev-ref', 'HEAD');
  const exists = spawnSync('git', ['show-ref', '--verify', '--quiet', `refs/heads/${name}`], { cwd: ROOT }).status === 0;
  git('switch', ...(exists ? [name] : ['-c', name]));
  const now = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (PROTECTED.some((re) => re.test(now))) throw new Error(`refusing to work on ${now}`);
  return current;
}

function groupFilter(pkg, group) {
  const groups = pkg.upgradeGroups || {};
  if (!groups[group]) {
    throw new Error(`unknown group ${group}; known: ${Object.keys(groups).join(', ') || 'none'}`);
  }
  return groups[group].join(',');
}

function runNcu(opts, pkg) {
  if (!fs.existsSync(NCU)) throw new Error('npm-check-updates missing; npm i -D npm-check-updates');
  const args = ['--upgrade', '--jsonUpgraded', '--target', opts.target];
  if (opts.group) args.push('--filter', groupFilter(pkg, opts.group));
  const res = spawnSync(NCU, args, { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`ncu failed:\n${res.stderr}`);
  return JSON.parse(res.stdout || '{}');
}

function install() {
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('npm install failed');
  spawnSync('npm', ['dedupe', '--no-audit'], { cwd: ROOT, stdio: 'inherit' });
}

function verify() {
  for (const script of ['lint', 'typecheck', 'test']) {
    const pkg = JSON.parse(fs.readFileSync(PKG_PATH, 'utf8'));
    if (!pkg.scripts?.[script]) continue;
    const res = spawnSync('npm', ['run', script, '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) return script;
  }
  return null;
}

// Majors are never applied automatically; list them so someone can plan.
function listMajors(pkg) {
  if (!fs.existsSync(NCU)) return [];
  const res = spawnSync(NCU, ['--jsonUpgraded', '--target', 'latest'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) return [];
  const latest = JSON.parse(res.stdout || '{}');
  const all = { ...pkg.dependencies, ...pkg.devDependencies };
  const major = (v) => String(v).replace(/^[^\d]*/, '').split('.')[0];
  return Object.entries(latest)
    .filter(([name, to]) => all[name] && major(all[name]) !== major(to))
    .map(([name, to]) => `${name}: ${all[name]} -> ${to}`);
}

function auditDelta(beforeCounts) {
  const res = spawnSync('npm', ['audit', '--json', '--omit=dev'], { cwd: ROOT, encoding: 'utf8' });
  let counts = {};
  try {
    counts = JSON.parse(res.stdout || '{}').metadata?.vulnerabilities || {};
  } catch {
    return null;
  }
  if (!beforeCounts) return counts;
  const keys = ['critical', 'high', 'moderate', 'low'];
  return keys.map((k) => `${k}: ${beforeCounts[k] ?? 0} -> ${counts[k] ?? 0}`).join(', ');
}

function describe(before, upgraded) {
  const all = { ...before.dependencies, ...before.devDependencies };
  return Object.entries(upgraded).map(([name, to]) => `${name}: ${all[name] ?? '?'} -> ${to}`);
}

function writeNotes(lines, opts) {
  const notes = path.join(ROOT, 'build', 'deps-upgrade.md');
  fs.mkdirSync(path.dirname(notes), { recursive: true });
  const title = opts.group ? `group \`${opts.group}\`` : 'all dependencies';
  fs.writeFileSync(notes, `## Upgrade ${title} (target: ${opts.target})\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`);
  return notes;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  ensureClean();
  const before = JSON.parse(fs.readFileSync(PKG_PATH, 'utf8'));
  const date = new Date().toISOString().slice(0, 10);
  const branch = `deps/${opts.group || 'all'}-${date}`;
  const started = step(`switch to ${branch}`, () => switchToBranch(branch));

  const auditBefore = auditDelta(null);
  const upgraded = step('npm-check-updates', () => runNcu(opts, before));
  if (opts.target !== 'latest') {
    const majors = listMajors(before);
    if (majors.length) console.log(`  majors available (not applied):\n    ${majors.join('\n    ')}`);
  }
  const lines = describe(before, upgraded);
  if (!lines.length) {
    console.log('nothing to upgrade');
    return 0;
  }
  lines.forEach((l) => console.log(`  ${l}`));
  step('npm install', install);
  const notes = writeNotes(lines, opts);
  const delta = auditDelta(auditBefore);
  if (typeof delta === 'string') {
    console.log(`  npm audit: ${delta}`);
    fs.appendFileSync(notes, `\nnpm audit: ${delta}\n`);
  }

  if (!opts.skipTests) {
    const failed = step('lint / typecheck / test', verify);
    if (failed) {
      console.error(`\n"${failed}" failed; changes left uncommitted on ${branch}`);
      return 1;
    }
  }
  if (opts.commit) {
    step('commit', () => {
      git('add', 'package.json', 'package-lock.json');
      git('commit', '-m', `chore(deps): upgrade ${opts.group || 'dependencies'} (${opts.target})`, '-m', lines.join('\n'));
    });
  }
  if (opts.push) {
    step('push + PR', () => {
      git('push', '-u', 'origin', branch);
      const res = spawnSync('gh', ['pr', 'create', '--fill', '--body-file', notes, '--label', 'dependencies'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (res.status !== 0) console.log('gh pr create failed; open the PR manually');
    });
  }
  console.log(`\ndone on ${branch} (from ${started}); notes: ${path.relative(ROOT, notes)}`);
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`deps-upgrade: ${err.message}`);
  process.exitCode = 2;
}
