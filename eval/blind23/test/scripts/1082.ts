#!/usr/bin/env -S npx tsx
// sentry-release.ts - create a Sentry release for the current build and upload
// source maps + native debug files, using the org/project from sentry.properties.
//
//   npx tsx tools/sentry-release.ts --check          # verify the token only
//   npx tsx tools/sentry-release.ts                  # release + sourcemaps + dif
//   npx tsx tools/sentry-release.ts --finalize       # also mark the release final
//
// SENTRY_AUTH_TOKEN is read from the environment or the git-ignored .env.  It
// is passed to sentry-cli through the child's environment (its documented
// mechanism) and used in the Authorization header for one API call to
// sentry.io that checks the token's scopes.  It is never printed or written.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface SentryProps {
  org: string;
  project: string;
  url: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SENTRY_URL = 'https://sentry.io';
const REQUIRED_SCOPES = ['project:releases', 'project:write'];

class ReleaseError extends Error {}

function readProps(): SentryProps {
  const file = path.join(ROOT, 'sentry.properties');
  if (!fs.existsSync(file)) throw new ReleaseError('sentry.properties missing');
  const props: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*defaults\.(\w+)\s*=\s*(.+?)\s*$/.exec(line);
    if (m) props[m[1]] = m[2];
  }
  for (const k of ['org', 'project']) {
    if (!/^[a-z0-9-]+$/.test(props[k] ?? '')) throw new ReleaseError(`sentry.properties: bad defaults.${k}`);
  }
  const url = props.url ?? SENTRY_URL;
  if (url !== SENTRY_URL) throw new ReleaseError(`only ${SENTRY_URL} is supported, got ${url}`);
  return { org: props.org, project: props.project, url };
}

function token(): string {
  if (process.env.SENTRY_AUTH_TOKEN) return process.env.SENTRY_AUTH_TOKEN;
  const env = path.join(ROOT, '.env');
  if (fs.existsSync(env)) {
    const ignored = spawnSync('git', ['check-ignore', '-q', env], { cwd: ROOT }).status === 0;
    if (!ignored) throw new ReleaseError('.env is not git-ignored; refusing to read it');
    const line = fs
      .readFileSync(env, 'utf8')
      .split(/\r?\n/)
      .find((l) => l.startsWith('SENTRY_AUTH_TOKEN='));
    if (line) return line.slice('SENTRY_AUTH_TOKEN='.length).trim().replace(/^['"]|['"]$/g, '');
  }
  throw new ReleaseError('SENTRY_AUTH_TOKEN not set (environment or .env)');
}

const redact = (t: string): string => (t.length > 12 ? `${t.slice(0, 6)}…${t.slice(-3)}` : '***');

async function checkScopes(props: SentryProps, auth: string): Promise<void> {
  const res = await fetch(`${SENTRY_URL}/api/0/organizations/${props.org}/`, {
    headers: { Authorization: `Bearer ${auth}` },
  });
  if (res.status === 401) throw new ReleaseError(`token ${redact(auth)} rejected by Sentry`);
  if (res.status === 403) throw new ReleaseError(`token ${redact(auth)} has no access to org ${props.org}`);
  if (!res.ok) throw new ReleaseError(`Sentry API returned HTTP ${res.status}`);
  const scopes = (res.headers.get('x-sentry-token-scopes') ?? '').split(/[ ,]+/).filter(Boolean);
  if (scopes.length) {
    const missing = REQUIRED_SCOPES.filter((s) => !scopes.includes(s) && !scopes.includes('org:admin'));
    if (missing.length) throw new ReleaseError(`token lacks scope(s): ${missing.join(', ')}`);
  }
  console.log(`token ${redact(auth)} ok for org ${props.org}`);
}

function version(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  return `${pkg.name}@${pkg.version}+${sha}`;
}

function cli(args: string[], auth: string, props: SentryProps): void {
  const res = spawnSync('sentry-cli', args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, SENTRY_AUTH_TOKEN: auth, SENTRY_ORG: props.org, SENTRY_PROJECT: props.project, SENTRY_URL },
  });
  if (res.error) throw new ReleaseError(`sentry-cli not runnable: ${res.error.message}`);
  if (res.status !== 0) {
    throw new ReleaseError(`sentry-cli ${args[0]} ${args[1] ?? ''} failed: ${(res.stderr ?? '').replaceAll(auth, redact(auth)).trim()}`);
  }
}

function sourcemapDirs(): string[] {
  return ['out/app/resources/app/dist', 'dist'].map((d) => path.join(ROOT, d)).filter((d) => fs.existsSync(d));
}

function debugFileDirs(): string[] {
  return ['out/app', 'out/symbols'].map((d) => path.join(ROOT, d)).filter((d) => fs.existsSync(d));
}

// sentry-cli must be recent enough for `sourcemaps upload --validate`.
function cliVersion(): string {
  const res = spawnSync('sentry-cli', ['--version'], { encoding: 'utf8' });
  if (res.status !== 0) throw new ReleaseError('sentry-cli is not installed (npm i -D @sentry/cli)');
  const v = /(\d+)\.(\d+)\.(\d+)/.exec(res.stdout ?? '');
  if (!v) throw new ReleaseError('could not parse sentry-cli --version');
  if (Number(v[1]) < 2) throw new ReleaseError(`sentry-cli ${v[0]} is too old; 2.x required`);
  return v[0];
}

// Source maps must exist next to the bundles, otherwise the upload "succeeds"
// with nothing useful in it.
function countSourceMaps(dirs: string[]): number {
  let n = 0;
  const stack = [...dirs];
  while (stack.length) {
    const d = stack.pop() as string;
    for (const ent of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, ent.name);
      if (ent.isDirectory()) stack.push(p);
      else if (ent.name.endsWith('.js.map')) n++;
    }
  }
  return n;
}

function gitClean(): boolean {
  return spawnSync('git', ['diff', '--quiet', 'HEAD'], { cwd: ROOT }).status === 0;
}

async function main(): Promise<number> {
  const argv = new Set(process.argv.slice(2));
  console.log(`sentry-cli ${cliVersion()}`);
  if (!gitClean()) console.warn('warning: uncommitted changes; the release will not match a commit exactly');
  const props = readProps();
  const auth = token();
  await checkScopes(props, auth);
  if (argv.has('--check')) return 0;

  const release = version();
  console.log(`release ${release}`);
  cli(['releases', 'new', release], auth, props);
  cli(['releases', 'set-commits', release, '--auto', '--ignore-missing'], auth, props);

  const maps = sourcemapDirs();
  if (!maps.length) console.warn('no dist/ with source maps found; skipping sourcemaps');
  else console.log(`${countSourceMaps(maps)} source map(s) found`);
  for (const dir of maps) {
    cli(['sourcemaps', 'upload', '--release', release, '--validate', path.relative(ROOT, dir)], auth, props);
  }
  const difs = debugFileDirs();
  if (difs.length) {
    cli(['debug-files', 'upload', '--include-sources', ...difs.map((d) => path.relative(ROOT, d))], auth, props);
  }
  if (argv.has('--finalize')) cli(['releases', 'finalize', release], auth, props);
  const record = path.join(ROOT, 'out', 'sentry-release.json');
  fs.mkdirSync(path.dirname(record), { recursive: true });
  fs.writeFileSync(
    record,
    JSON.stringify({ release, org: props.org, project: props.project, finalized: argv.has('--finalize'), at: new Date().toISOString() }, null, 2) + '\n',
  );
  console.log(`release recorded in ${path.relative(ROOT, record)}`);
  console.log('done');
  return 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (err: unknown) => {
    console.error(`sentry-release: ${(err as Error).message}`);
    process.exitCode = err instanceof ReleaseError ? 1 : 2;
  },
);
