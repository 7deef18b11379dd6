#!/usr/bin/env -S npx tsx
/**
 * test/compat/matrix.ts - Kubernetes version compatibility matrix on kind.
 *
 * For each version in compat/versions.json a kind cluster named
 * `compat-<major>-<minor>` is created, the operator is installed from the
 * current build, the conformance subset in test/compat runs, and the cluster
 * is deleted again unless --keep is given.
 *
 * Only clusters that (a) carry the compat- prefix and (b) were recorded in
 * .compat/clusters.json by this script are ever deleted, so running the
 * matrix never touches the developer's dev cluster.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface VersionEntry {
  kubernetes: string;
  nodeImage: string;
  required: boolean;
}

interface Result {
  version: string;
  cluster: string;
  install: boolean;
  tests: boolean;
  seconds: number;
  error?: string;
}

const ROOT = path.resolve(__dirname, '../..');
const VERSIONS_FILE = path.join(ROOT, 'compat', 'versions.json');
const STATE_DIR = path.join(ROOT, '.compat');
const STATE_FILE = path.join(STATE_DIR, 'clusters.json');
const REPORT = path.join(ROOT, 'build', 'compat-report.json');
const PREFIX = 'compat-';

function run(cmd: string, args: string[], opts: { capture?: boolean; env?: NodeJS.ProcessEnv } = {}): { code: number; out: string } {
  if (!opts.capture) process.stderr.write(`$ ${cmd} ${args.join(' ')}\n`);
  const res = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: opts.env ?? process.env,
    stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (res.error) throw new Error(`${cmd}: ${res.error.message}`);
  return { code: res.status ?? 1, out: opts.capture ? `${res.stdout}${res.stderr}` : '' };
}

function loadVersions(only: string[]): VersionEntry[] {
  const all = JSON.parse(readFileSync(VERSIONS_FILE, 'utf8')) as VersionEntry[];
  return only.length ? all.filter((v) => only.includes(v.kubernetes)) : all;
}

function clusterName(version: string): string {
  const [major, minor] = version.replace(/^v/, '').split('.');
  return `${PREFIX}${major}-${minor}`;
}

function recorded(): Set<string> {
  if (!existsSync(STATE_FILE)) return new Set();
  return new Set(JSON.parse(readFileSync(STATE_FILE, 'utf8')) as string[]);
}

function record(names: Set<string>): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify([...names].sort(), null, 2));
}

function existingClusters(): string[] {
  const { out } = run('kind', ['get', 'clusters'], { capture: true });
  return out.split('\n').map((s) => s.trim()).filter(Boolean);
}

function createCluster(entry: VersionEntry, name: string): void {
  const known = recorded();
  if (existingClusters().includes(name)) {
    if (!known.has(name)) throw new Error(`${name} exists but was not created by the matrix; remove it manually`);
    return;
  }
  const { code } = run('kind', ['create', 'cluster', '--name', name, '--image', entry.nodeImage, '--wait', '3m']);
  if (code !== 0) throw new Error(`kind create ${name} failed`);
  known.add(name);
  record(known);
}

function deleteCluster(name: string): void {
  const known = recorded();
  if (!name.startsWith(PREFIX) || !known.has(name)) {
    process.stderr.write(`not deleting ${name}: not a recorded matrix cluster\n`);
    return;
  }
  run('kind', ['delete', 'cluster', '--name', name]);
  known.delete(name);
  record(known);
}

function loadOperatorImage(name: string): void {
  const tag = `tidepool-operator:compat-${run('git', ['rev-parse', '--short', 'HEAD'], { capture: true }).out.trim()}`;
  if (run('docker', ['build', '-q', '-t', tag, '-f', 'operator/Dockerfile', '.']).code !== 0) {
    throw new Error('operator image build failed');
  }
  run('kind', ['load', 'docker-image', tag, '--name', name]);
  const values = path.join(ROOT, 'build', `compat-values-${name}.yaml`);
  mkdirSync(path.dirname(values), { recursive: true });
  writeFileSync(values, `image:\n  repository: tidepool-operator\n  tag: ${tag.split(':')[1]}\n  pullPolicy: Never\n`);
}

function installOperator(name: string): boolean {
  loadOperatorImage(name);
  const ctx = `kind-${name}`;
  const manifests = run('kustomize', ['build', 'operator/config/default'], { capture: true });
  if (manifests.code !== 0) return false;
  const file = path.join(ROOT, 'build', `operator-${name}.yaml`);
  writeFileSync(file, manifests.out);
  const apply = run('kubectl', ['--context', ctx, 'apply', '--server-side', '-f', file]);
  if (apply.code !== 0) return false;
  return run('kubectl', ['--context', ctx, '-n', 'tidepool-system', 'rollout', 'status',
    'deploy/tidepool-operator', '--timeout=180s']).code === 0;
}

function runTests(name: string): boolean {
  const env = { ...process.env, KUBE_CONTEXT: `kind-${name}`, COMPAT_CLUSTER: name };
  return run('npx', ['--no-install', 'vitest', 'run', 'test/compat', '--reporter=dot'], { env }).code === 0;
}

function summarize(results: Result[], versions: VersionEntry[]): number {
  let failedRequired = 0;
  for (const r of results) {
    const entry = versions.find((v) => v.kubernetes === r.version);
    const ok = r.install && r.tests;
    if (!ok && entry?.required) failedRequired += 1;
    const flag = ok ? 'PASS' : entry?.required ? 'FAIL' : 'warn';
    console.log(`${flag} ${r.version.padEnd(9)} ${r.cluster.padEnd(14)} ${r.seconds.toFixed(0)}s ${r.error ?? ''}`);
  }
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify(results, null, 2));
  return failedRequired;
}

function listRecorded(): void {
  const known = [...recorded()].sort();
  const live = new Set(existingClusters());
  for (const name of known) console.log(`${name.padEnd(16)} ${live.has(name) ? 'running' : 'missing (stale record)'}`);
  if (!known.length) console.log('no matrix clusters recorded');
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--list')) return listRecorded();
  const keep = args.includes('--keep');
  const cleanupOnly = args.includes('--cleanup');
  const only = args.filter((a) => !a.startsWith('--'));
  if (cleanupOnly) {
    for (const name of recorded()) deleteCluster(name);
    return;
  }
  const versions = loadVersions(only);
  const results: Result[] = [];
  for (const entry of versions) {
    const name = clusterName(entry.kubernetes);
    const started = Date.now();
    const result: Result = { version: entry.kubernetes, cluster: name, install: false, tests: false, seconds: 0 };
    try {
      createCluster(entry, name);
      result.install = installOperator(name);
      result.tests = result.install && runTests(name);
    } catch (err) {
      result.error = (err as Error).message;
    } finally {
      result.seconds = (Date.now() - started) / 1000;
      if (!keep) deleteCluster(name);
    }
    results.push(result);
  }
  if (summarize(results, versions) > 0) process.exitCode = 1;
}

main();
