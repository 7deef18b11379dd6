#!/usr/bin/env -S npx tsx
/**
 * release-sourcemaps.ts -- after `npm run build`, upload source maps to Sentry
 * for the current release and remove them from dist/ so they are not served.
 *
 * Credentials come from .env.sentry (git-ignored) or the environment:
 *   SENTRY_AUTH_TOKEN, SENTRY_ORG, SENTRY_PROJECT
 * They are passed to sentry-cli through its own environment variables only.
 *
 *   npx tsx scripts/release-sourcemaps.ts            # dry run (prints plan)
 *   npx tsx scripts/release-sourcemaps.ts --upload   # really upload + strip maps
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const ENV_FILE = path.join(ROOT, '.env.sentry');

const REQUIRED = ['SENTRY_AUTH_TOKEN', 'SENTRY_ORG', 'SENTRY_PROJECT'] as const;
type RequiredKey = (typeof REQUIRED)[number];
type SentryEnv = Record<RequiredKey, string> & { SENTRY_URL?: string };

function parseEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(file)) return out;
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, i) => {
      const t = line.trim();
      if (!t || t.startsWith('#')) return;
      const m = t.match(/^([A-Z_][A-Z0-9_]*)=(.*)$/);
      if (!m) throw new Error(`${path.basename(file)}:${i + 1}: expected KEY=value`);
      out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
    });
  return out;
}

function loadSentryEnv(): SentryEnv {
  const file = parseEnvFile(ENV_FILE);
  const pick = (k: string) => process.env[k] ?? file[k];
  const missing = REQUIRED.filter((k) => !pick(k));
  if (missing.length) throw new Error(`missing ${missing.join(', ')} (set them in .env.sentry)`);
  const env = Object.fromEntries(REQUIRED.map((k) => [k, pick(k) as string])) as SentryEnv;
  const url = pick('SENTRY_URL');
  if (url) {
    const host = new URL(url).hostname;
    if (host !== 'sentry.io' && !host.endsWith('.sentry.io') && !host.endsWith('.internal')) {
      throw new Error(`SENTRY_URL host ${host} is not sentry.io or an internal Sentry`);
    }
    env.SENTRY_URL = url;
  }
  return env;
}

function mask(v: string): string {
  return v.length > 8 ? `${v.slice(0, 4)}…${v.slice(-2)}` : '****';
}

function releaseName(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const sha = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  return `${pkg.name.replace(/^@[^/]+\//, '')}@${pkg.version}+${sha}`;
}

function findMaps(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.map')) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

function sentryCli(args: string[], env: SentryEnv): void {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'sentry-cli');
  if (!existsSync(bin)) throw new Error('sentry-cli missing: npm i -D @sentry/cli');
  const r = spawnSync(bin, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  if (r.status !== 0) throw new Error(`sentry-cli ${args[0]} ${args[1] ?? ''} failed (${r.status})`);
}

function stripMaps(maps: string[]): number {
  let bytes = 0;
  for (const m of maps) {
    const rel = path.relative(DIST, m);
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`refusing to delete ${m}`);
    bytes += statSync(m).size;
    rmSync(m);
  }
  // drop the sourceMappingURL comments that now point nowhere
  for (const js of findJs(DIST)) {
    const text = readFileSync(js, 'utf8');
    const cleaned = text.replace(/\n\/\/# sourceMappingURL=.*\.map\s*$/, '\n');
    if (cleaned !== text) require('node:fs').writeFileSync(js, cleaned);
  }
  return bytes;
}

function findJs(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...findJs(p));
    else if (/\.(m?js|css)$/.test(e.name)) out.push(p);
  }
  return out;
}

interface MapCheck {
  file: string;
  sources: number;
  missingContent: number;
}

function inspectMaps(maps: string[]): MapCheck[] {
  // warn about maps without sourcesContent: Sentry then shows minified frames
  return maps.map((file) => {
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { sources?: string[]; sourcesContent?: unknown[] };
      const sources = data.sources?.length ?? 0;
      const withContent = (data.sourcesContent ?? []).filter((c) => typeof c === 'string').length;
      return { file: path.relative(ROOT, file), sources, missingContent: sources - withContent };
    } catch {
      return { file: path.relative(ROOT, file), sources: 0, missingContent: -1 };
    }
  });
}

function reportMaps(checks: MapCheck[]): void {
  const broken = checks.filter((c) => c.missingContent < 0);
  const partial = checks.filter((c) => c.missingContent > 0);
  for (const b of broken) console.warn(`unreadable source map: ${b.file}`);
  if (partial.length) {
    console.warn(`${partial.length} map(s) lack sourcesContent for some files (set build.sourcemap: true)`);
  }
}

function assertCleanTree(): void {
  const r = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
  if (r.stdout.trim()) {
    console.warn('working tree has uncommitted changes; the release name will not match a pushed commit');
  }
}

function main(): void {
  const upload = process.argv.includes('--upload');
  assertCleanTree();
  if (!existsSync(DIST)) throw new Error('dist/ missing; run npm run build first');
  const maps = findMaps(DIST);
  if (!maps.length) throw new Error('no .map files in dist/; enable build.sourcemap');
  reportMaps(inspectMaps(maps));
  const env = loadSentryEnv();
  const release = releaseName();
  console.log(`release ${release}`);
  console.log(`org ${env.SENTRY_ORG}, project ${env.SENTRY_PROJECT}, token ${mask(env.SENTRY_AUTH_TOKEN)}`);
  console.log(`${maps.length} source maps`);
  if (!upload) {
    console.log('dry run; pass --upload to create the release, upload maps and strip them from dist/');
    return;
  }
  sentryCli(['releases', 'new', release], env);
  sentryCli(['sourcemaps', 'inject', DIST], env);
  sentryCli(['sourcemaps', 'upload', '--release', release, DIST], env);
  sentryCli(['releases', 'finalize', release], env);
  const bytes = stripMaps(maps);
  console.log(`uploaded and removed ${maps.length} maps (${(bytes / 1024).toFixed(0)} KiB) from dist/`);
}

try {
  main();
} catch (err) {
  console.error(`release-sourcemaps: ${(err as Error).message}`);
  process.exitCode = 1;
}
