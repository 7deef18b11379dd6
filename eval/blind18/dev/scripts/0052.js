#!/usr/bin/env node
// Version bump + changelog for the npm workspaces monorepo.
//
//   node scripts/bump.js            compute next versions from conventional commits
//   node scripts/bump.js --write    rewrite package.json files and CHANGELOG.md
//   node scripts/bump.js --write --commit   ...and commit + tag locally (no push)
//
// Only packages/* that changed since their last tag are bumped. Internal
// dependency ranges are updated to the new versions.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const WRITE = args.has('--write');
const COMMIT = args.has('--commit');
const PRERELEASE = [...args].find((a) => a.startsWith('--pre='))?.slice(6);

function git(...argv) {
  return execFileSync('git', argv, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function writeJson(file, data) {
  // keep the two-space style and trailing newline npm uses
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

function loadPackages() {
  const dir = path.join(ROOT, 'packages');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'package.json')))
    .map((d) => {
      const file = path.join(dir, d.name, 'package.json');
      const json = readJson(file);
      return { dir: path.join('packages', d.name), file, json, name: json.name, version: json.version };
    })
    .filter((p) => !p.json.private);
}

function lastTag(pkg) {
  try {
    return git('describe', '--tags', '--abbrev=0', '--match', `${pkg.name}@*`);
  } catch {
    return null;
  }
}

const COMMIT_RE = /^(?<type>\w+)(?:\((?<scope>[^)]+)\))?(?<bang>!)?: (?<subject>.+)$/;

function commitsSince(tag, dir) {
  const range = tag ? `${tag}..HEAD` : 'HEAD';
  const raw = git('log', range, '--format=%H%x1f%s%x1f%b%x1e', '--', dir);
  return raw
    .split('\x1e')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [hash, subject, body] = entry.split('\x1f');
      const m = COMMIT_RE.exec(subject);
      return {
        hash: hash.slice(0, 7),
        subject,
        type: m?.groups.type ?? 'other',
        scope: m?.groups.scope,
        breaking: Boolean(m?.groups.bang) || /BREAKING CHANGE:/.test(body || ''),
        text: m?.groups.subject ?? subject,
      };
    });
}

function releaseType(commits) {
  if (commits.some((c) => c.breaking)) return 'major';
  if (commits.some((c) => c.type === 'feat')) return 'minor';
  if (commits.some((c) => ['fix', 'perf', 'deps'].includes(c.type))) return 'patch';
  return null;
}

function nextVersion(current, type, pre) {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([\w.]+))?$/.exec(current);
  if (!m) throw new Error(`cannot parse version ${current}`);
  let [major, minor, patch] = m.slice(1, 4).map(Number);
  const existingPre = m[4];
  if (pre && existingPre?.startsWith(pre + '.')) {
    const n = Number(existingPre.split('.').pop()) + 1;
    return `${major}.${minor}.${patch}-${pre}.${n}`;
  }
  if (major === 0 && type === 'major') type = 'minor'; // 0.x: breaking bumps minor
  if (type === 'major') [major, minor, patch] = [major + 1, 0, 0];
  else if (type === 'minor') [minor, patch] = [minor + 1, 0];
  else patch += 1;
  return pre ? `${major}.${minor}.${patch}-${pre}.0` : `${major}.${minor}.${patch}`;
}

function changelogSection(pkg, version, commits) {
  const date = new Date().toISOString().slice(0, 10);
  const groups = { Breaking: [], Features: [], Fixes: [], Other: [] };
  for (const c of commits) {
    const line = `- ${c.scope ? `**${c.scope}:** ` : ''}${c.text} (${c.hash})`;
    if (c.breaking) groups.Breaking.push(line);
    else if (c.type === 'feat') groups.Features.push(line);
    else if (c.type === 'fix' || c.type === 'perf') groups.Fixes.push(line);
    else if (c.type !== 'chore' && c.type !== 'test' && c.type !== 'ci') groups.Other.push(line);
  }
  let out = `## ${pkg.name}@${version} (${date})\n`;
  for (const [title, lines] of Object.entries(groups)) {
    if (lines.length) out += `\n### ${title}\n\n${lines.join('\n')}\n`;
  }
  return out;
}

function updateInternalRanges(packages, bumps) {
  for (const pkg of packages) {
    for (const field of ['dependencies', 'peerDependencies', 'devDependencies']) {
      const deps = pkg.json[field];
      if (!deps) continue;
      for (const [dep, range] of Object.entries(deps)) {
        const bumped = bumps.get(dep);
        if (!bumped || range.startsWith('workspace:')) continue;
        const prefix = /^[\^~]/.test(range) ? range[0] : '';
        deps[dep] = `${prefix}${bumped}`;
        pkg.touched = true;
      }
    }
  }
}

function printPlan(bumps) {
  const width = Math.max(...[...bumps.keys()].map((n) => n.length));
  console.log('\nplanned releases:');
  for (const [name, version] of bumps) console.log(`  ${name.padEnd(width)}  ${version}`);
}

function main() {
  if (WRITE && git('status', '--porcelain')) {
    console.error('working tree is dirty; commit or stash first');
    process.exit(1);
  }
  const packages = loadPackages();
  const bumps = new Map();
  const sections = [];
  for (const pkg of packages) {
    const commits = commitsSince(lastTag(pkg), pkg.dir);
    const type = releaseType(commits);
    if (!type) continue;
    const version = nextVersion(pkg.version, type, PRERELEASE);
    bumps.set(pkg.name, version);
    sections.push(changelogSection(pkg, version, commits));
    console.log(`${pkg.name}: ${pkg.version} -> ${version} (${type}, ${commits.length} commits)`);
    pkg.json.version = version;
    pkg.touched = true;
  }
  if (!bumps.size) {
    console.log('nothing to release');
    return;
  }
  updateInternalRanges(packages, bumps);
  printPlan(bumps);
  if (!WRITE) {
    console.log('\n(dry run; pass --write to update files)');
    return;
  }
  for (const pkg of packages.filter((p) => p.touched)) writeJson(pkg.file, pkg.json);
  const changelog = path.join(ROOT, 'CHANGELOG.md');
  const old = existsSync(changelog) ? readFileSync(changelog, 'utf8') : '# Changelog\n';
  const [head, ...rest] = old.split(/\n(?=## )/);
  writeFileSync(changelog, [head.trimEnd(), '', ...sections, ...rest].join('\n'));
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts'], { cwd: ROOT, stdio: 'inherit' });
  if (COMMIT) {
    git('add', 'CHANGELOG.md', 'package-lock.json', ...packages.filter((p) => p.touched).map((p) => path.relative(ROOT, p.file)));
    git('commit', '-m', `chore(release): ${[...bumps].map(([n, v]) => `${n}@${v}`).join(', ')}`);
    for (const [name, version] of bumps) git('tag', '-a', `${name}@${version}`, '-m', `${name}@${version}`);
    console.log('committed and tagged locally; push with: git push --follow-tags');
  }
}

main();
