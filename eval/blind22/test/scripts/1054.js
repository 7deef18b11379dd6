#!/usr/bin/env node
// tools/colima-profiles.js -- per-architecture Colima VMs for the ledger
// multi-arch image tests on macOS and Linux.
//
//   node tools/colima-profiles.js up [amd64|arm64 ...]
//   node tools/colima-profiles.js build          docker buildx build against each VM
//   node tools/colima-profiles.js down           stop + delete only the profiles we created
//   node tools/colima-profiles.js ls
//
// Profiles are named "ledger-<arch>". Ownership is recorded in
// .colima-profiles.json with the profile's creation time as reported by
// `colima list --json`; `down` deletes a profile only when both name and
// creation time still match, so the developer's default profile and any
// profile they made by hand are never deleted.

'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '..');
const ownership = path.join(repo, '.colima-profiles.json');
const ARCHES = { amd64: 'x86_64', arm64: 'aarch64' };
const RESOURCES = { cpu: 4, memory: 6, disk: 40 };

function colima(args, { inherit = false } = {}) {
  const res = spawnSync('colima', args, { encoding: 'utf8', stdio: inherit ? 'inherit' : 'pipe' });
  if (res.error) throw res.error;
  return { ok: res.status === 0, out: (res.stdout ?? '').trim(), err: (res.stderr ?? '').trim() };
}

function profiles() {
  const { ok, out } = colima(['list', '--json']);
  if (!ok || !out) return [];
  // colima prints one JSON object per line
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function readOwned() {
  return fs.existsSync(ownership) ? JSON.parse(fs.readFileSync(ownership, 'utf8')) : {};
}

function writeOwned(data) {
  fs.writeFileSync(ownership, JSON.stringify(data, null, 2) + '\n');
}

const nameFor = (arch) => `ledger-${arch}`;

function up(arches) {
  const owned = readOwned();
  const live = new Map(profiles().map((p) => [p.name, p]));
  for (const arch of arches) {
    if (!ARCHES[arch]) throw new Error(`unknown arch ${arch} (${Object.keys(ARCHES).join(', ')})`);
    const name = nameFor(arch);
    const existing = live.get(name);
    if (existing && !owned[name]) throw new Error(`${name} exists but was not created by this tool`);
    if (existing?.status === 'Running') {
      console.log(`${name}: running`);
      continue;
    }
    const args = ['start', '--profile', name, '--arch', ARCHES[arch], '--cpu', String(RESOURCES.cpu),
      '--memory', String(RESOURCES.memory), '--disk', String(RESOURCES.disk), '--runtime', 'docker'];
    console.log(`${name}: starting`);
    const res = colima(args, { inherit: true });
    if (!res.ok) throw new Error(`colima start ${name} failed`);
    if (!owned[name]) {
      const created = profiles().find((p) => p.name === name);
      owned[name] = { arch, created: created?.created ?? new Date().toISOString() };
      writeOwned(owned);
    }
  }
}

function build() {
  const owned = readOwned();
  const live = profiles().filter((p) => owned[p.name] && p.status === 'Running');
  if (!live.length) throw new Error('no running ledger profiles; run up first');
  let failed = 0;
  for (const p of live) {
    const context = `colima-${p.name}`;
    const arch = owned[p.name].arch;
    console.log(`building linux/${arch} on ${context}`);
    const res = spawnSync('docker', ['--context', context, 'build', '--platform', `linux/${arch}`,
      '-t', `ledger-api:test-${arch}`, '-f', 'deploy/Dockerfile', '.'], { cwd: repo, stdio: 'inherit' });
    if (res.status !== 0) failed++;
  }
  return failed ? 1 : 0;
}

function down() {
  const owned = readOwned();
  const live = new Map(profiles().map((p) => [p.name, p]));
  for (const [name, meta] of Object.entries(owned)) {
    const p = live.get(name);
    if (!p) {
      console.log(`${name}: already gone`);
      delete owned[name];
      continue;
    }
    if (p.created && meta.created && p.created !== meta.created) {
      console.log(`${name}: recreated by someone else since we made it; leaving it`);
      continue;
    }
    colima(['stop', '--profile', name]);
    const res = colima(['delete', '--profile', name, '--force']);
    console.log(res.ok ? `${name}: deleted` : `${name}: delete failed (${res.err})`);
    if (res.ok) delete owned[name];
  }
  writeOwned(owned);
  if (!Object.keys(owned).length) fs.rmSync(ownership, { force: true });
}

// Run the smoke test container on each owned profile and compare outputs;
// differences between architectures are what these VMs exist to catch.
function smoke() {
  const owned = readOwned();
  const live = profiles().filter((p) => owned[p.name] && p.status === 'Running');
  const outputs = {};
  for (const p of live) {
    const arch = owned[p.name].arch;
    const res = spawnSync('docker', ['--context', `colima-${p.name}`, 'run', '--rm', `ledger-api:test-${arch}`,
      'ledger-api', '--self-test', '--json'], { encoding: 'utf8' });
    outputs[arch] = res.status === 0 ? res.stdout.trim() : `exit ${res.status}: ${(res.stderr ?? '').trim().slice(-200)}`;
    console.log(`${arch}: ${res.status === 0 ? 'ok' : 'FAILED'}`);
  }
  const distinct = new Set(Object.values(outputs));
  if (distinct.size > 1) {
    console.log('self-test output differs between architectures:');
    for (const [arch, out] of Object.entries(outputs)) console.log(`  ${arch}: ${out.slice(0, 160)}`);
    return 1;
  }
  return 0;
}

// Docker contexts are created by colima per profile; show which one is active
// so a developer is not surprised that `docker ps` talks to a test VM.
function contexts() {
  const res = spawnSync('docker', ['context', 'ls', '--format', '{{.Name}}\t{{.Current}}'], { encoding: 'utf8' });
  for (const line of (res.stdout ?? '').split('\n').filter(Boolean)) {
    const [name, current] = line.split('\t');
    if (name.startsWith('colima')) console.log(`${current === 'true' ? '*' : ' '} ${name}`);
  }
}

function ls() {
  contexts();
  const owned = readOwned();
  for (const p of profiles()) {
    const mine = owned[p.name] ? 'ours' : '-';
    console.log(`${p.name.padEnd(20)} ${String(p.status).padEnd(10)} ${String(p.arch).padEnd(8)} ${mine}`);
  }
}

function main() {
  const [cmd = 'ls', ...archList] = process.argv.slice(2);
  const rest = archList;
  switch (cmd) {
    case 'up':
      up(rest.length ? rest : Object.keys(ARCHES));
      return 0;
    case 'build':
      return build();
    case 'smoke':
      return smoke();
    case 'down':
      down();
      return 0;
    case 'ls':
      ls();
      return 0;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
}

try {
  process.exitCode = main();
} catch (e) {
  console.error(`colima-profiles: ${e.message}`);
  process.exit(1);
}
