#!/usr/bin/env node
// scripts/bump-deps.mjs-style helper (CommonJS): raise caret ranges in every
// workspace package.json to the newest minor on registry.npmjs.org, install,
// test, and open a PR through the GitHub API.
//
//   node scripts/bump-deps.js --dry-run
//   node scripts/bump-deps.js --filter '@acme/*' --no-pr
'use strict';

const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = process.cwd();
const REGISTRY = 'https://registry.npmjs.org';
const NAME_RE = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const RANGE_RE = /^\^(\d+)\.(\d+)\.(\d+)$/;

function args() {
  const a = process.argv.slice(2);
  const get = (flag) => {
    const i = a.indexOf(flag);
    return i >= 0 ? a[i + 1] : undefined;
  };
  return {
    dryRun: a.includes('--dry-run'),
    noPr: a.includes('--no-pr'),
    filter: get('--filter'),
    branch: get('--branch') || `deps/minor-${new Date().toISOString().slice(0, 10)}`,
  };
}

function workspaceManifests() {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const globs = Array.isArray(root.workspaces) ? root.workspaces : root.workspaces?.packages || [];
  const out = [path.join(ROOT, 'package.json')];
  for (const g of globs) {
    const base = g.replace(/\/\*$/, '');
    const dir = path.join(ROOT, base);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir)) {
      const p = path.join(dir, entry, 'package.json');
      if (fs.existsSync(p)) out.push(p);
    }
  }
  return out;
}

const cache = new Map();
async function versionsOf(name) {
  if (!NAME_RE.test(name)) throw new Error(`suspicious package name ${name}`);
  if (cache.has(name)) return cache.get(name);
  const res = await fetch(`${REGISTRY}/${name.replace('/', '%2f')}`, {
    headers: { accept: 'application/vnd.npm.install-v1+json' },
  });
  if (!res.ok) throw new Error(`${name}: registry ${res.status}`);
  const doc = await res.json();
  const versions = Object.keys(doc.versions || {}).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  cache.set(name, versions);
  return versions;
}

function newestSameMajor(range, versions) {
  const m = RANGE_RE.exec(range);
  if (!m) return null;
  const [maj, min, pat] = m.slice(1).map(Number);
  let best = null;
  for (const v of versions) {
    const [a, b, c] = v.split('.').map(Number);
    if (a !== maj) continue;
    if (b < min || (b === min && c <= pat)) continue;
    if (!best || b > best[1] || (b === best[1] && c > best[2])) best = [a, b, c];
  }
  return best ? `^${best.join('.')}` : null;
}

function matches(name, filter) {
  if (!filter) return true;
  const rx = new RegExp('^' + filter.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + '$');
  return rx.test(name);
}

async function bumpManifest(file, filter) {
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  const changes = [];
  for (const section of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const deps = pkg[section] || {};
    for (const [name, range] of Object.entries(deps)) {
      if (!matches(name, filter) || range.startsWith('workspace:')) continue;
      const next = newestSameMajor(range, await versionsOf(name));
      if (next && next !== range) {
        deps[name] = next;
        changes.push({ file: path.relative(ROOT, file), name, from: range, to: next });
      }
    }
  }
  return { pkg, changes };
}

function run(cmd, argv) {
  const r = spawnSync(cmd, argv, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} exited ${r.status}`);
}

async function openPr(branch, body) {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN not set');
  const origin = execFileSync('git', ['remote', 'get-url', 'origin'], { encoding: 'utf8' }).trim();
  const m = /github\.com[:/](.+?)(?:\.git)?$/.exec(origin);
  if (!m) throw new Error('origin is not a GitHub repo');
  const res = await fetch(`https://api.github.com/repos/${m[1]}/pulls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' },
    body: JSON.stringify({ title: 'chore(deps): minor bumps', head: branch, base: 'main', body }),
  });
  if (!res.ok) throw new Error(`PR creation failed: ${res.status} ${await res.text()}`);
  return (await res.json()).html_url;
}

async function main() {
  const opts = args();
  if (!/^[\w./-]+$/.test(opts.branch)) throw new Error('bad branch name');
  const all = [];
  const updated = [];
  for (const file of workspaceManifests()) {
    const { pkg, changes } = await bumpManifest(file, opts.filter);
    if (changes.length) updated.push([file, pkg]);
    all.push(...changes);
  }
  if (!all.length) return console.log('all ranges current');
  const table = all.map((c) => `| ${c.file} | \`${c.name}\` | ${c.from} | ${c.to} |`);
  const body = ['| manifest | package | from | to |', '| --- | --- | --- | --- |', ...table].join('\n');
  console.log(body);
  if (opts.dryRun) return;

  for (const [file, pkg] of updated) fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
  run('npm', ['install', '--no-audit', '--no-fund']);
  run('npm', ['test', '--workspaces', '--if-present']);
  if (opts.noPr) return console.log('tests pass; changes left uncommitted');

  run('git', ['checkout', '-B', opts.branch]);
  run('git', ['commit', '-am', 'chore(deps): minor bumps']);
  run('git', ['push', '-u', 'origin', 'HEAD']);
  console.log(`opened ${await openPr(opts.branch, body)}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
