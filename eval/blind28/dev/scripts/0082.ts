#!/usr/bin/env -S npx tsx
// lab-push.ts - push intended FRR configs (lab/intended/<node>.conf) to the containerlab lab.
//
//   npx tsx tools/lab-push.ts                  show a diff per node (running vs intended)
//   npx tsx tools/lab-push.ts --apply          load the intended config with vtysh -f
//   npx tsx tools/lab-push.ts --node leaf2     limit to one node
//
// Targets are the containers of the lab named in lab/evpn.clab.yml
// (clab-<lab>-<node>) and nothing else: there is no SSH here and no way to
// address a router outside the lab.  Configs containing "write erase",
// "reload" or "erase startup" are rejected before anything is pushed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

const ROOT = resolve(import.meta.dirname ?? '.', '..');
const TOPOLOGY = join(ROOT, 'lab', 'evpn.clab.yml');
const INTENDED = join(ROOT, 'lab', 'intended');
const FORBIDDEN = [/^\s*write\s+erase/im, /^\s*reload\b/im, /^\s*erase\s+startup/im, /^\s*no\s+router\s+bgp\s*$/im];

interface Topology {
  name: string;
  topology: { nodes: Record<string, { kind: string; image?: string }> };
}

interface NodeResult {
  node: string;
  changed: boolean;
  applied: boolean;
  error?: string;
}

const log = (msg: string): void => console.log(`[lab-push] ${msg}`);

function readTopology(): Topology {
  const topo = parseYaml(readFileSync(TOPOLOGY, 'utf8')) as Topology;
  if (!topo?.name || !topo.topology?.nodes) throw new Error(`${TOPOLOGY} is not a containerlab topology`);
  return topo;
}

function container(topo: Topology, node: string): string {
  return `clab-${topo.name}-${node}`;
}

function isRunning(name: string): boolean {
  const r = spawnSync('docker', ['inspect', '-f', '{{.State.Running}}', name], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === 'true';
}

function running(topo: Topology, node: string): string {
  return execFileSync('docker', ['exec', container(topo, node), 'vtysh', '-c', 'show running-config'], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
}

function normalise(config: string): string[] {
  return config
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l && l !== '!' && !l.startsWith('Building configuration') && !l.startsWith('Current configuration'))
    .filter((l) => !/^frr version|^frr defaults|^! Last configuration change/.test(l));
}

function diff(a: string[], b: string[]): string[] {
  const setA = new Set(a);
  const setB = new Set(b);
  return [...a.filter((l) => !setB.has(l)).map((l) => `- ${l}`), ...b.filter((l) => !setA.has(l)).map((l) => `+ ${l}`)];
}

function validateIntended(node: string, text: string): void {
  for (const pattern of FORBIDDEN) {
    if (pattern.test(text)) throw new Error(`${node}: intended config contains a forbidden statement (${pattern.source})`);
  }
}

function apply(topo: Topology, node: string, text: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'lab-push-'));
  try {
    const local = join(dir, `${node}.conf`);
    writeFileSync(local, text);
    const target = container(topo, node);
    execFileSync('docker', ['cp', local, `${target}:/tmp/intended.conf`]);
    execFileSync('docker', ['exec', target, 'vtysh', '-f', '/tmp/intended.conf']);
    execFileSync('docker', ['exec', target, 'vtysh', '-c', 'write memory']);
    execFileSync('docker', ['exec', target, 'rm', '-f', '/tmp/intended.conf']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function selectNodes(topo: Topology, only?: string): string[] {
  const available = readdirSync(INTENDED)
    .filter((f) => f.endsWith('.conf'))
    .map((f) => f.replace(/\.conf$/, ''));
  const inLab = available.filter((n) => n in topo.topology.nodes);
  const extra = available.filter((n) => !(n in topo.topology.nodes));
  if (extra.length) log(`ignoring intended configs for nodes not in the lab: ${extra.join(', ')}`);
  if (only) {
    if (!inLab.includes(only)) throw new Error(`node ${only} is not in lab ${topo.name}`);
    return [only];
  }
  return inLab;
}

function backupRunning(topo: Topology, nodes: string[]): string {
  // keep what was running before a push, so a bad change can be rolled back
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = join(ROOT, 'build', 'lab-backups', stamp);
  mkdirSync(dir, { recursive: true });
  for (const node of nodes) {
    if (!isRunning(container(topo, node))) continue;
    writeFileSync(join(dir, `${node}.conf`), running(topo, node));
  }
  return dir;
}

function verifyAfterPush(topo: Topology, node: string): boolean {
  const out = execFileSync('docker', ['exec', container(topo, node), 'vtysh', '-c', 'show bgp summary json'], {
    encoding: 'utf8',
  });
  try {
    const summary = JSON.parse(out) as Record<string, { peers?: Record<string, { state: string }> }>;
    const peers = Object.values(summary).flatMap((afi) => Object.values(afi.peers ?? {}));
    const up = peers.filter((p) => p.state === 'Established').length;
    log(`${node}: ${up}/${peers.length} BGP sessions established after push`);
    return up === peers.length;
  } catch {
    log(`${node}: could not parse bgp summary`);
    return false;
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const doApply = args.includes('--apply');
  const nodeIdx = args.indexOf('--node');
  const only = nodeIdx >= 0 ? args[nodeIdx + 1] : undefined;
  if (!existsSync(INTENDED)) throw new Error('lab/intended does not exist');

  const topo = readTopology();
  const results: NodeResult[] = [];
  const selected = selectNodes(topo, only);
  if (doApply) log(`pre-push backup in ${backupRunning(topo, selected).replace(`${ROOT}/`, '')}`);
  for (const node of selected) {
    const name = container(topo, node);
    if (!isRunning(name)) {
      results.push({ node, changed: false, applied: false, error: 'container not running' });
      continue;
    }
    try {
      const intended = readFileSync(join(INTENDED, `${node}.conf`), 'utf8');
      validateIntended(node, intended);
      const changes = diff(normalise(running(topo, node)), normalise(intended));
      if (!changes.length) {
        results.push({ node, changed: false, applied: false });
        continue;
      }
      log(`${node}: ${changes.length} line(s) differ`);
      changes.slice(0, 40).forEach((c) => console.log(`    ${c}`));
      if (doApply) {
        apply(topo, node, intended);
        verifyAfterPush(topo, node);
      }
      results.push({ node, changed: true, applied: doApply });
    } catch (err) {
      results.push({ node, changed: false, applied: false, error: (err as Error).message });
    }
  }

  for (const r of results) {
    const state = r.error ? `ERROR ${r.error}` : r.applied ? 'applied' : r.changed ? 'differs' : 'in sync';
    log(`${r.node.padEnd(10)} ${state}`);
  }
  if (!doApply && results.some((r) => r.changed)) log('dry run; add --apply to push to the lab');
  if (results.some((r) => r.error)) process.exitCode = 1;
}

main();
