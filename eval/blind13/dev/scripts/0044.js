#!/usr/bin/env node
// List workspace packages whose sources changed since a git ref, plus everything
// that depends on them, in topological order. Prints names; runs nothing.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const globs = rootPkg.workspaces?.packages ?? rootPkg.workspaces ?? ['packages/*'];

function expand(glob) {
  const [base, star] = glob.split('/');
  if (star !== '*') return [glob];
  const dir = path.join(root, base);
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).map((d) => `${base}/${d}`).filter((d) => fs.existsSync(path.join(root, d, 'package.json')))
    : [];
}

const packages = new Map(
  globs.flatMap(expand).map((rel) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, rel, 'package.json'), 'utf8'));
    const deps = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies };
    return [manifest.name, { name: manifest.name, rel, deps: Object.keys(deps) }];
  }),
);

const dependents = new Map([...packages.keys()].map((n) => [n, new Set()]));
for (const pkg of packages.values()) {
  pkg.deps.filter((d) => packages.has(d)).forEach((d) => dependents.get(d).add(pkg.name));
}

function changedFiles(ref) {
  return execFileSync('git', ['diff', '--name-only', `${ref}...HEAD`], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

function owners(files) {
  const byRel = [...packages.values()].sort((a, b) => b.rel.length - a.rel.length);
  return new Set(
    files
      .map((f) => byRel.find((p) => f === p.rel || f.startsWith(`${p.rel}/`)))
      .filter(Boolean)
      .map((p) => p.name),
  );
}

function closure(seeds) {
  const seen = new Set(seeds);
  const queue = [...seeds];
  while (queue.length) {
    const next = queue.shift();
    for (const d of dependents.get(next) ?? []) {
      if (!seen.has(d)) {
        seen.add(d);
        queue.push(d);
      }
    }
  }
  return seen;
}

function topo(names) {
  const order = [];
  const visiting = new Set();
  const done = new Set();
  const visit = (n) => {
    if (done.has(n)) return;
    if (visiting.has(n)) throw new Error(`dependency cycle at ${n}`);
    visiting.add(n);
    packages.get(n).deps.filter((d) => names.has(d)).forEach(visit);
    visiting.delete(n);
    done.add(n);
    order.push(n);
  };
  [...names].sort().forEach(visit);
  return order;
}

const ref = process.argv[2] || 'origin/main';
const affected = topo(closure(owners(changedFiles(ref))));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(affected));
} else {
  console.log(`${affected.length} affected package(s) since ${ref}:`);
  affected.forEach((n) => console.log(`  ${n.padEnd(32)} ${packages.get(n).rel}`));
}
