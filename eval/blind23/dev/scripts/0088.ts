#!/usr/bin/env -S npx tsx
// lockfile-refresh.ts - weekly lockfile maintenance within the existing semver
// ranges: `npm update`, `npm dedupe`, `npm audit fix` (never --force), then
// verify and optionally commit/push.
//
//   npx tsx tools/lockfile-refresh.ts                 # update on a local branch
//   npx tsx tools/lockfile-refresh.ts --commit
//   npx tsx tools/lockfile-refresh.ts --commit --push # push + PR via gh
//   npx tsx tools/lockfile-refresh.ts --dry-run       # only show what would move
//
// package.json ranges are never changed by this tool - only the lockfile.  On a
// release branch it refuses; with a dirty tree it refuses.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
}

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
}

interface Options {
  commit: boolean;
  push: boolean;
  dryRun: boolean;
  skipTests: boolean;
}

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const LOCK = path.join(ROOT, 'package-lock.json');
const EXPECTED_REGISTRY = 'https://registry.npmjs.org/';

function parseOptions(argv: string[]): Options {
  const o: Options = { commit: false, push: false, dryRun: false, skipTests: false };
  for (const a of argv) {
    if (a === '--commit') o.commit = true;
    else if (a === '--push') o.push = true;
    else if (a === '--dry-run') o.dryRun = true;
    else if (a === '--skip-tests') o.skipTests = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (o.push && !o.commit) throw new Error('--push requires --commit');
  return o;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function npm(args: string[], inherit = true): number {
  const res = spawnSync('npm', args, { cwd: ROOT, stdio: inherit ? 'inherit' : 'pipe', encoding: 'utf8' });
  return res.status ?? 1;
}

function readLock(): Lockfile {
  return JSON.parse(fs.readFileSync(LOCK, 'utf8')) as Lockfile;
}

function versions(lock: Lockfile): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, pkg] of Object.entries(lock.packages)) {
    if (!key || !pkg.version) continue;
    out.set(key.replace(/^.*node_modules\//, ''), pkg.version);
  }
  return out;
}

function verifyRegistry(lock: Lockfile): string[] {
  const problems: string[] = [];
  for (const [key, pkg] of Object.entries(lock.packages)) {
    if (!pkg.resolved || pkg.resolved.startsWith('file:')) continue;
    if (!pkg.resolved.startsWith(EXPECTED_REGISTRY)) problems.push(`${key} resolved from ${pkg.resolved}`);
    if (!pkg.integrity) problems.push(`${key} has no integrity hash`);
  }
  return problems;
}

function diffVersions(before: Map<string, string>, after: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const [name, v] of after) {
    const old = before.get(name);
    if (old === undefined) lines.push(`+ ${name}@${v}`);
    else if (old !== v) lines.push(`~ ${name} ${old} -> ${v}`);
  }
  for (const [name, v] of before) if (!after.has(name)) lines.push(`- ${name}@${v}`);
  return lines.sort();
}

function auditCounts(): Record<string, number> {
  const res = spawnSync('npm', ['audit', '--json'], { cwd: ROOT, encoding: 'utf8' });
  try {
    return (JSON.parse(res.stdout || '{}').metadata?.vulnerabilities ?? {}) as Record<string, number>;
  } catch {
    return {};
  }
}

function guardBranch(): string {
  const status = git('status', '--porcelain');
  if (status) throw new Error(`working tree not clean:\n${status}`);
  const current = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (/^(release|hotfix)\//.test(current)) throw new Error(`refusing to refresh the lockfile on ${current}`);
  const branch = `chore/lockfile-${new Date().toISOString().slice(0, 10)}`;
  if (current !== branch) git('switch', '-c', branch);
  return branch;
}

function main(): number {
  const opts = parseOptions(process.argv.slice(2));
  const before = readLock();
  const beforeVersions = versions(before);
  const auditBefore = auditCounts();

  if (opts.dryRun) {
    const res = spawnSync('npm', ['outdated', '--json'], { cwd: ROOT, encoding: 'utf8' });
    const outdated = JSON.parse(res.stdout || '{}') as Record<string, { current: string; wanted: string }>;
    for (const [name, o] of Object.entries(outdated)) {
      if (o.current !== o.wanted) console.log(`~ ${name} ${o.current} -> ${o.wanted} (within range)`);
    }
    return 0;
  }

  const branch = guardBranch();
  if (npm(['update', '--no-audit', '--no-fund']) !== 0) throw new Error('npm update failed');
  if (npm(['dedupe', '--no-audit', '--no-fund']) !== 0) throw new Error('npm dedupe failed');
  npm(['audit', 'fix', '--no-fund']);

  const after = readLock();
  const problems = verifyRegistry(after);
  if (problems.length) {
    console.error('lockfile points outside the expected registry:');
    for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
    return 1;
  }

  const changes = diffVersions(beforeVersions, versions(after));
  console.log(`${changes.length} lockfile change(s)`);
  for (const c of changes.slice(0, 60)) console.log(`  ${c}`);
  if (!changes.length) return 0;

  const auditAfter = auditCounts();
  const sev = ['critical', 'high', 'moderate', 'low'];
  const auditLine = sev.map((s) => `${s} ${auditBefore[s] ?? 0}->${auditAfter[s] ?? 0}`).join(', ');
  console.log(`audit: ${auditLine}`);

  if (!opts.skipTests) {
    for (const script of ['build', 'test']) {
      if (npm(['run', script, '--silent']) !== 0) {
        console.error(`${script} failed; lockfile left modified on ${branch}`);
        return 1;
      }
    }
  }

  const notes = path.join(ROOT, 'build', 'lockfile-refresh.md');
  fs.mkdirSync(path.dirname(notes), { recursive: true });
  fs.writeFileSync(notes, `Lockfile refresh\n\n${changes.map((c) => `- ${c}`).join('\n')}\n\naudit: ${auditLine}\n`);

  if (opts.commit) {
    git('add', 'package-lock.json');
    git('commit', '-m', 'chore: refresh lockfile', '-m', `${changes.length} change(s); audit ${auditLine}`);
    console.log(`committed on ${branch}`);
  }
  if (opts.push) {
    git('push', '-u', 'origin', branch);
    const pr = spawnSync('gh', ['pr', 'create', '--title', 'chore: refresh lockfile', '--body-file', notes], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (pr.status !== 0) console.log('could not open PR with gh; push succeeded');
  }
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`lockfile-refresh: ${(err as Error).message}`);
  process.exitCode = 2;
}
