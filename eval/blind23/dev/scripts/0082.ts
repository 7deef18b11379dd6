#!/usr/bin/env -S npx tsx
// ecr-login.ts - log docker in to the ECR registry configured for this service.
//
// deploy/service.json names the AWS account, region and repository:
//   { "aws": { "profile": "dev", "region": "eu-west-1", "account": "123456789012" },
//     "image": { "repository": "relay/api" } }
//
// Flow:
//   1. verify the SSO session for the profile (`aws sts get-caller-identity`);
//      if expired, tell the user to run `aws sso login --profile <p>` (or do it
//      with --sso, which opens the browser flow of the AWS CLI);
//   2. get a registry password with `aws ecr get-login-password` and stream it
//      straight into `docker login --password-stdin` - the password only exists
//      inside the pipe between the two child processes, never in our output;
//   3. optionally (--check-repo) confirm the repository exists with
//      `aws ecr describe-repositories`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface ServiceConfig {
  aws: { profile: string; region: string; account: string };
  image: { repository: string };
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CONFIG_PATH = path.join(ROOT, 'deploy', 'service.json');

class LoginError extends Error {}

function loadConfig(): ServiceConfig {
  if (!fs.existsSync(CONFIG_PATH)) throw new LoginError('deploy/service.json missing');
  const cfg = JSON.parse(fs.readFileSync(CONFIG_PATH, 'utf8')) as ServiceConfig;
  if (!/^\d{12}$/.test(cfg.aws?.account ?? '')) throw new LoginError('aws.account must be a 12-digit id');
  if (!/^[a-z]{2}-[a-z]+-\d$/.test(cfg.aws?.region ?? '')) throw new LoginError('aws.region looks wrong');
  if (!/^[\w-]+$/.test(cfg.aws?.profile ?? '')) throw new LoginError('aws.profile missing');
  return cfg;
}

function registryHost(cfg: ServiceConfig): string {
  return `${cfg.aws.account}.dkr.ecr.${cfg.aws.region}.amazonaws.com`;
}

function aws(args: string[], profile: string, region: string): { ok: boolean; out: string; err: string } {
  const res = spawnSync('aws', [...args, '--profile', profile, '--region', region], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (res.error) throw new LoginError(`aws CLI not runnable: ${res.error.message}`);
  return { ok: res.status === 0, out: res.stdout ?? '', err: res.stderr ?? '' };
}

function ensureSession(cfg: ServiceConfig, allowSso: boolean): string {
  const id = aws(['sts', 'get-caller-identity', '--output', 'json'], cfg.aws.profile, cfg.aws.region);
  if (id.ok) {
    const arn = (JSON.parse(id.out) as { Arn: string }).Arn;
    const account = arn.split(':')[4];
    if (account !== cfg.aws.account) {
      throw new LoginError(`profile ${cfg.aws.profile} is for account ${account}, expected ${cfg.aws.account}`);
    }
    return arn;
  }
  if (!allowSso) {
    throw new LoginError(`no valid session; run: aws sso login --profile ${cfg.aws.profile} (or pass --sso)`);
  }
  const login = spawnSync('aws', ['sso', 'login', '--profile', cfg.aws.profile], { stdio: 'inherit' });
  if (login.status !== 0) throw new LoginError('aws sso login failed');
  return ensureSession(cfg, false);
}

function pipeLogin(cfg: ServiceConfig): Promise<void> {
  const host = registryHost(cfg);
  return new Promise((resolve, reject) => {
    const getPw = spawn('aws', ['ecr', 'get-login-password', '--profile', cfg.aws.profile, '--region', cfg.aws.region], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const docker = spawn('docker', ['login', '--username', 'AWS', '--password-stdin', host], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    getPw.stdout.pipe(docker.stdin);
    let dockerErr = '';
    let awsErr = '';
    docker.stderr.on('data', (d: Buffer) => (dockerErr += d.toString()));
    getPw.stderr.on('data', (d: Buffer) => (awsErr += d.toString()));
    getPw.on('exit', (code) => {
      if (code !== 0) reject(new LoginError(`get-login-password failed: ${awsErr.trim()}`));
    });
    docker.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new LoginError(`docker login failed: ${dockerErr.trim()}`));
    });
  });
}

async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  let last: unknown;
  for (let i = 1; i <= attempts; i++) {
    try {
      return await fn();
    } catch (err) {
      last = err;
      if (i < attempts) {
        const wait = 1500 * i;
        console.error(`attempt ${i} failed (${(err as Error).message}); retrying in ${wait}ms`);
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }
  throw last;
}

function checkRepository(cfg: ServiceConfig): void {
  const res = aws(
    ['ecr', 'describe-repositories', '--repository-names', cfg.image.repository, '--output', 'json'],
    cfg.aws.profile,
    cfg.aws.region,
  );
  if (!res.ok) {
    throw new LoginError(`repository ${cfg.image.repository} not found or not accessible`);
  }
  const repo = (JSON.parse(res.out) as { repositories: Array<{ repositoryUri: string; imageTagMutability: string }> })
    .repositories[0];
  console.log(`repository: ${repo.repositoryUri} (tags ${repo.imageTagMutability.toLowerCase()})`);
}

function credentialStoreNote(): void {
  const cfgFile = path.join(process.env.DOCKER_CONFIG ?? path.join(process.env.HOME ?? '', '.docker'), 'config.json');
  if (!fs.existsSync(cfgFile)) return;
  const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8')) as { credsStore?: string; credHelpers?: object };
  if (!cfg.credsStore && !cfg.credHelpers) {
    console.log('note: docker keeps this login base64-encoded in config.json; the ECR password expires in 12h');
  }
}

// The AWS CLI v1 lacks `ecr get-login-password`; detect it early with a clear hint.
function checkAwsCliVersion(): void {
  const res = spawnSync('aws', ['--version'], { encoding: 'utf8' });
  const text = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  const m = /aws-cli\/(\d+)\.(\d+)/.exec(text);
  if (!m) throw new LoginError('aws CLI not found (install AWS CLI v2)');
  if (Number(m[1]) < 2) throw new LoginError(`aws CLI ${m[1]}.${m[2]} is too old; v2 is required`);
}

// A stale login for the same host in config.json can confuse buildx; report it.
function existingAuth(host: string): string | null {
  const cfgFile = path.join(process.env.DOCKER_CONFIG ?? path.join(process.env.HOME ?? '', '.docker'), 'config.json');
  if (!fs.existsSync(cfgFile)) return null;
  const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8')) as { auths?: Record<string, unknown>; credHelpers?: Record<string, string> };
  if (cfg.credHelpers?.[host]) return `credential helper ${cfg.credHelpers[host]}`;
  return cfg.auths && host in cfg.auths ? 'stored login' : null;
}

async function main(): Promise<number> {
  const args = new Set(process.argv.slice(2));
  checkAwsCliVersion();
  const cfg = loadConfig();
  const previous = existingAuth(registryHost(cfg));
  if (previous) console.log(`existing docker auth for ${registryHost(cfg)}: ${previous} (will be refreshed)`);
  const arn = ensureSession(cfg, args.has('--sso'));
  console.log(`AWS identity: ${arn}`);
  await withRetry(() => pipeLogin(cfg));
  console.log(`docker: logged in to ${registryHost(cfg)}`);
  if (args.has('--check-repo')) checkRepository(cfg);
  credentialStoreNote();
  // ECR authorization tokens are valid for 12 hours; say when to re-run.
  const expires = new Date(Date.now() + 12 * 3600_000);
  console.log(`token valid until about ${expires.toLocaleTimeString()} (ECR passwords last 12 hours)`);
  console.log(`push with: docker push ${registryHost(cfg)}/${cfg.image.repository}:<tag>`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`ecr-login: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
