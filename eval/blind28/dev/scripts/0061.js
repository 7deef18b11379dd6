#!/usr/bin/env node
// Owner: network automation guild.  Generated files are not committed;
// lab/generated/ is in .gitignore and rebuilt on every `gen`.
// Destroying the lab also removes clab-<name>/ created by containerlab.
// Run `node tools/fabric.js check` after every deploy.
//
//
// Addressing plan (lab only, never routed anywhere):
//   spine loopbacks  10.255.0.<n>/32
//   leaf loopbacks   10.255.1.<n>/32
//   fabric links     unnumbered BGP over eth<n> (IPv6 link-local)
// ASNs: spines share asn_base, each leaf gets asn_base + 1 + index.
//
// Needs: docker, containerlab, js-yaml (npm i in tools/).
// lab/daemons (FRR daemons file) is shared by all nodes and lives in git.
//
// fabric.js - generate a containerlab topology from fabric.yml and manage that lab.
//
//   node tools/fabric.js gen                 write lab/generated/fabric.clab.yml + FRR configs
//   node tools/fabric.js deploy              gen + sudo containerlab deploy (this topology only)
//   node tools/fabric.js check               ping every leaf loopback from every other leaf
//   node tools/fabric.js destroy             sudo containerlab destroy --cleanup (this topology)
//
// fabric.yml:  { name: dc2, spines: 2, leaves: 4, asn_base: 65100, image: frrouting/frr:v9.1.0 }
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const yaml = require('js-yaml');

const ROOT = path.resolve(__dirname, '..');
const SPEC = path.join(ROOT, 'fabric.yml');
const GEN_DIR = path.join(ROOT, 'lab', 'generated');
const TOPO = path.join(GEN_DIR, 'fabric.clab.yml');
const children = new Set();

const log = (...a) => console.log('[fabric]', ...a);

function die(msg) {
  console.error(`[fabric] error: ${msg}`);
  process.exit(1);
}

function readSpec() {
  const spec = yaml.load(fs.readFileSync(SPEC, 'utf8'));
  for (const key of ['name', 'spines', 'leaves', 'asn_base', 'image']) {
    if (spec[key] === undefined) die(`fabric.yml: missing ${key}`);
  }
  if (!/^[a-z0-9-]+$/.test(spec.name)) die('fabric.yml: name must be lowercase/digits/dashes');
  if (spec.spines > 4 || spec.leaves > 16) die('fabric.yml: lab limited to 4 spines / 16 leaves');
  return spec;
}

function loopback(kind, i) {
  return kind === 'spine' ? `10.255.0.${i + 1}` : `10.255.1.${i + 1}`;
}

function frrConfig(kind, i, spec) {
  const name = `${kind}${i + 1}`;
  const asn = kind === 'spine' ? spec.asn_base : spec.asn_base + 1 + i;
  const peers = kind === 'spine' ? spec.leaves : spec.spines;
  const lines = [
    'frr defaults datacenter',
    `hostname ${name}`,
    'service integrated-vtysh-config',
    '!',
    'interface lo',
    ` ip address ${loopback(kind, i)}/32`,
    '!',
    `router bgp ${asn}`,
    ` bgp router-id ${loopback(kind, i)}`,
    ' no bgp ebgp-requires-policy',
    ' neighbor fabric peer-group',
    ' neighbor fabric remote-as external',
  ];
  for (let p = 1; p <= peers; p++) lines.push(` neighbor eth${p} interface peer-group fabric`);
  lines.push(' address-family ipv4 unicast', '  redistribute connected', ' exit-address-family', '!');
  return `${lines.join('\n')}\n`;
}

function generate(spec) {
  fs.rmSync(GEN_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(GEN_DIR, 'configs'), { recursive: true });
  const nodes = {};
  const links = [];
  const add = (kind, i) => {
    const name = `${kind}${i + 1}`;
    const cfg = path.join(GEN_DIR, 'configs', `${name}.conf`);
    fs.writeFileSync(cfg, frrConfig(kind, i, spec));
    nodes[name] = {
      kind: 'linux',
      image: spec.image,
      binds: [`configs/${name}.conf:/etc/frr/frr.conf`, '../daemons:/etc/frr/daemons'],
    };
  };
  for (let s = 0; s < spec.spines; s++) add('spine', s);
  for (let l = 0; l < spec.leaves; l++) add('leaf', l);
  for (let s = 0; s < spec.spines; s++) {
    for (let l = 0; l < spec.leaves; l++) {
      links.push({ endpoints: [`spine${s + 1}:eth${l + 1}`, `leaf${l + 1}:eth${s + 1}`] });
    }
  }
  const topo = { name: spec.name, topology: { nodes, links } };
  const tmp = `${TOPO}.tmp`;
  fs.writeFileSync(tmp, yaml.dump(topo, { lineWidth: 120 }));
  fs.renameSync(tmp, TOPO);
  log(`wrote ${path.relative(ROOT, TOPO)} (${Object.keys(nodes).length} nodes, ${links.length} links)`);
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: GEN_DIR, ...opts });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args[0]} failed (${signal || code})`));
    });
    child.on('error', reject);
  });
}

function stopChildren(signal) {
  for (const child of children) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  if (signal) process.exit(130);
}

process.on('SIGINT', () => stopChildren('SIGINT'));
process.on('SIGTERM', () => stopChildren('SIGTERM'));

function container(spec, node) {
  return `clab-${spec.name}-${node}`;
}

function check(spec) {
  let failures = 0;
  for (let a = 0; a < spec.leaves; a++) {
    for (let b = 0; b < spec.leaves; b++) {
      if (a === b) continue;
      const target = loopback('leaf', b);
      try {
        execFileSync('docker', ['exec', container(spec, `leaf${a + 1}`), 'ping', '-c', '1', '-W', '1', '-I', loopback('leaf', a), target], { stdio: 'ignore' });
      } catch {
        failures++;
        log(`leaf${a + 1} -> leaf${b + 1} (${target}) FAILED`);
      }
    }
  }
  const pairs = spec.leaves * (spec.leaves - 1);
  log(`${pairs - failures}/${pairs} leaf pairs reachable`);
  return failures === 0;
}

async function main() {
  const cmd = process.argv[2] || 'gen';
  const spec = readSpec();
  switch (cmd) {
    case 'gen':
      generate(spec);
      break;
    case 'deploy':
      generate(spec);
      await run('sudo', ['containerlab', 'deploy', '--topo', TOPO, '--reconfigure']);
      break;
    case 'check':
      if (!check(spec)) process.exitCode = 1;
      break;
    case 'destroy':
      if (!fs.existsSync(TOPO)) die('no generated topology; nothing to destroy');
      await run('sudo', ['containerlab', 'destroy', '--topo', TOPO, '--cleanup']);
      break;
    default:
      die(`unknown command ${cmd}`);
  }
}

main().catch((err) => {
  stopChildren();
  die(err.message);
});
