#!/usr/bin/env -S npx tsx
/**
 * commit-msg.ts -- commit message checker used by .githooks/commit-msg.
 *
 * The repository sets `git config core.hooksPath .githooks` (committed,
 * repository-local), and .githooks/commit-msg calls:
 *
 *   npx tsx scripts/commit-msg.ts "$1"
 *
 * Rules: conventional-commit header, allowed types and scopes from
 * commit.config.json, header <= 72 chars, blank line before body, no
 * "WIP" on protected branches, and a ticket reference when the branch name
 * contains one. With --fix the message file is rewritten in place (only the
 * file git passed us, inside .git/).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Config {
  types: string[];
  scopes: string[] | null;
  maxHeader: number;
  protectedBranches: string[];
  ticketPattern: string | null;
}

interface Problem {
  level: 'error' | 'warning';
  message: string;
}

const DEFAULTS: Config = {
  types: ['feat', 'fix', 'docs', 'style', 'refactor', 'perf', 'test', 'build', 'ci', 'chore', 'revert'],
  scopes: null,
  maxHeader: 72,
  protectedBranches: ['main', 'release/*'],
  ticketPattern: '[A-Z]{2,6}-\\d+',
};

function repoRoot(): string {
  return execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
}

function gitDir(): string {
  return path.resolve(execFileSync('git', ['rev-parse', '--git-dir'], { encoding: 'utf8' }).trim());
}

function loadConfig(root: string): Config {
  const file = path.join(root, 'commit.config.json');
  if (!existsSync(file)) return DEFAULTS;
  const user = JSON.parse(readFileSync(file, 'utf8')) as Partial<Config>;
  return { ...DEFAULTS, ...user };
}

function currentBranch(): string {
  try {
    return execFileSync('git', ['symbolic-ref', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function matchesBranch(branch: string, patterns: string[]): boolean {
  return patterns.some((p) => new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(branch));
}

function stripComments(text: string): string[] {
  const lines = text.split('\n');
  const scissors = lines.findIndex((l) => l.startsWith('# ------------------------ >8'));
  const kept = scissors >= 0 ? lines.slice(0, scissors) : lines;
  return kept.filter((l) => !l.startsWith('#'));
}

function check(lines: string[], cfg: Config, branch: string): Problem[] {
  const problems: Problem[] = [];
  const header = lines[0] ?? '';
  if (/^(Merge|Revert) /.test(header) || /^(fixup|squash)! /.test(header)) return problems;
  const m = header.match(/^(\w+)(?:\(([\w\-/,]+)\))?(!)?: (.+)$/);
  if (!m) {
    problems.push({ level: 'error', message: `header must look like "type(scope): subject", got "${header}"` });
    return problems;
  }
  const [, type, scope, , subject] = m;
  if (!cfg.types.includes(type)) problems.push({ level: 'error', message: `unknown type "${type}"` });
  if (scope && cfg.scopes && !scope.split(',').every((s) => cfg.scopes!.includes(s))) {
    problems.push({ level: 'error', message: `unknown scope "${scope}" (allowed: ${cfg.scopes.join(', ')})` });
  }
  if (header.length > cfg.maxHeader) {
    problems.push({ level: 'error', message: `header is ${header.length} chars (max ${cfg.maxHeader})` });
  }
  if (/^[A-Z]/.test(subject) && !/^[A-Z]{2,}/.test(subject)) {
    problems.push({ level: 'warning', message: 'subject should start lower-case' });
  }
  if (subject.endsWith('.')) problems.push({ level: 'warning', message: 'subject should not end with a period' });
  if (lines.length > 1 && lines[1].trim() !== '') {
    problems.push({ level: 'error', message: 'second line must be blank' });
  }
  if (/\bwip\b/i.test(header) && matchesBranch(branch, cfg.protectedBranches)) {
    problems.push({ level: 'error', message: `WIP commits are not allowed on ${branch}` });
  }
  if (cfg.ticketPattern) {
    const re = new RegExp(cfg.ticketPattern);
    const ticket = branch.match(re)?.[0];
    if (ticket && !lines.join('\n').includes(ticket)) {
      problems.push({ level: 'warning', message: `branch mentions ${ticket} but the message does not` });
    }
  }
  return problems;
}

function fix(lines: string[]): string[] {
  const out = [...lines];
  if (out[0]) {
    out[0] = out[0].replace(/\s+$/, '').replace(/\.$/, '');
    out[0] = out[0].replace(/^(\w+(?:\([^)]*\))?!?: )([A-Z])(?![A-Z])/, (_m, p: string, c: string) => p + c.toLowerCase());
  }
  if (out.length > 1 && out[1].trim() !== '') out.splice(1, 0, '');
  while (out.length && out[out.length - 1].trim() === '') out.pop();
  return out;
}

function selfTest(): void {
  // quick sanity checks so a broken config fails loudly in the hook
  const cfg = DEFAULTS;
  const ok = check(['feat(api): add invoices endpoint'], cfg, 'feature/ABC-12-invoices');
  const bad = check(['Added stuff.'], cfg, 'main');
  if (ok.some((p) => p.level === 'error') || !bad.some((p) => p.level === 'error')) {
    throw new Error('commit-msg self-test failed');
  }
}

function explain(cfg: Config): void {
  console.log('allowed types: ' + cfg.types.join(', '));
  if (cfg.scopes) console.log('allowed scopes: ' + cfg.scopes.join(', '));
  console.log(`max header length: ${cfg.maxHeader}`);
  console.log('example: feat(api): add invoice export');
}

function main(): number {
  const args = process.argv.slice(2);
  if (args.includes('--self-test')) {
    selfTest();
    console.log('ok');
    return 0;
  }
  if (args.includes('--explain')) {
    explain(loadConfig(repoRoot()));
    return 0;
  }
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: commit-msg.ts <message-file> [--fix]');
    return 2;
  }
  const msgPath = path.resolve(file);
  const root = repoRoot();
  const cfg = loadConfig(root);
  const raw = readFileSync(msgPath, 'utf8');
  let lines = stripComments(raw);
  if (args.includes('--fix')) {
    if (!msgPath.startsWith(gitDir() + path.sep)) {
      console.error('--fix only rewrites the message file inside .git/');
      return 2;
    }
    const fixed = fix(lines);
    if (fixed.join('\n') !== lines.join('\n')) {
      writeFileSync(msgPath, fixed.join('\n') + '\n');
      lines = fixed;
    }
  }
  const problems = check(lines, cfg, currentBranch());
  for (const p of problems) console.error(`${p.level === 'error' ? '✗' : '!'} ${p.message}`);
  const errors = problems.filter((p) => p.level === 'error').length;
  if (errors) {
    console.error(`\ncommit rejected (${errors} error(s)); your message is saved in ${path.relative(root, msgPath)}`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
