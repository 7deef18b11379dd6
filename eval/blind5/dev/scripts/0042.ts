#!/usr/bin/env -S npx tsx
// Prune old build artefacts from ./artifacts, keeping the newest N per channel,
// and delete local branches that are already merged into main.
import { readdirSync, statSync, rmSync } from 'node:fs';
import { join, resolve, relative } from 'node:path';
import { execFileSync } from 'node:child_process';

const ROOT = resolve(__dirname, '..');
const ARTIFACTS = join(ROOT, 'artifacts');
const KEEP = Number(process.env.KEEP ?? 5);
const PROTECTED = new Set(['main', 'master', 'develop']);
const dryRun = process.argv.includes('--dry-run');

interface Artifact { path: string; channel: string; mtime: number }

function listArtifacts(): Artifact[] {
  const out: Artifact[] = [];
  for (const channel of readdirSync(ARTIFACTS)) {
    const dir = join(ARTIFACTS, channel);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      out.push({ path: p, channel, mtime: statSync(p).mtimeMs });
    }
  }
  return out;
}

function pruneArtifacts(): number {
  const byChannel = new Map<string, Artifact[]>();
  for (const a of listArtifacts()) {
    if (!byChannel.has(a.channel)) byChannel.set(a.channel, []);
    byChannel.get(a.channel)!.push(a);
  }
  let removed = 0;
  for (const [, items] of byChannel) {
    items.sort((a, b) => b.mtime - a.mtime);
    for (const old of items.slice(KEEP)) {
      if (!old.path.startsWith(ARTIFACTS + '/')) continue;
      console.log(`${dryRun ? 'would remove' : 'remove'} ${relative(ROOT, old.path)}`);
      if (!dryRun) rmSync(old.path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

function mergedBranches(): string[] {
  const out = execFileSync('git', ['branch', '--merged', 'main', '--format=%(refname:short)'], { encoding: 'utf8' });
  return out.split('\n').map((s) => s.trim()).filter((b) => b && !PROTECTED.has(b));
}

function pruneBranches(): number {
  const branches = mergedBranches();
  for (const b of branches) {
    console.log(`${dryRun ? 'would delete' : 'delete'} branch ${b}`);
    if (!dryRun) execFileSync('git', ['branch', '-d', b], { stdio: 'inherit' });
  }
  return branches.length;
}

const a = pruneArtifacts();
const b = pruneBranches();
console.log(`${a} artefact(s), ${b} branch(es) ${dryRun ? 'to prune' : 'pruned'}`);
