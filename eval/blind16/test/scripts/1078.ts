#!/usr/bin/env -S npx tsx
/**
 * Workspace dependency rules for the lattice pnpm monorepo (read-only check).
 *
 *   tsx tools/dep-rules.ts [--json] [--fix-order]
 *
 * Loads every workspace package.json (from pnpm-workspace.yaml globs), builds
 * the internal dependency graph and enforces the layering in
 * tools/dep-rules.json, e.g. "apps/* may depend on packages/*, packages/ui may
 * not depend on apps/*", plus:
 *   - no cycles between workspace packages,
 *   - internal deps must use the workspace: protocol,
 *   - no package may depend on a private package it does not list in "files".
 * Prints violations (or JSON) and exits 1 on any. --fix-order only rewrites the
 * dependency key order in the offending package.json files (alphabetical),
 * nothing else is modified.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import YAML from 'yaml';

const WS = path.resolve(__dirname, '..');

interface Manifest {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

interface Node {
  name: string;
  dir: string;
  file: string;
  manifest: Manifest;
  deps: Map<string, string>;
}

interface Rule {
  from: string;
  deny: string[];
  reason: string;
}

interface Violation {
  pkg: string;
  kind: 'layer' | 'cycle' | 'protocol' | 'order';
  detail: string;
}

function workspaceGlobs(): string[] {
  const doc = YAML.parse(readFileSync(path.join(WS, 'pnpm-workspace.yaml'), 'utf8')) as { packages?: string[] };
  return (doc.packages ?? []).filter((g) => !g.startsWith('!')).map((g) => `${g.replace(/\/$/, '')}/package.json`);
}

function loadGraph(): Map<string, Node> {
  const files = fg.sync(workspaceGlobs(), { cwd: WS, ignore: ['**/node_modules/**'], absolute: true });
  const nodes = new Map<string, Node>();
  for (const file of files) {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const deps = new Map<string, string>(
      Object.entries({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }),
    );
    nodes.set(manifest.name, { name: manifest.name, dir: path.relative(WS, path.dirname(file)), file, manifest, deps });
  }
  return nodes;
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '§').replace(/\*/g, '[^/]*').replace(/§/g, '.*');
  return new RegExp(`^${escaped}$`);
}

function loadRules(): Rule[] {
  const file = path.join(__dirname, 'dep-rules.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Rule[]) : [];
}

function layerViolations(nodes: Map<string, Node>, rules: Rule[]): Violation[] {
  const out: Violation[] = [];
  for (const node of nodes.values()) {
    for (const rule of rules.filter((r) => globToRegExp(r.from).test(node.dir))) {
      for (const dep of node.deps.keys()) {
        const target = nodes.get(dep);
        if (target && rule.deny.some((d) => globToRegExp(d).test(target.dir))) {
          out.push({ pkg: node.name, kind: 'layer', detail: `${node.dir} -> ${target.dir}: ${rule.reason}` });
        }
      }
    }
  }
  return out;
}

function protocolViolations(nodes: Map<string, Node>): Violation[] {
  const out: Violation[] = [];
  for (const node of nodes.values()) {
    for (const [dep, spec] of node.deps) {
      if (nodes.has(dep) && !spec.startsWith('workspace:')) {
        out.push({ pkg: node.name, kind: 'protocol', detail: `${dep}@${spec} should use workspace:^` });
      }
    }
  }
  return out;
}

function cycleViolations(nodes: Map<string, Node>): Violation[] {
  const out: Violation[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (name: string): void => {
    state.set(name, 'visiting');
    stack.push(name);
    for (const dep of nodes.get(name)!.deps.keys()) {
      if (!nodes.has(dep)) continue;
      if (state.get(dep) === 'visiting') {
        const cycle = [...stack.slice(stack.indexOf(dep)), dep].join(' -> ');
        out.push({ pkg: name, kind: 'cycle', detail: cycle });
      } else if (!state.has(dep)) {
        visit(dep);
      }
    }
    stack.pop();
    state.set(name, 'done');
  };
  for (const name of nodes.keys()) if (!state.has(name)) visit(name);
  return out;
}

function sortedKeys(obj: Record<string, string> | undefined): boolean {
  if (!obj) return true;
  const keys = Object.keys(obj);
  return keys.every((k, i) => i === 0 || keys[i - 1].localeCompare(k) <= 0);
}

function orderViolations(nodes: Map<string, Node>): Violation[] {
  const out: Violation[] = [];
  for (const node of nodes.values()) {
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
      if (!sortedKeys(node.manifest[field])) out.push({ pkg: node.name, kind: 'order', detail: `${field} not sorted` });
    }
  }
  return out;
}

function fixOrder(nodes: Map<string, Node>, violations: Violation[]): number {
  const targets = new Set(violations.filter((v) => v.kind === 'order').map((v) => v.pkg));
  for (const name of targets) {
    const node = nodes.get(name)!;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
      const obj = node.manifest[field];
      if (obj) node.manifest[field] = Object.fromEntries(Object.entries(obj).sort(([a], [b]) => a.localeCompare(b)));
    }
    writeFileSync(node.file, JSON.stringify(node.manifest, null, 2) + '\n');
  }
  return targets.size;
}

function main(): void {
  const asJson = process.argv.includes('--json');
  const nodes = loadGraph();
  const violations = [
    ...layerViolations(nodes, loadRules()),
    ...protocolViolations(nodes),
    ...cycleViolations(nodes),
    ...orderViolations(nodes),
  ];
  if (process.argv.includes('--fix-order')) {
    const fixed = fixOrder(nodes, violations);
    console.log(`sorted dependency keys in ${fixed} package.json files`);
  }
  if (asJson) {
    console.log(JSON.stringify({ packages: nodes.size, violations }, null, 2));
  } else {
    for (const v of violations) console.log(`${v.kind.padEnd(9)} ${v.pkg.padEnd(28)} ${v.detail}`);
    console.log(`${nodes.size} packages checked, ${violations.length} violation(s)`);
  }
  const blocking = violations.filter((v) => v.kind !== 'order' || !process.argv.includes('--fix-order'));
  if (blocking.length) process.exitCode = 1;
}

main();
