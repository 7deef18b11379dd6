#!/usr/bin/env -S npx tsx
// Publish every workspace package whose version is not yet on the npm registry,
// in dependency order. Queries https://registry.npmjs.org for existing versions
// and runs `pnpm publish` with fixed arguments. Auth comes from the project's
// .npmrc via NODE_AUTH_TOKEN (set by CI); the token is never read here.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const REGISTRY = 'https://registry.npmjs.org';
const DRY = process.argv.includes('--dry-run');

interface Pkg {
  name: string;
  version: string;
  private?: boolean;
  dir: string;
  deps: string[];
}

function readPackages(): Map<string, Pkg> {
  const dirs = readdirSync(path.join(ROOT, 'packages')).map((d) => path.join(ROOT, 'packages', d));
  const out = new Map<string, Pkg>();
  for (const dir of dirs) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    out.set(json.name, {
      name: json.name,
      version: json.version,
      private: json.private,
      dir,
      deps: Object.keys({ ...json.dependencies, ...json.peerDependencies }),
    });
  }
  return out;
}

function topoSort(pkgs: Map<string, Pkg>): Pkg[] {
  const order: Pkg[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: Pkg, trail: string[]) => {
    if (state.get(p.name) === 'done') return;
    if (state.get(p.name) === 'visiting') throw new Error(`dependency cycle: ${[...trail, p.name].join(' -> ')}`);
    state.set(p.name, 'visiting');
    for (const d of p.deps) {
      const dep = pkgs.get(d);
      if (dep) visit(dep, [...trail, p.name]);
    }
    state.set(p.name, 'done');
    order.push(p);
  };
  for (const p of pkgs.values()) visit(p, []);
  return order;
}

async function published(name: string): Promise<Set<string>> {
  const res = await fetch(`${REGISTRY}/${name.replace('/', '%2f')}`, {
    headers: { Accept: 'application/vnd.npm.install-v1+json' },
  });
  if (res.status === 404) return new Set();
  if (!res.ok) throw new Error(`registry lookup for ${name}: ${res.status}`);
  const body = (await res.json()) as { versions: Record<string, unknown> };
  return new Set(Object.keys(body.versions));
}

function publish(p: Pkg): void {
  const args = ['publish', '--access', 'public', '--no-git-checks'];
  if (DRY) args.push('--dry-run');
  console.log(`+ (cd ${path.relative(ROOT, p.dir)} && pnpm ${args.join(' ')})`);
  execFileSync('pnpm', args, { cwd: p.dir, stdio: 'inherit' });
}

async function main(): Promise<void> {
  const pkgs = readPackages();
  const order = topoSort(pkgs).filter((p) => !p.private);
  const todo: Pkg[] = [];
  for (const p of order) {
    const versions = await published(p.name);
    if (versions.has(p.version)) {
      console.log(`= ${p.name}@${p.version} already published`);
    } else {
      todo.push(p);
    }
  }
  if (!todo.length) {
    console.log('nothing to publish');
    return;
  }
  execFileSync('pnpm', ['-r', 'build'], { cwd: ROOT, stdio: 'inherit' });
  for (const p of todo) publish(p);
  const tags = todo.map((p) => `${p.name}@${p.version}`);
  if (!DRY) {
    for (const t of tags) execFileSync('git', ['tag', t], { cwd: ROOT });
    execFileSync('git', ['push', 'origin', ...tags], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log(`published ${tags.join(', ')}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
