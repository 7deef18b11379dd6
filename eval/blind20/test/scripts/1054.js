#!/usr/bin/env node
/**
 * test/vm/multipass.js - disposable Ubuntu VMs for the installer tests.
 *
 *   node test/vm/multipass.js launch [--release 24.04]   launch harbor-itest-<n>
 *   node test/vm/multipass.js run                        copy dist/*.deb in, install, run checks
 *   node test/vm/multipass.js clean                      delete + purge ONLY harbor-itest-* instances
 *   node test/vm/multipass.js ls
 *
 * Instance names carry the prefix harbor-itest- and the instance records the
 * repository path in a cloud-init written marker (/etc/harbor-itest). `clean`
 * checks both before deleting, so the developer's other multipass VMs survive.
 */
'use strict';

// Notes
// - Instances take ~60s to boot; cloud-init installs curl, jq and the
//   systemd journal tooling the checks rely on.
// - `transfer` copies into the instance as the default ubuntu user; the
//   checks run with sudo because the package installs a system service.
// - The marker file /etc/harbor-itest contains the absolute repository path,
//   so two checkouts on the same machine do not clean each other's VMs.
// - multipass purge is global, which is why other deleted instances are
//   recovered first (see clean()).
// - Logs are copied to build/itest-logs by the `logs` command.

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..', '..');
const PREFIX = 'harbor-itest-';
const CLOUD_INIT = path.join(__dirname, 'itest-cloud-init.yaml');
const CHECKS = path.join(__dirname, 'installer-checks.sh');

function mp(args, { capture = false, allowFail = false } = {}) {
  if (!capture) process.stderr.write(`multipass ${args.join(' ')}\n`);
  const res = spawnSync('multipass', args, {
    encoding: 'utf8',
    stdio: capture ? 'pipe' : 'inherit',
  });
  if (res.error) throw new Error(`multipass not available: ${res.error.message}`);
  if (res.status !== 0 && !allowFail) {
    throw new Error(`multipass ${args[0]} failed${capture ? `: ${res.stderr.trim()}` : ''}`);
  }
  return capture ? res.stdout : '';
}

function instances() {
  const data = JSON.parse(mp(['list', '--format', 'json'], { capture: true }));
  return data.list || [];
}

function ours() {
  return instances().filter((i) => i.name.startsWith(PREFIX));
}

function markerMatches(name) {
  const out = spawnSync('multipass', ['exec', name, '--', 'cat', '/etc/harbor-itest'], { encoding: 'utf8' });
  return out.status === 0 && out.stdout.trim() === REPO;
}

function renderCloudInit() {
  const template = fs.readFileSync(CLOUD_INIT, 'utf8');
  const rendered = template.replace('@@REPO@@', REPO);
  const target = path.join(REPO, 'build', 'itest-cloud-init.yaml');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, rendered);
  return target;
}

function nextName() {
  const used = new Set(ours().map((i) => Number(i.name.slice(PREFIX.length))).filter(Number.isFinite));
  let n = 1;
  while (used.has(n)) n += 1;
  return `${PREFIX}${n}`;
}

function launch(args) {
  const idx = args.indexOf('--release');
  const release = idx >= 0 ? args[idx + 1] : '24.04';
  const name = nextName();
  mp([
    'launch', release,
    '--name', name,
    '--cpus', '2',
    '--memory', '2G',
    '--disk', '10G',
    '--cloud-init', renderCloudInit(),
    '--timeout', '600',
  ]);
  console.log(name);
}

function latestDeb() {
  const dist = path.join(REPO, 'dist');
  const debs = fs.existsSync(dist) ? fs.readdirSync(dist).filter((f) => f.endsWith('.deb')) : [];
  if (!debs.length) throw new Error('no .deb in dist/; run npm run package:deb');
  debs.sort((a, b) => fs.statSync(path.join(dist, b)).mtimeMs - fs.statSync(path.join(dist, a)).mtimeMs);
  return path.join(dist, debs[0]);
}

function run() {
  const running = ours().filter((i) => i.state === 'Running');
  if (!running.length) throw new Error('no running harbor-itest instance; run launch first');
  const deb = latestDeb();
  let failed = 0;
  for (const inst of running) {
    if (!markerMatches(inst.name)) {
      console.error(`${inst.name}: marker does not match this repository, skipping`);
      continue;
    }
    mp(['transfer', deb, `${inst.name}:/tmp/harbor.deb`]);
    mp(['transfer', CHECKS, `${inst.name}:/tmp/checks.sh`]);
    const res = spawnSync('multipass', ['exec', inst.name, '--', 'sudo', 'bash', '-c',
      'apt-get install -y /tmp/harbor.deb && bash /tmp/checks.sh'], { stdio: 'inherit' });
    const ok = res.status === 0;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${inst.name} (${inst.release || 'ubuntu'})`);
    if (!ok) failed += 1;
  }
  if (failed) process.exitCode = 1;
}

function clean() {
  const victims = ours().filter((i) => i.state !== 'Running' || markerMatches(i.name));
  if (!victims.length) {
    console.log('nothing to clean');
    return;
  }
  for (const inst of victims) {
    mp(['delete', inst.name], { allowFail: true });
  }
  // purge only removes instances already in the Deleted state; ours were just deleted,
  // but other tools' deleted instances would also go, so recover those first
  const deletedOthers = instances().filter((i) => i.state === 'Deleted' && !i.name.startsWith(PREFIX));
  for (const inst of deletedOthers) mp(['recover', inst.name], { allowFail: true });
  mp(['purge']);
  console.log(`removed ${victims.map((i) => i.name).join(', ')}`);
}

function logs(args) {
  // cloud-init and installer logs from every running itest instance
  const running = ours().filter((i) => i.state === 'Running');
  const outDir = path.join(REPO, 'build', 'itest-logs');
  fs.mkdirSync(outDir, { recursive: true });
  for (const inst of running) {
    for (const file of ['/var/log/cloud-init-output.log', '/var/log/harbor-install.log']) {
      const res = spawnSync('multipass', ['exec', inst.name, '--', 'sudo', 'cat', file], { encoding: 'utf8' });
      if (res.status !== 0) continue;
      const target = path.join(outDir, `${inst.name}-${path.basename(file)}`);
      fs.writeFileSync(target, res.stdout);
      console.log(`saved ${path.relative(REPO, target)}`);
    }
  }
  if (args.includes('--print')) {
    for (const f of fs.readdirSync(outDir)) console.log(`--- ${f}\n${fs.readFileSync(path.join(outDir, f), 'utf8').slice(-2000)}`);
  }
}

function ls() {
  for (const inst of instances()) {
    const tag = inst.name.startsWith(PREFIX) ? '(itest)' : '';
    console.log(`${inst.name.padEnd(24)} ${inst.state.padEnd(10)} ${(inst.ipv4 || []).join(',')} ${tag}`);
  }
}

function main() {
  const [cmd = 'ls', ...args] = process.argv.slice(2);
  const table = { launch, run, clean, logs, ls };
  if (!table[cmd]) {
    console.error(`usage: multipass.js ${Object.keys(table).join('|')}`);
    process.exit(2);
  }
  table[cmd](args);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
}
