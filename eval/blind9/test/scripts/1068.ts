#!/usr/bin/env -S npx tsx
// Release the VS Code extension in extensions/app-helper:
// bump version, update CHANGELOG, package the .vsix, tag, push, and publish to
// the Marketplace with vsce (VSCE_PAT from the environment, read by vsce itself).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const EXT_DIR = join(process.cwd(), 'extensions', 'app-helper');
const MANIFEST = join(EXT_DIR, 'package.json');
const CHANGELOG = join(EXT_DIR, 'CHANGELOG.md');

type Bump = 'major' | 'minor' | 'patch';

interface Manifest {
  name: string;
  publisher: string;
  version: string;
  engines: { vscode: string };
}

const sh = (cmd: string, args: string[], cwd = process.cwd()): string =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

function bumpVersion(v: string, kind: Bump): string {
  const parts = v.split('.').map(Number) as [number, number, number];
  if (kind === 'major') return `${parts[0] + 1}.0.0`;
  if (kind === 'minor') return `${parts[0]}.${parts[1] + 1}.0`;
  return `${parts[0]}.${parts[1]}.${parts[2] + 1}`;
}

function guardRepoState(): void {
  if (sh('git', ['status', '--porcelain'])) throw new Error('commit your changes before releasing');
  const branch = sh('git', ['branch', '--show-current']);
  if (branch !== 'main') throw new Error(`releases are cut from main, not ${branch}`);
}

function updateChangelog(version: string): void {
  const text = readFileSync(CHANGELOG, 'utf8');
  const heading = '## Unreleased';
  const idx = text.indexOf(heading);
  if (idx === -1) throw new Error('CHANGELOG.md needs an "## Unreleased" heading');
  const stamped = `${heading}\n\n## ${version} (${new Date().toISOString().slice(0, 10)})`;
  writeFileSync(CHANGELOG, text.slice(0, idx) + stamped + text.slice(idx + heading.length));
}

function main(): void {
  const kind = (process.argv[2] ?? 'patch') as Bump;
  if (!['major', 'minor', 'patch'].includes(kind)) throw new Error('usage: release-extension.ts [major|minor|patch]');
  const publish = !process.argv.includes('--no-publish');
  guardRepoState();

  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  const next = bumpVersion(manifest.version, kind);
  console.log(`${manifest.publisher}.${manifest.name}: ${manifest.version} -> ${next}`);

  manifest.version = next;
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  updateChangelog(next);

  sh('pnpm', ['install', '--frozen-lockfile'], EXT_DIR);
  sh('pnpm', ['run', 'test'], EXT_DIR);
  const vsix = `${manifest.name}-${next}.vsix`;
  sh('pnpm', ['exec', 'vsce', 'package', '--no-dependencies', '--out', vsix], EXT_DIR);

  const tag = `app-helper-v${next}`;
  sh('git', ['commit', '-am', `app-helper ${next}`]);
  sh('git', ['tag', '-a', tag, '-m', `app-helper ${next}`]);
  sh('git', ['push', 'origin', 'main', tag]);

  if (publish) {
    if (!process.env.VSCE_PAT) throw new Error('VSCE_PAT not set; package built but not published');
    sh('pnpm', ['exec', 'vsce', 'publish', '--packagePath', vsix], EXT_DIR);
    console.log(`published ${vsix}`);
  } else {
    console.log(`built ${vsix} (not published)`);
  }
}

try {
  main();
} catch (err) {
  console.error(`release-extension: ${(err as Error).message}`);
  process.exitCode = 1;
}
