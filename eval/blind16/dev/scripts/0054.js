#!/usr/bin/env node
// Version and publish the workspace packages under packages/*.
//
//   node tools/release-packages.js [patch|minor|major|prerelease] [--publish] [--tag next] [--only @trailmix/ui]
//
// Without --publish this is a dry run: it computes the next versions, rewrites
// nothing, and runs `npm publish --dry-run` for every public package so the
// tarball contents can be reviewed. With a bump argument it rewrites the
// "version" field of each package.json it releases and the matching
// "workspace:^" ranges stay as they are (pnpm replaces them on publish). Only
// --publish runs `pnpm publish` for real, using the npm token already configured
// for registry.npmjs.org in the user's npm config; this script never reads it.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES_DIR = path.join(ROOT, 'packages');
const BUMPS = new Set(['patch', 'minor', 'major', 'prerelease']);

function parseArgs(argv) {
  const opts = { bump: null, publish: false, tag: 'latest', only: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (BUMPS.has(a)) opts.bump = a;
    else if (a === '--publish') opts.publish = true;
    else if (a === '--tag') opts.tag = argv[++i];
    else if (a === '--only') opts.only.push(argv[++i]);
    else throw new Error(`unknown argument: ${a}`);
  }
  if (opts.bump === 'prerelease' && opts.tag === 'latest') opts.tag = 'next';
  return opts;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function writeJson(file, data) {
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function discover() {
  return fs
    .readdirSync(PACKAGES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(PACKAGES_DIR, d.name, 'package.json'))
    .filter((f) => fs.existsSync(f))
    .map((file) => ({ file, dir: path.dirname(file), pkg: readJson(file) }))
    .filter(({ pkg }) => !pkg.private);
}

function nextVersion(version, bump) {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-(\w+)\.(\d+))?$/.exec(version);
  if (!m) throw new Error(`cannot parse version ${version}`);
  let [major, minor, patch] = m.slice(1, 4).map(Number);
  const preId = m[4];
  const preNum = m[5] ? Number(m[5]) : null;
  switch (bump) {
    case 'major':
      return `${major + 1}.0.0`;
    case 'minor':
      return `${major}.${minor + 1}.0`;
    case 'patch':
      return preNum !== null ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}`;
    case 'prerelease':
      return preNum !== null ? `${major}.${minor}.${patch}-${preId}.${preNum + 1}` : `${major}.${minor}.${patch + 1}-rc.0`;
    default:
      throw new Error(`bad bump ${bump}`);
  }
}

function changedSinceLastTag(dir, name) {
  let lastTag;
  try {
    lastTag = git('describe', '--tags', '--abbrev=0', '--match', `${name}@*`);
  } catch {
    return true; // never released
  }
  const rel = path.relative(ROOT, dir);
  return git('diff', '--name-only', `${lastTag}..HEAD`, '--', rel).length > 0;
}

function ensureCleanTree() {
  const status = git('status', '--porcelain');
  if (status) {
    throw new Error('working tree has uncommitted changes; commit them before releasing');
  }
}

function build(dir) {
  execFileSync('pnpm', ['run', '--if-present', 'build'], { cwd: dir, stdio: 'inherit' });
}

function publish(dir, tag, dryRun) {
  const args = ['publish', '--access', 'public', '--tag', tag, '--no-git-checks'];
  if (dryRun) args.push('--dry-run');
  execFileSync('pnpm', args, { cwd: dir, stdio: 'inherit' });
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  let packages = discover();
  if (opts.only.length) packages = packages.filter(({ pkg }) => opts.only.includes(pkg.name));
  packages = packages.filter(({ dir, pkg }) => changedSinceLastTag(dir, pkg.name));
  if (!packages.length) {
    console.log('nothing changed since the last release tags');
    return;
  }
  if (opts.bump || opts.publish) ensureCleanTree();

  const plan = packages.map(({ file, dir, pkg }) => ({
    file,
    dir,
    name: pkg.name,
    from: pkg.version,
    to: opts.bump ? nextVersion(pkg.version, opts.bump) : pkg.version,
  }));
  console.log('release plan:');
  for (const p of plan) console.log(`  ${p.name.padEnd(28)} ${p.from} -> ${p.to}`);

  if (opts.bump) {
    for (const p of plan) {
      const data = readJson(p.file);
      data.version = p.to;
      writeJson(p.file, data);
    }
    git('add', ...plan.map((p) => path.relative(ROOT, p.file)));
    git('commit', '-m', `release: ${plan.map((p) => `${p.name}@${p.to}`).join(', ')}`);
    for (const p of plan) git('tag', `${p.name}@${p.to}`);
    console.log('version commit and tags created locally (not pushed)');
  }

  for (const p of plan) {
    build(p.dir);
    publish(p.dir, opts.tag, !opts.publish);
  }
  if (!opts.publish) {
    console.log('\ndry run complete; re-run with --publish to upload to the registry');
  } else {
    console.log('\npublished; push the commit and tags with: git push --follow-tags');
  }
}

try {
  main();
} catch (err) {
  console.error(`release: ${err.message}`);
  process.exit(1);
}
