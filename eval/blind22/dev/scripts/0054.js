#!/usr/bin/env node
// scripts/dc.js - thin wrapper around the Dev Containers CLI for the
// "matrix" integration tests: one dev container per Node version.
//
//   node scripts/dc.js up [18 20 22]     build and start containers
//   node scripts/dc.js test              run `npm test` in each of them
//   node scripts/dc.js down              remove the containers this script made
//   node scripts/dc.js ls
//
// Containers are labelled dc-matrix.project=<repo path hash>; `down` removes
// only containers carrying our label with our hash, so other projects' dev
// containers (and the developer's main one) are untouched.

'use strict';

const { spawnSync, spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const HASH = crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
const LABEL = 'dc-matrix.project';
const VERSIONS = ['18', '20', '22'];
const BASE_CONFIG = path.join(ROOT, '.devcontainer', 'devcontainer.json');

const log = (...a) => console.log('[dc]', ...a);

function sh(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (res.error) throw res.error;
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`${cmd} ${args.slice(0, 2).join(' ')} failed: ${(res.stderr || '').trim().slice(-500)}`);
  }
  return res;
}

function stripJsonComments(text) {
  return text.replace(/^\s*\/\/.*$/gm, '').replace(/,\s*([}\]])/g, '$1');
}

function configFor(version) {
  const base = JSON.parse(stripJsonComments(fs.readFileSync(BASE_CONFIG, 'utf8')));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dc-matrix-${version}-`));
  const cfg = {
    ...base,
    name: `matrix-node-${version}`,
    image: `mcr.microsoft.com/devcontainers/javascript-node:${version}`,
    runArgs: [...(base.runArgs || []), '--label', `${LABEL}=${HASH}`, '--label', `dc-matrix.node=${version}`],
  };
  delete cfg.build;
  const file = path.join(dir, 'devcontainer.json');
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
  return { file, dir };
}

function ourContainers() {
  const res = sh('docker', ['ps', '-a', '--filter', `label=${LABEL}=${HASH}`,
    '--format', '{{.ID}}\t{{.Names}}\t{{.Status}}\t{{.Label "dc-matrix.node"}}'], { allowFail: true });
  return (res.stdout || '')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, name, status, node] = line.split('\t');
      return { id, name, status, node };
    });
}

function up(versions) {
  for (const v of versions) {
    if (!VERSIONS.includes(v)) throw new Error(`unsupported node version ${v}`);
  }
  for (const v of versions) {
    const { file, dir } = configFor(v);
    try {
      log(`starting node ${v}`);
      const res = sh('devcontainer', ['up', '--workspace-folder', ROOT, '--config', file,
        '--id-label', `${LABEL}=${HASH}`, '--id-label', `dc-matrix.node=${v}`], { allowFail: true });
      const last = (res.stdout || '').trim().split('\n').pop() || '{}';
      const out = JSON.parse(last);
      if (out.outcome !== 'success') throw new Error(`devcontainer up failed for ${v}: ${out.message || res.stderr}`);
      log(`node ${v}: container ${out.containerId.slice(0, 12)}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

function execIn(version, command) {
  return new Promise((resolve) => {
    const child = spawn('devcontainer', ['exec', '--workspace-folder', ROOT,
      '--id-label', `${LABEL}=${HASH}`, '--id-label', `dc-matrix.node=${version}`, ...command],
    { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ version, code, output }));
  });
}

async function test() {
  const containers = ourContainers().filter((c) => c.status.startsWith('Up'));
  if (!containers.length) throw new Error('no running matrix containers; run `up` first');
  const results = await Promise.all(containers.map((c) => execIn(c.node, ['npm', 'test', '--silent'])));
  let failed = 0;
  for (const r of results.sort((a, b) => a.version.localeCompare(b.version))) {
    const ok = r.code === 0;
    if (!ok) failed++;
    log(`node ${r.version}: ${ok ? 'PASS' : 'FAIL'}`);
    if (!ok) console.log(r.output.split('\n').slice(-30).join('\n'));
  }
  return failed ? 1 : 0;
}

function down() {
  const containers = ourContainers();
  if (!containers.length) {
    log('no matrix containers to remove');
    return;
  }
  for (const c of containers) {
    // double-check the label on the container itself before removing it
    const inspect = sh('docker', ['inspect', '--format', `{{index .Config.Labels "${LABEL}"}}`, c.id]);
    if (inspect.stdout.trim() !== HASH) {
      log(`skipping ${c.name}: label mismatch`);
      continue;
    }
    sh('docker', ['rm', '-f', c.id]);
    log(`removed ${c.name} (node ${c.node})`);
  }
}

// Remove dangling images that `devcontainer up` built for our matrix
// containers (tagged vsc-<folder>-<hash>-uid); other images are left alone.
function pruneImages() {
  const folder = path.basename(ROOT).toLowerCase();
  const res = sh('docker', ['images', '--format', '{{.Repository}}:{{.Tag}}\t{{.ID}}'], { allowFail: true });
  const ours = (res.stdout || '')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'))
    .filter(([name]) => name.startsWith(`vsc-${folder}-`) && name.includes('-uid'));
  for (const [name, id] of ours) {
    const rm = sh('docker', ['rmi', id], { allowFail: true });
    log(rm.status === 0 ? `removed image ${name}` : `image ${name} still in use`);
  }
}

function ls() {
  const rows = ourContainers();
  if (!rows.length) {
    log('none');
    return;
  }
  for (const r of rows) console.log(`${r.name.padEnd(32)} node ${r.node.padEnd(4)} ${r.status}`);
}

async function main() {
  const [cmd = 'ls', ...rest] = process.argv.slice(2);
  sh('devcontainer', ['--version']);
  switch (cmd) {
    case 'up':
      up(rest.length ? rest : VERSIONS);
      return 0;
    case 'test':
      return test();
    case 'down':
      down();
      if (rest.includes('--images')) pruneImages();
      return 0;
    case 'ls':
      ls();
      return 0;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

main()
  .then((code) => process.exit(code))
  .catch((e) => {
    console.error(`[dc] ${e.message}`);
    process.exit(1);
  });
