#!/usr/bin/env -S npx tsx
// Stacked branches helper: after the bottom branch of a stack changes, rebase
// every branch above it in order and push them with --force-with-lease.
//
//   tsx tools/restack.ts feat/a feat/b feat/c      # a is the base of b, b of c
//   tsx tools/restack.ts --from-config             # read .stack.json
//
// Refuses to touch main/release branches; every git call uses a fixed argv.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const PROTECTED = /^(main|master|develop|release\/.+)$/;

class Git {
  private calls = 0;

  run(...args: string[]): string {
    this.calls += 1;
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  }

  tryRun(...args: string[]): boolean {
    try {
      this.run(...args);
      return true;
    } catch {
      return false;
    }
  }

  get count(): number {
    return this.calls;
  }
}

const git = new Git();

function stackFromArgs(): string[] {
  const args = process.argv.slice(2);
  if (args[0] === '--from-config') {
    if (!existsSync('.stack.json')) throw new Error('.stack.json not found');
    return (JSON.parse(readFileSync('.stack.json', 'utf8')) as { branches: string[] }).branches;
  }
  return args;
}

function validate(stack: string[]): void {
  if (stack.length < 2) throw new Error('need at least two branches (base and one on top)');
  for (const b of stack) {
    if (PROTECTED.test(b)) throw new Error(`${b} is protected; restack only rewrites feature branches`);
    if (!git.tryRun('rev-parse', '--verify', '--quiet', `refs/heads/${b}`)) throw new Error(`no local branch ${b}`);
  }
  if (git.run('status', '--porcelain')) throw new Error('working tree not clean');
}

function restack(stack: string[]): string[] {
  const rebased: string[] = [];
  for (let i = 1; i < stack.length; i++) {
    const parent = stack[i - 1];
    const child = stack[i];
    const oldBase = git.run('merge-base', parent, child);
    if (git.run('rev-parse', parent) === oldBase) {
      console.log(`= ${child} already on ${parent}`);
      continue;
    }
    console.log(`↻ ${child} onto ${parent}`);
    if (!git.tryRun('rebase', '--onto', parent, oldBase, child)) {
      git.tryRun('rebase', '--abort');
      throw new Error(`conflict while rebasing ${child}; resolve manually`);
    }
    rebased.push(child);
  }
  return rebased;
}

function push(branches: string[]): void {
  for (const b of branches) {
    const hasUpstream = git.tryRun('rev-parse', '--abbrev-ref', `${b}@{upstream}`);
    if (!hasUpstream) {
      console.log(`  ${b}: no upstream, not pushing`);
      continue;
    }
    git.run('push', '--force-with-lease', 'origin', `${b}:${b}`);
    console.log(`  pushed ${b}`);
  }
}

function main(): void {
  const stack = stackFromArgs();
  validate(stack);
  const start = git.run('branch', '--show-current');
  try {
    const changed = restack(stack);
    push(changed);
    console.log(`${changed.length} branch(es) restacked with ${git.count} git calls`);
  } finally {
    git.tryRun('switch', start);
  }
}

try {
  main();
} catch (e) {
  console.error(`restack: ${(e as Error).message}`);
  process.exitCode = 1;
}
