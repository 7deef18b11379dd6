#!/usr/bin/env -S npx tsx
// Requires tsx and Node >= 20.
//
//
// History
//   2024-04  polling and state changes
//   2024-05  flap detection with --flap-window
//   2024-06  JSONL events for the slides
//
//
// Output while running: one line per state change, e.g.
//   10:42:17 r3 eth2: Established -> Active
//   10:42:49 r3 eth2: Active -> Established
// At the end (Ctrl-C) a flap summary per node/peer is printed.
//
// JSONL events (--jsonl): {"at": ..., "node": "r3", "peer": "...", "from": ..., "to": ...}
// The training facilitator plots them to show convergence after a link is
// pulled (`docker exec ... ip link set eth1 down` in another terminal).
//
// Exit status: 0 all sessions Established at the end, 1 otherwise, 2 on errors.
//
// Requirements: docker, a deployed lab, js-yaml, tsx.
//
// Owner: network training team.
//
// Limits: polls every node in parallel each round; with 20 nodes and
// --interval 1 docker exec overhead dominates - keep the interval >= 2 s.
//
// Only FRR nodes (image containing "frr") are polled; Linux hosts in the
// topology are skipped automatically.
//
// The lab is read only: `show bgp summary json` is the only command sent.
//
// Example:
//   npx tsx tools/bgp-watch.ts --interval 2 --jsonl out/lab/bgp-events.jsonl
//
// Related: tools/lab-reachability.sh for the data plane view.
//
// bgp-watch.ts - watch BGP sessions in the containerlab training lab and log flaps.
//
//   npx tsx tools/bgp-watch.ts                         poll every 5 s, print changes
//   npx tsx tools/bgp-watch.ts --interval 2 --jsonl out/lab/bgp-events.jsonl
//   npx tsx tools/bgp-watch.ts --once                  one table and exit (CI)
//
// Reads `show bgp summary json` from every FRR node of labs/ospf-area0.clab.yml
// through `docker exec clab-<lab>-<node> vtysh -c ...`.  Only show commands;
// the lab is not modified.  Flap detection: a peer that leaves Established and
// comes back within --flap-window seconds counts as one flap.
import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { load as parseYaml } from 'js-yaml';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const TOPOLOGY = join(REPO, 'labs', 'ospf-area0.clab.yml');

interface Peer {
  state: string;
  remoteAs: number;
  pfxRcd?: number;
  peerUptimeMsec?: number;
}

interface Snapshot {
  node: string;
  peers: Map<string, Peer>;
  error?: string;
}

interface Options {
  interval: number;
  once: boolean;
  jsonl?: string;
  flapWindow: number;
}

type PeerKey = `${string}|${string}`;

function parseOptions(argv: readonly string[]): Options {
  const o: Options = { interval: 5, once: false, flapWindow: 120 };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--interval': o.interval = Number(argv[++i]); break;
      case '--once': o.once = true; break;
      case '--jsonl': o.jsonl = argv[++i]; break;
      case '--flap-window': o.flapWindow = Number(argv[++i]); break;
      default: throw new Error(`unsupported option ${argv[i]}`);
    }
  }
  if (!(o.interval >= 1)) throw new Error('--interval must be >= 1');
  return o;
}

function topology(): { lab: string; nodes: string[] } {
  const doc = parseYaml(readFileSync(TOPOLOGY, 'utf8')) as { name: string; topology: { nodes: Record<string, { image?: string }> } };
  const nodes = Object.entries(doc.topology.nodes).filter(([, n]) => (n.image ?? '').includes('frr')).map(([name]) => name);
  return { lab: doc.name, nodes };
}

async function snapshot(lab: string, node: string): Promise<Snapshot> {
  try {
    const { stdout } = await run('docker', ['exec', `clab-${lab}-${node}`, 'vtysh', '-c', 'show bgp summary json'], { timeout: 10_000 });
    const data = JSON.parse(stdout) as Record<string, { peers?: Record<string, Peer> }>;
    const peers = new Map<string, Peer>();
    for (const afi of Object.values(data)) for (const [addr, p] of Object.entries(afi.peers ?? {})) peers.set(addr, p);
    return { node, peers };
  } catch (err) {
    return { node, peers: new Map(), error: (err as Error).message.split('\n')[0] };
  }
}

function table(snaps: Snapshot[]): void {
  console.log(`${'node'.padEnd(10)} ${'peer'.padEnd(28)} ${'AS'.padStart(7)} ${'state'.padEnd(12)} pfx`);
  for (const s of snaps) {
    if (s.error) {
      console.log(`${s.node.padEnd(10)} ERROR ${s.error}`);
      continue;
    }
    for (const [addr, p] of s.peers) {
      console.log(`${s.node.padEnd(10)} ${addr.padEnd(28)} ${String(p.remoteAs).padStart(7)} ${p.state.padEnd(12)} ${p.pfxRcd ?? '-'}`);
    }
  }
}

function record(file: string | undefined, event: object): void {
  if (!file) return;
  const target = file.startsWith('/') ? file : join(REPO, file);
  mkdirSync(dirname(target), { recursive: true });
  appendFileSync(target, JSON.stringify({ at: new Date().toISOString(), ...event }) + '\n');
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const { lab, nodes } = topology();
  if (!nodes.length) throw new Error(`no FRR nodes in ${TOPOLOGY}`);
  const last = new Map<PeerKey, string>();
  const downSince = new Map<PeerKey, number>();
  const flaps = new Map<PeerKey, number>();
  let stop = false;
  process.on('SIGINT', () => {
    stop = true;
  });

  for (let round = 0; !stop; round++) {
    const snaps = await Promise.all(nodes.map((n) => snapshot(lab, n)));
    if (round === 0 || o.once) table(snaps);
    for (const s of snaps) {
      for (const [addr, p] of s.peers) {
        const key: PeerKey = `${s.node}|${addr}`;
        const prev = last.get(key);
        if (prev && prev !== p.state) {
          console.log(`${new Date().toISOString().slice(11, 19)} ${s.node} ${addr}: ${prev} -> ${p.state}`);
          record(o.jsonl, { node: s.node, peer: addr, from: prev, to: p.state });
          if (prev === 'Established') downSince.set(key, Date.now());
          if (p.state === 'Established' && downSince.has(key)) {
            if (Date.now() - downSince.get(key)! <= o.flapWindow * 1000) flaps.set(key, (flaps.get(key) ?? 0) + 1);
            downSince.delete(key);
          }
        }
        last.set(key, p.state);
      }
    }
    if (o.once) break;
    await new Promise((r) => setTimeout(r, o.interval * 1000));
  }

  if (flaps.size) {
    console.log('\nflaps:');
    for (const [key, n] of [...flaps].sort((a, b) => b[1] - a[1])) console.log(`  ${key.replace('|', ' ')}  ${n}`);
  }
  const notEstablished = [...last].filter(([, st]) => st !== 'Established').length;
  process.exitCode = notEstablished ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(`bgp-watch: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
});
