#!/usr/bin/env -S npx tsx
/**
 * load/locust-run.ts - run a locust profile from load/profiles.yaml against a
 * docker compose stack started for this run and collect the CSV output.
 *
 *   npx tsx load/locust-run.ts baseline
 *   npx tsx load/locust-run.ts burst --keep
 *
 * The compose project is called "marlin-perf" and is removed with its volumes
 * afterwards (never the default "marlin" project). Locust runs in a container
 * on the same compose network, so no port is published beyond 127.0.0.1.
 *
 * Profiles (load/profiles.yaml) define users, spawn rate, run time, optional
 * task tags and the pass criteria (maxFailRatio, maxP95Ms). Runs above 5000
 * users are refused here: a laptop cannot generate that load meaningfully
 * and those profiles belong to the perf cluster pipeline.
 *
 * Results: build/locust/<profile>-<ts>/ contains run_stats.csv, report.html,
 * verdict.json and api.log; history.jsonl keeps one line per run so the
 * trend of the last runs is printed after each run.
 *
 * The seed step loads the "perf" dataset (10k accounts) into the throwaway
 * compose database; it never touches the normal dev database volume.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

interface Profile {
  users: number;
  spawnRate: number;
  runTime: string;
  tags?: string[];
  maxFailRatio: number;
  maxP95Ms: number;
}

const ROOT = path.resolve(__dirname, '..');
const PROJECT = 'marlin-perf';
const COMPOSE = ['-f', 'docker-compose.yml', '-f', 'load/docker-compose.perf.yml'];
const PROFILES_FILE = path.join(ROOT, 'load', 'profiles.yaml');

function compose(args: string[], capture = false): { code: number; out: string } {
  const full = ['compose', '-p', PROJECT, ...COMPOSE, ...args];
  if (!capture) console.error(`$ docker ${full.join(' ')}`);
  const res = spawnSync('docker', full, { cwd: ROOT, encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit' });
  return { code: res.status ?? 1, out: capture ? `${res.stdout}${res.stderr}` : '' };
}

function loadProfile(name: string): Profile {
  const all = parse(readFileSync(PROFILES_FILE, 'utf8')) as Record<string, Profile>;
  const p = all[name];
  if (!p) throw new Error(`unknown profile ${name}; available: ${Object.keys(all).join(', ')}`);
  if (p.users > 5000) throw new Error('profiles above 5000 users must run on the perf cluster, not locally');
  return p;
}

function up(): void {
  if (compose(['up', '-d', '--build', '--wait', 'api', 'postgres', 'redis']).code !== 0) {
    compose(['logs', '--tail', '50']);
    throw new Error('stack did not become healthy');
  }
  compose(['run', '--rm', 'api', 'python', '-m', 'marlin.seed', '--size', 'perf']);
}

function runLocust(profile: Profile, outDir: string): number {
  const args = [
    'run', '--rm', '--no-deps',
    '-v', `${outDir}:/out`,
    'locust',
    '-f', '/mnt/load/locustfile.py',
    '--headless',
    '--host', 'http://api:8000',
    '-u', String(profile.users),
    '-r', String(profile.spawnRate),
    '-t', profile.runTime,
    '--csv', '/out/run',
    '--html', '/out/report.html',
    '--only-summary',
  ];
  for (const tag of profile.tags ?? []) args.push('--tags', tag);
  return compose(args).code;
}

interface Aggregate {
  requests: number;
  failures: number;
  p95: number;
  rps: number;
}

function aggregate(outDir: string): Aggregate | null {
  const file = path.join(outDir, 'run_stats.csv');
  if (!existsSync(file)) return null;
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n').map((l) => l.split(','));
  const idx = (name: string) => header.indexOf(name);
  const agg = rows.find((r) => r[idx('Name')] === 'Aggregated');
  if (!agg) return null;
  return {
    requests: Number(agg[idx('Request Count')]),
    failures: Number(agg[idx('Failure Count')]),
    p95: Number(agg[idx('95%')]),
    rps: Number(agg[idx('Requests/s')]),
  };
}

function judge(profile: Profile, agg: Aggregate): string[] {
  const problems: string[] = [];
  const ratio = agg.requests ? agg.failures / agg.requests : 1;
  if (ratio > profile.maxFailRatio) problems.push(`failure ratio ${(ratio * 100).toFixed(2)}% > ${(profile.maxFailRatio * 100).toFixed(2)}%`);
  if (agg.p95 > profile.maxP95Ms) problems.push(`p95 ${agg.p95}ms > ${profile.maxP95Ms}ms`);
  return problems;
}

interface HistoryEntry {
  profile: string;
  at: string;
  requests: number;
  p95: number;
  rps: number;
}

/**
 * Append the run to build/locust/history.jsonl and print the trend of the
 * last five runs of the same profile, so regressions are visible locally.
 */
function recordHistory(name: string, agg: Aggregate): void {
  const file = path.join(ROOT, 'build', 'locust', 'history.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  const entry: HistoryEntry = { profile: name, at: new Date().toISOString(), requests: agg.requests, p95: agg.p95, rps: agg.rps };
  const previous = existsSync(file)
    ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as HistoryEntry)
    : [];
  writeFileSync(file, [...previous, entry].map((e) => JSON.stringify(e)).join('\n') + '\n');
  const trend = [...previous.filter((e) => e.profile === name), entry].slice(-5);
  console.log('recent runs:');
  for (const e of trend) console.log(`  ${e.at.slice(0, 16)}  p95=${e.p95}ms  rps=${e.rps.toFixed(1)}`);
}

function composeLogs(outDir: string): void {
  const { out } = compose(['logs', '--no-color', '--tail', '500', 'api'], true);
  writeFileSync(path.join(outDir, 'api.log'), out);
}

function down(): void {
  compose(['down', '-v', '--remove-orphans']);
}

function main(): void {
  const [name = 'baseline', ...flags] = process.argv.slice(2);
  const keep = flags.includes('--keep');
  const profile = loadProfile(name);
  const outDir = path.join(ROOT, 'build', 'locust', `${name}-${Date.now()}`);
  mkdirSync(outDir, { recursive: true });
  let code = 1;
  try {
    up();
    code = runLocust(profile, outDir);
    const agg = aggregate(outDir);
    if (!agg) throw new Error('locust produced no stats');
    const problems = judge(profile, agg);
    writeFileSync(path.join(outDir, 'verdict.json'), JSON.stringify({ profile: name, ...agg, problems }, null, 2));
    console.log(`${name}: ${agg.requests} requests, ${agg.rps.toFixed(1)} rps, p95 ${agg.p95}ms`);
    recordHistory(name, agg);
    composeLogs(outDir);
    for (const p of problems) console.log(`  FAIL ${p}`);
    if (problems.length && code === 0) code = 3;
  } finally {
    if (keep) console.log(`stack kept running as compose project ${PROJECT}`);
    else down();
  }
  process.exitCode = code;
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
