#!/usr/bin/env node
// Publish changed packages of the monorepo to registry.npmjs.org.
// Uses npm's own auth (NPM_TOKEN via .npmrc written by CI); tags and pushes the current branch.
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs/promises');
const path = require('node:path');

const run = promisify(execFile);
const REGISTRY = 'https://registry.npmjs.org/';

const sh = async (cmd, args, opts = {}) => {
  const { stdout } = await run(cmd, args, { maxBuffer: 10 * 1024 * 1024, ...opts });
  return stdout.trim();
};

async function publishedVersion(name) {
  const res = await fetch(`${REGISTRY}${encodeURIComponent(name).replace('%40', '@')}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`registry lookup for ${name} failed: ${res.status}`);
  const doc = await res.json();
  return doc['dist-tags']?.latest ?? null;
}

async function workspacePackages() {
  const dirs = await fs.readdir('packages');
  const manifests = await Promise.all(
    dirs.map(async (d) => {
      const file = path.join('packages', d, 'package.json');
      try {
        return { dir: path.dirname(file), pkg: JSON.parse(await fs.readFile(file, 'utf8')) };
      } catch {
        return null;
      }
    }),
  );
  return manifests.filter((m) => m && !m.pkg.private);
}

async function preflight() {
  const status = await sh('git', ['status', '--porcelain']);
  if (status) throw new Error('working tree is dirty');
  const branch = await sh('git', ['rev-parse', '--abbrev-ref', 'HEAD']);
  if (branch !== 'main') throw new Error(`publish from main, not ${branch}`);
  await sh('pnpm', ['run', '-r', 'build']);
  await sh('pnpm', ['run', '-r', 'test']);
  return branch;
}

async function main() {
  const dryRun = process.argv.includes('--dry-run');
  const branch = await preflight();
  const candidates = await workspacePackages();
  const pending = (
    await Promise.all(
      candidates.map(async (c) => ({ ...c, remote: await publishedVersion(c.pkg.name) })),
    )
  ).filter((c) => c.remote !== c.pkg.version);

  if (!pending.length) {
    console.log('nothing to publish');
    return;
  }
  for (const { dir, pkg, remote } of pending) {
    console.log(`${pkg.name}: ${remote ?? '(new)'} -> ${pkg.version}`);
    const args = ['publish', '--access', 'public', '--registry', REGISTRY];
    if (dryRun) args.push('--dry-run');
    await sh('npm', args, { cwd: dir });
  }
  if (dryRun) return;
  const tags = pending.map(({ pkg }) => `${pkg.name}@${pkg.version}`);
  for (const tag of tags) {
    await sh('git', ['tag', '-a', tag, '-m', `publish ${tag}`]);
  }
  await sh('git', ['push', 'origin', branch]);
  await sh('git', ['push', 'origin', ...tags]);
  console.log(`published and tagged ${tags.length} package(s)`);
}

main().catch((err) => {
  console.error(`publish failed: ${err.message}`);
  process.exitCode = 1;
});
