#!/usr/bin/env node
// update-deps.js - semver-aware dependency updates for orbit, one PR per group.
//
//   node tools/update-deps.js plan                 # what would change, per group
//   node tools/update-deps.js apply patch          # patch updates of everything
//   node tools/update-deps.js apply minor --group testing --commit
//   node tools/update-deps.js apply minor --group testing --commit --push
//
// Groups are regexes over package names in package.json "updateGroups".  The
// "apply" mode works on a dedicated branch, uses `npm install <name>@<version>`
// with exact versions from `npm view`, runs lint + tests, and only commits /
// pushes when asked.  Major updates are reported, never applied automatically.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PKG_FILE = path.join(ROOT, 'package.json');
const NOTES = path.join(ROOT, 'out', 'update-deps.md');

const readPkg = () => JSON.parse(fs.readFileSync(PKG_FILE, 'utf8'));
const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();

function parse(argv) {
  const [mode = 'plan', level = 'minor', ...rest] = argv;
  const o = { mode, level, group: null, commit: false, push: false };
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--group') o.group = rest[++i];
    else if (rest[i] === '--commit') o.commit = true;
    else if (rest[i] === '--push') o.push = true;
    else throw new Error(`unknown option ${rest[i]}`);
  }
  if (!['plan', 'apply'].includes(o.mode)) throw new Error('mode must be plan or apply');
  if (!['patch', 'minor'].includes(o.level)) throw new Error('level must be patch or minor');
  if (o.push && !o.commit) throw new Error('--push only makes sense together with --commit');
  return o;
}

function semver(v) {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(String(v));
  return m ? m.slice(1).map(Number) : null;
}

function outdated() {
  const res = spawnSync('npm', ['outdated', '--json', '--long'], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(res.stdout || '{}');
}

function versionsOf(name) {
  const res = spawnSync('npm', ['view', name, 'versions', '--json'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) return [];
  const v = JSON.parse(res.stdout);
  return Array.isArray(v) ? v : [v];
}

function bestWithin(name, current, level) {
  const cur = semver(current);
  if (!cur) return null;
  const candidates = versionsOf(name)
    .filter((v) => !/-/.test(v))
    .map((v) => ({ v, s: semver(v) }))
    .filter(({ s }) => s && s[0] === cur[0] && (level === 'minor' || s[1] === cur[1]))
    .filter(({ s }) => s[1] > cur[1] || (s[1] === cur[1] && s[2] > cur[2]));
  candidates.sort((a, b) => a.s[1] - b.s[1] || a.s[2] - b.s[2]);
  return candidates.length ? candidates[candidates.length - 1].v : null;
}

function inGroup(name, pkg, group) {
  if (!group) return true;
  const pattern = pkg.updateGroups?.[group];
  if (!pattern) throw new Error(`unknown group ${group}`);
  return new RegExp(pattern).test(name);
}

function plan(o) {
  const pkg = readPkg();
  const rows = [];
  for (const [name, info] of Object.entries(outdated())) {
    if (!inGroup(name, pkg, o.group)) continue;
    const target = bestWithin(name, info.current, o.level);
    const major = semver(info.latest)?.[0] !== semver(info.current)?.[0];
    rows.push({ name, current: info.current, target, latest: info.latest, major, dev: info.type === 'devDependencies' });
  }
  return rows;
}

function printPlan(rows) {
  for (const r of rows) {
    const note = r.major ? `  (major ${r.latest} available, not applied)` : '';
    console.log(`${r.name.padEnd(32)} ${String(r.current).padEnd(10)} -> ${r.target ?? '-'}${note}`);
  }
}

// Release notes links help reviewers; npm view gives the repository URL, which
// we print as-is (no requests are made to it).
function repoUrl(name) {
  const res = spawnSync('npm', ['view', name, 'repository.url'], { cwd: ROOT, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim().replace(/^git\+/, '').replace(/\.git$/, '') : '';
}

function writePlanFile(rows) {
  const file = path.join(ROOT, 'out', 'update-plan.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(rows, null, 2) + '\n');
  return path.relative(ROOT, file);
}

function engineCheck(rows) {
  // refuse targets whose engines.node excludes the node version we develop on
  const bad = [];
  for (const r of rows.filter((x) => x.target)) {
    const res = spawnSync('npm', ['view', `${r.name}@${r.target}`, 'engines.node'], { cwd: ROOT, encoding: 'utf8' });
    const range = res.stdout.trim();
    const min = /^>=\s*(\d+)/.exec(range)?.[1];
    if (min && Number(process.versions.node.split('.')[0]) < Number(min)) bad.push(`${r.name}@${r.target} needs node ${range}`);
  }
  return bad;
}

function ensureBranch(o) {
  if (git('status', '--porcelain')) throw new Error('working tree not clean');
  const branch = `deps/${o.group ?? 'all'}-${o.level}-${new Date().toISOString().slice(0, 10)}`;
  const current = git('branch', '--show-current');
  if (current !== branch) {
    const exists = spawnSync('git', ['rev-parse', '--verify', '--quiet', branch], { cwd: ROOT }).status === 0;
    git('switch', ...(exists ? [branch] : ['-c', branch]));
  }
  if (/^(main|master|release\/.*)$/.test(git('branch', '--show-current'))) throw new Error('protected branch');
  return branch;
}

function verify() {
  const pkg = readPkg();
  for (const script of ['lint', 'test']) {
    if (!pkg.scripts?.[script]) continue;
    if (spawnSync('npm', ['run', script, '--silent'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) return script;
  }
  return null;
}

function apply(o) {
  const rows = plan(o).filter((r) => r.target);
  if (!rows.length) {
    console.log('nothing to update');
    return 0;
  }
  const branch = ensureBranch(o);
  for (const dev of [false, true]) {
    const specs = rows.filter((r) => r.dev === dev).map((r) => `${r.name}@${r.target}`);
    if (!specs.length) continue;
    const args = ['install', '--no-audit', '--no-fund', dev ? '--save-dev' : '--save', ...specs];
    if (spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm install failed');
  }
  fs.mkdirSync(path.dirname(NOTES), { recursive: true });
  fs.writeFileSync(NOTES, `## ${o.level} updates${o.group ? ` (${o.group})` : ''}\n\n${rows.map((r) => `- ${r.name}: ${r.current} → ${r.target}`).join('\n')}\n`);
  const failed = verify();
  if (failed) {
    console.error(`${failed} failed; leaving changes uncommitted on ${branch}`);
    return 1;
  }
  if (o.commit) {
    git('add', '--', 'package.json', 'package-lock.json');
    git('commit', '-m', `chore(deps): ${o.level} updates${o.group ? ` for ${o.group}` : ''}`);
  }
  if (o.push) {
    git('push', '-u', 'origin', branch);
    spawnSync('gh', ['pr', 'create', '--fill', '--body-file', NOTES, '--label', 'dependencies'], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log(`done on ${branch}; notes in ${path.relative(ROOT, NOTES)}`);
  return 0;
}

try {
  const o = parse(process.argv.slice(2));
  if (o.mode === 'plan') {
    const rows = plan(o);
    printPlan(rows);
    for (const b of engineCheck(rows)) console.log(`  engine conflict: ${b}`);
    for (const r of rows.filter((x) => x.major)) console.log(`  ${r.name}: ${repoUrl(r.name)}`);
    console.log(`plan saved to ${writePlanFile(rows)}`);
  } else {
    process.exitCode = apply(o);
  }
} catch (err) {
  console.error(`update-deps: ${err.message}`);
  process.exitCode = 2;
}
