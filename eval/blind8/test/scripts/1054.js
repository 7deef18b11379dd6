#!/usr/bin/env node
// Apply pending changesets, commit the version bump, tag and push.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');

function sh(cmd, args, capture = true) {
  const out = execFileSync(cmd, args, { encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit' });
  return capture ? out.trim() : '';
}

function preflight() {
  if (sh('git', ['branch', '--show-current']) !== 'main') throw new Error('run on main');
  if (sh('git', ['status', '--porcelain'])) throw new Error('working tree is dirty');
  sh('git', ['fetch', 'origin', 'main']);
  if (sh('git', ['rev-parse', 'HEAD']) !== sh('git', ['rev-parse', 'origin/main'])) {
    throw new Error('local main differs from origin/main');
  }
}

function pendingChangesets() {
  if (!fs.existsSync('.changeset')) return [];
  return fs.readdirSync('.changeset').filter((f) => f.endsWith('.md') && f !== 'README.md');
}

function versions() {
  const out = sh('pnpm', ['-r', 'ls', '--depth', '-1', '--json']);
  return JSON.parse(out)
    .filter((p) => p.name && !p.private)
    .map((p) => `${p.name}@${p.version}`);
}

function main() {
  preflight();
  const pending = pendingChangesets();
  if (pending.length === 0) {
    console.log('no pending changesets');
    return;
  }
  console.log(`${pending.length} changeset(s) pending`);
  sh('pnpm', ['changeset', 'version'], false);
  sh('pnpm', ['install', '--lockfile-only'], false);
  sh('git', ['add', '-A']);
  sh('git', ['commit', '-m', 'chore: version packages']);
  const tags = versions();
  for (const t of tags) sh('git', ['tag', '-a', t, '-m', t]);
  sh('git', ['push', 'origin', 'main', ...tags], false);
  console.log('pushed', tags.join(', '));
}

try {
  main();
} catch (e) {
  console.error('release failed:', e.message);
  process.exit(1);
}
