#!/usr/bin/env node
// Build all workspace packages in dependency order, running independent
// packages concurrently. Each build is `npm run build` inside the package.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs/promises');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const MAX_PARALLEL = Number(process.env.BUILD_PARALLEL || 3);

async function loadWorkspace() {
  const dirs = [];
  for (const group of ['packages', 'apps']) {
    const base = path.join(ROOT, group);
    let entries = [];
    try {
      entries = await fs.readdir(base, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) if (e.isDirectory()) dirs.push(path.join(base, e.name));
  }
  const pkgs = new Map();
  await Promise.all(
    dirs.map(async (dir) => {
      try {
        const pkg = JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8'));
        pkgs.set(pkg.name, { dir, pkg });
      } catch {
        /* not a package */
      }
    }),
  );
  return pkgs;
}

function graph(pkgs) {
  const deps = new Map();
  for (const [name, { pkg }] of pkgs) {
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    deps.set(name, new Set(Object.keys(all).filter((d) => pkgs.has(d))));
  }
  return deps;
}

function buildOne(name, dir) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`built ${name} in ${secs}s`);
        resolve();
      } else {
        reject(new Error(`${name} failed (${code})\n${log.slice(-3000)}`));
      }
    });
  });
}

async function buildAll(pkgs, deps) {
  const done = new Set();
  const running = new Map();
  const pending = new Set([...pkgs.keys()].filter((n) => pkgs.get(n).pkg.scripts?.build));
  for (const n of pkgs.keys()) if (!pending.has(n)) done.add(n);
  while (pending.size || running.size) {
    for (const name of [...pending]) {
      if (running.size >= MAX_PARALLEL) break;
      if ([...deps.get(name)].every((d) => done.has(d))) {
        pending.delete(name);
        const p = buildOne(name, pkgs.get(name).dir).then(() => {
          running.delete(name);
          done.add(name);
        });
        running.set(name, p);
      }
    }
    if (running.size === 0 && pending.size) {
      throw new Error(`dependency cycle among: ${[...pending].join(', ')}`);
    }
    await Promise.race(running.values());
  }
}

(async () => {
  const pkgs = await loadWorkspace();
  console.log(`${pkgs.size} workspace packages`);
  await buildAll(pkgs, graph(pkgs));
  console.log('all packages built');
})().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
