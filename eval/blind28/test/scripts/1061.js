#!/usr/bin/env node
//
// History
//   2024-03  rules E001-E004
//   2024-05  E005, W101-W103, Mermaid output
//   2024-06  --strict for CI
//
//
// Why these rules:
//   E002 containerlab silently creates veth pairs for duplicate interfaces and
//        one of the links ends up dead; the lint makes this visible.
//   E004 ":latest" images made two training sessions behave differently; all
//        lab images are pinned in labs/images.md.
//   E005 duplicate management addresses break the clab bridge for both nodes.
//   W102 binds outside labs/ mean the lab depends on files that are not in git.
//
// Output format: one line per issue with code and message; the exit code is
// 1 on errors (or warnings with --strict), 0 otherwise, 2 on usage errors.
//
// Mermaid output is meant for docs/*.md; GitHub and the docs site render it.
// Node names with dashes are converted to underscores for Mermaid ids.
//
// Requirements: js-yaml (npm ci in tools/).
//
// CI: `node tools/topo-lint.js labs/*.clab.yml --strict` runs on every merge
// request that touches labs/.
//
// Owner: network automation guild.
//
// Examples:
//   node tools/topo-lint.js labs/*.clab.yml
//   node tools/topo-lint.js labs/bgp-ixp.clab.yml --mermaid > docs/bgp-ixp.md
//
// Limitations: links with "type: macvlan/host" endpoints are not validated
// (they do not reference lab nodes on both sides).
//
// Known false positive: W101 for management-only helper nodes (e.g. a syslog
// collector); name them with a "mgmt-" prefix and ignore the warning.
//
// topo-lint.js - lint containerlab topologies and render them as Mermaid diagrams.
//
//   node tools/topo-lint.js labs/*.clab.yml              lint all topologies
//   node tools/topo-lint.js labs/ospf-area0.clab.yml --mermaid > docs/ospf-area0.md
//   node tools/topo-lint.js labs/*.clab.yml --strict     warnings become errors
//
// Rules:
//   E001 every link endpoint refers to a defined node
//   E002 an interface is used by at most one link
//   E003 node names are lowercase and DNS-safe
//   E004 images are pinned (no ":latest", no missing tag)
//   E005 management IPv4s (mgmt-ipv4) are unique
//   W101 nodes without any link
//   W102 bind mounts that point outside the labs/ folder
//   W103 startup-config files that do not exist
// Pure file analysis: nothing is deployed, no docker calls.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const yaml = require('js-yaml');

const repoRoot = path.join(__dirname, '..');
const LABS = path.join(repoRoot, 'labs');
const NAME_RE = /^[a-z][a-z0-9-]{0,62}$/;

function parseEndpoint(ep) {
  const idx = ep.lastIndexOf(':');
  return idx < 0 ? { node: ep, iface: '' } : { node: ep.slice(0, idx), iface: ep.slice(idx + 1) };
}

function lint(file) {
  const issues = [];
  const add = (code, msg) => issues.push({ code, msg, level: code.startsWith('E') ? 'error' : 'warning' });
  let doc;
  try {
    doc = yaml.load(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    add('E000', `YAML error: ${err.message.split('\n')[0]}`);
    return { doc: null, issues };
  }
  const nodes = doc?.topology?.nodes ?? {};
  const links = doc?.topology?.links ?? [];
  const kinds = doc?.topology?.kinds ?? {};
  const dir = path.dirname(file);
  const used = new Map();
  const linked = new Set();
  const mgmt = new Map();

  for (const [name, node] of Object.entries(nodes)) {
    if (!NAME_RE.test(name)) add('E003', `node name "${name}" is not lowercase/DNS-safe`);
    const image = node?.image ?? kinds[node?.kind]?.image;
    if (image) {
      const tag = image.includes(':') ? image.split(':').pop() : '';
      if (!tag || tag === 'latest') add('E004', `${name}: image "${image}" is not pinned`);
    }
    const ip = node?.['mgmt-ipv4'];
    if (ip) {
      if (mgmt.has(ip)) add('E005', `${name}: mgmt-ipv4 ${ip} also used by ${mgmt.get(ip)}`);
      mgmt.set(ip, name);
    }
    for (const bind of node?.binds ?? []) {
      const hostPath = bind.split(':')[0];
      const resolved = path.resolve(dir, hostPath);
      if (!resolved.startsWith(LABS + path.sep)) add('W102', `${name}: bind ${hostPath} points outside labs/`);
    }
    const startup = node?.['startup-config'];
    if (startup && !fs.existsSync(path.resolve(dir, startup))) add('W103', `${name}: startup-config ${startup} missing`);
  }

  links.forEach((link, i) => {
    for (const ep of link.endpoints ?? []) {
      const { node, iface } = parseEndpoint(ep);
      if (!(node in nodes)) {
        add('E001', `link ${i}: endpoint "${ep}" refers to unknown node`);
        continue;
      }
      linked.add(node);
      const key = `${node}:${iface}`;
      if (used.has(key)) add('E002', `link ${i}: ${key} already used by link ${used.get(key)}`);
      used.set(key, i);
    }
  });
  for (const name of Object.keys(nodes)) if (!linked.has(name)) add('W101', `${name} has no links`);
  return { doc, issues };
}

function mermaid(doc) {
  const lines = ['```mermaid', 'graph LR'];
  for (const [name, node] of Object.entries(doc.topology.nodes)) {
    const label = `${name}<br/><small>${node.kind ?? ''}</small>`;
    lines.push(`  ${name.replace(/-/g, '_')}["${label}"]`);
  }
  for (const link of doc.topology.links ?? []) {
    const [a, b] = (link.endpoints ?? []).map(parseEndpoint);
    if (!a || !b) continue;
    lines.push(`  ${a.node.replace(/-/g, '_')} ---|${a.iface} - ${b.iface}| ${b.node.replace(/-/g, '_')}`);
  }
  lines.push('```');
  return `${lines.join('\n')}\n`;
}

function summary(doc) {
  const nodes = Object.keys(doc?.topology?.nodes ?? {}).length;
  const links = (doc?.topology?.links ?? []).length;
  return `${doc?.name ?? '?'}: ${nodes} node(s), ${links} link(s)`;
}

function main() {
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  const wantMermaid = args.includes('--mermaid');
  const files = args.filter((a) => !a.startsWith('--'));
  if (!files.length) {
    console.error('usage: topo-lint.js <topology.clab.yml>... [--mermaid] [--strict]');
    process.exit(2);
  }
  if (wantMermaid && files.length !== 1) {
    console.error('--mermaid works with exactly one topology');
    process.exit(2);
  }
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    const { doc, issues } = lint(file);
    if (wantMermaid && doc) {
      process.stdout.write(mermaid(doc));
      continue;
    }
    console.log(`${path.relative(repoRoot, file)} - ${doc ? summary(doc) : 'unparsable'}`);
    for (const i of issues) {
      console.log(`  ${i.level === 'error' ? '✗' : '!'} ${i.code} ${i.msg}`);
      if (i.level === 'error') errors++;
      else warnings++;
    }
  }
  if (!wantMermaid) console.log(`\n${errors} error(s), ${warnings} warning(s) in ${files.length} topology file(s)`);
  process.exitCode = errors || (strict && warnings) ? 1 : 0;
}

main();
