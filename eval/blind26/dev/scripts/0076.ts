#!/usr/bin/env -S npx tsx
// scripts/sf-release.ts - validate-then-quick-deploy for Salesforce releases.
//
//   npx tsx scripts/sf-release.ts validate --target-org uat
//   npx tsx scripts/sf-release.ts quick --target-org uat --job 0Af...
//   npx tsx scripts/sf-release.ts validate --target-org prod --live
//   npx tsx scripts/sf-release.ts quick --target-org prod --live --job 0Af...
//
// validate runs `sf project deploy validate` with RunLocalTests and records
// the job id in .sf-release.json. quick runs `sf project deploy quick` for a
// job id that was validated by this script against the same org and commit.
// Production (any org whose alias starts with "prod") additionally needs
// --live. The CLI holds the auth; no tokens pass through this script.

import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Mode = 'validate' | 'quick' | 'status';

interface Options {
  mode: Mode;
  targetOrg: string;
  job?: string;
  live: boolean;
  testLevel: 'RunLocalTests' | 'RunSpecifiedTests';
  tests: string[];
  wait: number;
}

interface ValidationRecord {
  org: string;
  job: string;
  commit: string;
  at: string;
  coverage?: number;
}

interface StateFile {
  validations: ValidationRecord[];
}

const ROOT = resolve(__dirname, '..');
const STATE = resolve(ROOT, '.sf-release.json');
const MAX_AGE_HOURS = 72;

function fail(message: string): never {
  console.error(`sf-release: ${message}`);
  process.exit(1);
}

function parse(argv: string[]): Options {
  const [mode, ...rest] = argv;
  if (mode !== 'validate' && mode !== 'quick' && mode !== 'status') {
    fail('usage: sf-release.ts <validate|quick|status> --target-org <alias> [--job id] [--live]');
  }
  const opts: Options = {
    mode,
    targetOrg: '',
    live: false,
    testLevel: 'RunLocalTests',
    tests: [],
    wait: 60,
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    switch (arg) {
      case '--target-org':
      case '-o':
        opts.targetOrg = rest[++i] ?? '';
        break;
      case '--job':
        opts.job = rest[++i];
        break;
      case '--live':
        opts.live = true;
        break;
      case '--tests':
        opts.testLevel = 'RunSpecifiedTests';
        opts.tests = (rest[++i] ?? '').split(',').filter(Boolean);
        break;
      case '--wait':
        opts.wait = Number(rest[++i]);
        break;
      default:
        fail(`unknown argument ${arg}`);
    }
  }
  if (!opts.targetOrg) fail('--target-org is required');
  return opts;
}

function isProduction(alias: string): boolean {
  return /^prod/i.test(alias);
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

function loadState(): StateFile {
  if (!existsSync(STATE)) return { validations: [] };
  return JSON.parse(readFileSync(STATE, 'utf8')) as StateFile;
}

function saveState(state: StateFile): void {
  state.validations = state.validations.slice(-50);
  writeFileSync(STATE, JSON.stringify(state, null, 2) + '\n');
}

function sf(args: string[]): Promise<{ code: number; json: any }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('sf', [...args, '--json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      let json: any = {};
      try {
        json = JSON.parse(out || '{}');
      } catch {
        json = { message: out.slice(-500) };
      }
      resolvePromise({ code: code ?? 1, json });
    });
    process.once('SIGINT', () => child.kill('SIGINT'));
  });
}

function preflight(opts: Options): string {
  const dirty = git('status', '--porcelain', '--', 'force-app');
  if (dirty) fail('force-app/ has uncommitted changes');
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  if (isProduction(opts.targetOrg)) {
    if (!opts.live) fail(`${opts.targetOrg} is production; add --live to confirm`);
    if (branch !== 'main') fail(`production releases only from main (on ${branch})`);
  }
  return git('rev-parse', 'HEAD');
}

async function validate(opts: Options): Promise<void> {
  const commit = preflight(opts);
  const args = [
    'project', 'deploy', 'validate',
    '--target-org', opts.targetOrg,
    '--source-dir', 'force-app',
    '--test-level', opts.testLevel,
    '--wait', String(opts.wait),
    '--coverage-formatters', 'json-summary',
    '--results-dir', 'build/sf-validate',
  ];
  if (opts.testLevel === 'RunSpecifiedTests') {
    if (!opts.tests.length) fail('--tests needs at least one test class');
    for (const t of opts.tests) args.push('--tests', t);
  }
  console.log(`validating ${commit.slice(0, 8)} against ${opts.targetOrg}…`);
  const { code, json } = await sf(args);
  const job: string | undefined = json?.result?.id;
  if (code !== 0 || !job) {
    const failures = json?.result?.details?.runTestResult?.failures ?? [];
    for (const f of failures.slice(0, 10)) console.error(`  ✗ ${f.name}.${f.methodName}: ${f.message}`);
    fail(json?.message ?? 'validation failed');
  }
  const coverage = readCoverage();
  const state = loadState();
  state.validations.push({ org: opts.targetOrg, job, commit, at: new Date().toISOString(), coverage });
  saveState(state);
  console.log(`validated: job ${job}${coverage !== undefined ? `, coverage ${coverage}%` : ''}`);
  console.log(`quick deploy: npx tsx scripts/sf-release.ts quick -o ${opts.targetOrg} --job ${job}${isProduction(opts.targetOrg) ? ' --live' : ''}`);
}

function readCoverage(): number | undefined {
  const file = resolve(ROOT, 'build/sf-validate/coverage/coverage-summary.json');
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  return Math.round(data?.total?.lines?.pct ?? 0);
}

async function quick(opts: Options): Promise<void> {
  const commit = preflight(opts);
  if (!opts.job) fail('--job is required for quick deploy');
  const record = loadState().validations.find((v) => v.job === opts.job);
  if (!record) fail(`job ${opts.job} was not validated by this script`);
  if (record.org !== opts.targetOrg) fail(`job ${opts.job} was validated against ${record.org}`);
  if (record.commit !== commit) fail(`job ${opts.job} was validated at ${record.commit.slice(0, 8)}, HEAD is ${commit.slice(0, 8)}`);
  const ageHours = (Date.now() - Date.parse(record.at)) / 3.6e6;
  if (ageHours > MAX_AGE_HOURS) fail(`validation is ${ageHours.toFixed(0)}h old; validate again`);
  console.log(`quick deploying job ${opts.job} to ${opts.targetOrg}…`);
  const { code, json } = await sf(['project', 'deploy', 'quick', '--job-id', opts.job, '--target-org', opts.targetOrg, '--wait', String(opts.wait)]);
  if (code !== 0) fail(json?.message ?? 'quick deploy failed');
  console.log(`deployed (${json?.result?.numberComponentsDeployed ?? '?'} components)`);
  if (isProduction(opts.targetOrg)) {
    const tag = `release-${new Date().toISOString().slice(0, 10)}-${commit.slice(0, 7)}`;
    git('tag', '-a', tag, '-m', `production deploy job ${opts.job}`);
    console.log(`tagged ${tag} (push it with git push origin ${tag})`);
  }
}

function status(opts: Options): void {
  const rows = loadState().validations.filter((v) => v.org === opts.targetOrg).slice(-10);
  if (!rows.length) {
    console.log(`no validations recorded for ${opts.targetOrg}`);
    return;
  }
  for (const r of rows) {
    console.log(`${r.at.slice(0, 16)}  ${r.job}  ${r.commit.slice(0, 8)}  ${r.coverage ?? '-'}%`);
  }
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  if (opts.mode === 'validate') await validate(opts);
  else if (opts.mode === 'quick') await quick(opts);
  else status(opts);
}

main().catch((err: Error) => fail(err.message));
