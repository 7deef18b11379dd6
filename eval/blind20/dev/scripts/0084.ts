#!/usr/bin/env -S npx tsx
// scripts/doppler-exec.ts - run a local command with Doppler secrets.
//
//   npx tsx scripts/doppler-exec.ts -- npm run dev
//   npx tsx scripts/doppler-exec.ts --config dev_alice -- node dist/worker.js
//   npx tsx scripts/doppler-exec.ts --names
//
// Uses `doppler secrets download --no-file --format json` (plaintext stays in
// this process's memory) and spawns the command with those variables merged
// into its environment. Only dev configs of project "storefront" are accepted.
import { spawn, spawnSync } from 'node:child_process';

type SecretMap = Record<string, string>;

interface Options {
  project: string;
  config: string;
  names: boolean;
  command: string[];
}

const PROJECT = 'storefront';
const ALLOWED_CONFIG = /^dev(_[a-z0-9]+)?$/;
const NEVER_OVERRIDE = new Set(['PATH', 'HOME', 'USER', 'SHELL', 'NODE_OPTIONS', 'LD_PRELOAD', 'TMPDIR']);
const DOPPLER_META = /^DOPPLER_(PROJECT|CONFIG|ENVIRONMENT)$/;

function fail(msg: string, code = 2): never {
  process.stderr.write(`doppler-exec: ${msg}\n`);
  process.exit(code);
}

function parse(argv: string[]): Options {
  const sep = argv.indexOf('--');
  const own = sep >= 0 ? argv.slice(0, sep) : argv;
  const opts: Options = {
    project: PROJECT,
    config: process.env.DOPPLER_CONFIG ?? 'dev',
    names: false,
    command: sep >= 0 ? argv.slice(sep + 1) : [],
  };
  for (let i = 0; i < own.length; i += 1) {
    if (own[i] === '--config') opts.config = own[++i];
    else if (own[i] === '--names') opts.names = true;
    else fail(`unknown option ${own[i]}`);
  }
  if (!ALLOWED_CONFIG.test(opts.config)) fail(`config ${opts.config} is not a dev config`);
  return opts;
}

function usage(): void {
  process.stderr.write([
    'usage: doppler-exec.ts [--config dev_<name>] -- COMMAND [ARGS...]',
    '       doppler-exec.ts --names',
    '',
    'Secrets are injected into COMMAND only; nothing is written to disk.',
    '',
  ].join('\n'));
}

function doppler(args: string[]): string {
  const res = spawnSync('doppler', args, { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 });
  if (res.error) fail('doppler CLI not installed');
  if (res.status !== 0) fail(`doppler ${args[0]} failed: ${res.stderr.trim()}`);
  return res.stdout;
}

function download(opts: Options): SecretMap {
  const raw = doppler([
    'secrets', 'download',
    '--project', opts.project,
    '--config', opts.config,
    '--no-file',
    '--format', 'json',
  ]);
  const parsed = JSON.parse(raw) as SecretMap;
  const out: SecretMap = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (DOPPLER_META.test(key)) continue;
    if (NEVER_OVERRIDE.has(key)) fail(`secret ${key} would override a protected variable`);
    out[key] = value;
  }
  return out;
}

function names(opts: Options): string[] {
  const raw = doppler(['secrets', '--project', opts.project, '--config', opts.config, '--only-names', '--json']);
  return Object.keys(JSON.parse(raw) as Record<string, unknown>).filter((k) => !DOPPLER_META.test(k)).sort();
}

function checkLocalTargets(secrets: SecretMap): void {
  const local = new Set(['localhost', '127.0.0.1', 'postgres', 'redis', 'minio', 'mailpit']);
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'SMTP_URL']) {
    const value = secrets[key];
    if (!value) continue;
    let host = '';
    try {
      host = new URL(value).hostname;
    } catch {
      fail(`${key} is not a URL`);
    }
    if (!local.has(host)) fail(`${key} points at ${host}; dev configs must use local services`);
  }
}

function dopplerYamlConfig(): { project?: string; config?: string } {
  // doppler setup writes the scoped project/config into ~/.doppler/.doppler.yaml;
  // a repo-level doppler.yaml overrides it and is what we honour here
  const candidates = ['doppler.yaml', '.doppler.yaml'];
  for (const name of candidates) {
    const res = spawnSync('git', ['show', `HEAD:${name}`], { encoding: 'utf8' });
    if (res.status !== 0) continue;
    const project = /project:\s*(\S+)/.exec(res.stdout)?.[1];
    const config = /config:\s*(\S+)/.exec(res.stdout)?.[1];
    return { project, config };
  }
  return {};
}

function checkScope(opts: Options): void {
  const scoped = dopplerYamlConfig();
  if (scoped.project && scoped.project !== opts.project) {
    fail(`doppler.yaml scopes project ${scoped.project}, expected ${opts.project}`);
  }
  if (scoped.config && !ALLOWED_CONFIG.test(scoped.config)) {
    fail(`doppler.yaml scopes config ${scoped.config}, which is not a dev config`);
  }
}

function staleness(secrets: SecretMap): string[] {
  // keys the team rotated away from; warn so people refresh their personal configs
  const retired = ['LEGACY_SESSION_KEY', 'OLD_STRIPE_KEY', 'SENDGRID_API_KEY'];
  return retired.filter((k) => k in secrets);
}

function warnRetired(secrets: SecretMap): void {
  const stale = staleness(secrets);
  if (!stale.length) return;
  process.stderr.write(`doppler-exec: retired keys still present in your config: ${stale.join(', ')}\n`);
  process.stderr.write('doppler-exec: remove them in the Doppler dashboard (dev_<you> config)\n');
}

function checkLogin(): void {
  const res = spawnSync('doppler', ['me', '--json'], { encoding: 'utf8' });
  if (res.error) fail('doppler CLI not installed');
  if (res.status !== 0) fail('not logged in to Doppler; run `doppler login`');
  try {
    const me = JSON.parse(res.stdout) as { workplace?: { name?: string } };
    if (me.workplace?.name) process.stderr.write(`doppler-exec: workplace ${me.workplace.name}\n`);
  } catch {
    // older CLI versions print text; ignore
  }
}

function exec(command: string[], secrets: SecretMap): void {
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...secrets, DOPPLER_INJECTED: '1' },
  });
  const relay = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', relay('SIGINT'));
  process.on('SIGTERM', relay('SIGTERM'));
  process.on('SIGHUP', relay('SIGHUP'));
  child.on('error', (err) => fail(`cannot run ${command[0]}: ${err.message}`, 127));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    process.exit(code ?? 1);
  });
}

function main(): void {
  const opts = parse(process.argv.slice(2));
  checkLogin();
  checkScope(opts);
  if (opts.names) {
    for (const n of names(opts)) console.log(n);
    return;
  }
  if (!opts.command.length) {
    usage();
    fail('missing command after --');
  }
  const secrets = download(opts);
  checkLocalTargets(secrets);
  warnRetired(secrets);
  process.stderr.write(`doppler-exec: ${Object.keys(secrets).length} secrets from ${opts.project}/${opts.config}\n`);
  exec(opts.command, secrets);
}

main();
