#!/usr/bin/env node
// Publish the workspace packages whose local version is not yet on the npm
// registry, in dependency order, then tag each release and push the tags.
// Registry lookups go to registry.npmjs.org; publishing uses the user's own
// npm login via `npm publish`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const REPO = path.join(__dirname, '..');
const REGISTRY = 'https://registry.npmjs.org';

function workspacePackages() {
  const dir = path.join(REPO, 'packages');
  return fs
    .readdirSync(dir)
    .map((name) => path.join(dir, name, 'package.json'))
    .filter((f) => fs.existsSync(f))
    .map((file) => ({ file, dir: path.dirname(file), json: JSON.parse(fs.readFileSync(file, 'utf8')) }))
    .filter((p) => !p.json.private);
}

async function isPublished(name, version) {
  const res = await fetch(`${REGISTRY}/${encodeURIComponent(name).replace('%40', '@')}/${version}`);
  if (res.status === 404) return false;
  if (!res.ok) throw new Error(`registry lookup for ${name}@${version}: ${res.status}`);
  return true;
}

function topoSort(pkgs) {
  const byName = new Map(pkgs.map((p) => [p.json.name, p]));
  const seen = new Set();
  const order = [];
  const visit = (p, stack = []) => {
    if (seen.has(p.json.name)) return;
    if (stack.includes(p.json.name)) throw new Error(`cycle: ${[...stack, p.json.name].join(' -> ')}`);
    const deps = { ...p.json.dependencies, ...p.json.peerDependencies };
    for (const dep of Object.keys(deps)) {
      if (byName.has(dep)) visit(byName.get(dep), [...stack, p.json.name]);
    }
    seen.add(p.json.name);
    order.push(p);
  };
  pkgs.forEach((p) => visit(p));
  return order;
}

function git(...args) {
  return execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
}

async function main() {
  const dry = process.argv.includes('--dry-run');
  if (git('status', '--porcelain')) throw new Error('working tree must be clean');
  const ordered = topoSort(workspacePackages());
  const todo = [];
  for (const p of ordered) {
    if (!(await isPublished(p.json.name, p.json.version))) todo.push(p);
  }
  if (!todo.length) {
    console.log('all packages already published');
    return;
  }
  for (const p of todo) {
    const tag = `${p.json.name}@${p.json.version}`;
    console.log(`${dry ? 'would publish' : 'publishing'} ${tag}`);
    if (dry) continue;
    execFileSync('npm', ['publish', '--access', 'public'], { cwd: p.dir, stdio: 'inherit' });
    git('tag', '-a', tag, '-m', tag);
  }
  if (!dry) {
    execFileSync('git', ['push', 'origin', '--tags'], { cwd: REPO, stdio: 'inherit' });
    console.log(`published ${todo.length} package(s)`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
