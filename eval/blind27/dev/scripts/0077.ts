#!/usr/bin/env -S npx tsx
// Deploy wrapper around `twilio serverless:deploy` for the IVR service.
//
//   npx tsx scripts/deploy.ts dev
//   npx tsx scripts/deploy.ts staging
//   npx tsx scripts/deploy.ts production --prod   (requires clean main + --prod)
//
// Runs lint and unit tests, deploys with an argv array (no shell), then smoke
// tests the deployed /health function. The Twilio CLI reads credentials from
// its own profile; this script only checks the profile exists.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SERVICE = 'ivr-menu';
const LOG_DIR = path.join(ROOT, 'build', 'deploys');

type Env = 'dev' | 'staging' | 'production';
const ENVIRONMENTS: Record<Env, { protected: boolean; branch?: string }> = {
  dev: { protected: false },
  staging: { protected: false },
  production: { protected: true, branch: 'main' },
};

interface RunResult {
  code: number;
  stdout: string;
}

function run(cmd: string, args: string[], opts: { quiet?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!opts.quiet) process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (!opts.quiet) process.stderr.write(d);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

async function must(cmd: string, args: string[], label: string, quiet = false): Promise<string> {
  const res = await run(cmd, args, { quiet });
  if (res.code !== 0) throw new Error(`${label} failed (exit ${res.code})`);
  return res.stdout;
}

async function gitState(): Promise<{ branch: string; dirty: boolean; ahead: number; sha: string }> {
  const branch = (await must('git', ['rev-parse', '--abbrev-ref', 'HEAD'], 'git branch', true)).trim();
  const dirty = (await must('git', ['status', '--porcelain'], 'git status', true)).trim().length > 0;
  await must('git', ['fetch', '--quiet', 'origin'], 'git fetch', true);
  const ahead = Number((await must('git', ['rev-list', '--count', `origin/${branch}..HEAD`], 'git rev-list', true)).trim() || 0);
  const sha = (await must('git', ['rev-parse', '--short', 'HEAD'], 'git sha', true)).trim();
  return { branch, dirty, ahead, sha };
}

async function checkProfile(): Promise<void> {
  const out = await must('twilio', ['profiles:list', '-o', 'json'], 'twilio profiles:list', true);
  const profiles = JSON.parse(out) as Array<{ id: string; active: boolean }>;
  const active = profiles.find((p) => p.active);
  if (!active) throw new Error('no active Twilio CLI profile; run `twilio login`');
  console.log(`twilio profile: ${active.id}`);
}

function parse(argv: string[]): { env: Env; prod: boolean; skipTests: boolean } {
  const env = argv[0] as Env;
  if (!env || !(env in ENVIRONMENTS)) {
    throw new Error(`usage: deploy.ts <${Object.keys(ENVIRONMENTS).join('|')}> [--prod] [--skip-tests]`);
  }
  return { env, prod: argv.includes('--prod'), skipTests: argv.includes('--skip-tests') };
}

async function guard(env: Env, prod: boolean): Promise<string> {
  const cfg = ENVIRONMENTS[env];
  const state = await gitState();
  if (!cfg.protected) return state.sha;
  if (!prod) throw new Error(`${env} is protected; pass --prod to deploy it`);
  if (state.branch !== cfg.branch) throw new Error(`${env} deploys only from ${cfg.branch} (on ${state.branch})`);
  if (state.dirty) throw new Error('working tree is dirty');
  if (state.ahead > 0) throw new Error(`${state.ahead} commit(s) not pushed`);
  return state.sha;
}

async function deploy(env: Env, sha: string): Promise<string> {
  const args = [
    'serverless:deploy',
    '--service-name', SERVICE,
    '--environment', env,
    '--override-existing-project',
    '--runtime', 'node18',
    '-o', 'json',
  ];
  const out = await must('twilio', args, 'serverless:deploy', true);
  const info = JSON.parse(out) as { domain?: string; functionResources?: Array<{ path: string }> };
  if (!info.domain) throw new Error('deploy output did not contain a domain');
  mkdirSync(LOG_DIR, { recursive: true });
  writeFileSync(path.join(LOG_DIR, `${env}-${Date.now()}.json`), JSON.stringify({ sha, ...info }, null, 2));
  console.log(`deployed ${info.functionResources?.length ?? 0} functions to ${info.domain}`);
  return info.domain;
}

async function smoke(domain: string): Promise<void> {
  if (!/^[a-z0-9-]+\.twil\.io$/.test(domain)) throw new Error(`unexpected domain ${domain}`);
  const url = `https://${domain}/health`;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        console.log(`smoke test ok: ${url}`);
        return;
      }
      console.log(`smoke attempt ${attempt}: HTTP ${res.status}`);
    } catch (e) {
      console.log(`smoke attempt ${attempt}: ${(e as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, attempt * 2000));
  }
  throw new Error('smoke test failed');
}

interface DeployRecord {
  sha: string;
  domain: string;
  file: string;
  at: number;
}

function previousDeploys(env: Env): DeployRecord[] {
  if (!existsSync(LOG_DIR)) return [];
  // deploy logs are small JSON files written by deploy() below
  return readdirSync(LOG_DIR)
    .filter((f) => f.startsWith(`${env}-`) && f.endsWith('.json'))
    .map((f) => {
      const data = JSON.parse(readFileSync(path.join(LOG_DIR, f), 'utf8')) as { sha: string; domain: string };
      return { sha: data.sha, domain: data.domain, file: f, at: Number(f.slice(env.length + 1, -5)) };
    })
    .sort((a, b) => b.at - a.at);
}

function printHistory(env: Env): void {
  const records = previousDeploys(env).slice(0, 10);
  if (!records.length) {
    console.log(`no recorded deploys for ${env}`);
    return;
  }
  for (const r of records) {
    console.log(`${new Date(r.at).toISOString().slice(0, 16)}  ${r.sha}  ${r.domain}`);
  }
}

function rollbackHint(env: Env): void {
  const [, previous] = previousDeploys(env);
  if (!previous) return;
  console.log(`to roll back: git checkout ${previous.sha} && npx tsx scripts/deploy.ts ${env}${env === 'production' ? ' --prod' : ''}`);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'history') {
    printHistory((process.argv[3] as Env) || 'dev');
    return;
  }
  const { env, prod, skipTests } = parse(process.argv.slice(2));
  if (!existsSync(path.join(ROOT, '.twilioserverlessrc'))) {
    console.log('note: no .twilioserverlessrc, using CLI defaults');
  }
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  console.log(`${SERVICE} v${pkg.version} -> ${env}`);
  const sha = await guard(env, prod);
  await checkProfile();
  await must('npm', ['run', '--silent', 'lint'], 'lint');
  if (!skipTests) await must('npm', ['test', '--silent'], 'tests');
  else if (ENVIRONMENTS[env].protected) throw new Error('tests cannot be skipped for protected environments');
  const domain = await deploy(env, sha);
  await smoke(domain);
  rollbackHint(env);
}

main().catch((e: Error) => {
  console.error(`deploy aborted: ${e.message}`);
  process.exit(1);
});
