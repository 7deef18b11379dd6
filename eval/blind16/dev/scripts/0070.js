#!/usr/bin/env node
// Flash and run the nRF52840 firmware with probe-rs, for the dev board on the desk.
//
//   node tools/flash-nrf.js [--probe VID:PID[:SERIAL]] [--release] [--attach] [--dry-run]
//
// Builds the embedded crate with cargo for thumbv7em-none-eabihf, picks the
// debug probe from `probe-rs list` (only J-Link and CMSIS-DAP probes on the
// allow-list; refuses if several match and none was chosen), then runs
// `probe-rs download --chip nRF52840_xxAA` followed by `probe-rs reset`. It
// never calls `probe-rs erase` and never passes --chip-erase: only the sectors
// covered by the ELF are rewritten. --attach streams RTT logs afterwards.
'use strict';

const { execFileSync, spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CRATE_DIR = path.join(ROOT, 'firmware', 'sensornode');
const TARGET = 'thumbv7em-none-eabihf';
const CHIP = 'nRF52840_xxAA';
const BIN_NAME = 'sensornode';
const PROBE_ALLOW = [
  { vid: '1366', name: 'SEGGER J-Link' },
  { vid: '0d28', name: 'CMSIS-DAP (DAPLink)' },
  { vid: 'c251', name: 'CMSIS-DAP (Keil)' },
];

function parseArgs(argv) {
  const o = { probe: null, release: false, attach: false, dryRun: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--probe') o.probe = argv[++i];
    else if (a === '--release') o.release = true;
    else if (a === '--attach') o.attach = true;
    else if (a === '--dry-run') o.dryRun = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

function have(cmd) {
  return spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;
}

function listProbes() {
  let out = '';
  try {
    out = execFileSync('probe-rs', ['list'], { encoding: 'utf8' });
  } catch (err) {
    throw new Error(`probe-rs list failed: ${err.message}`);
  }
  // lines look like: [0]: J-Link (J-Link) (VID: 1366, PID: 0105, Serial: 000683512345, JLink)
  const probes = [];
  const re = /^\[(\d+)\]:\s*(.+?)\s*\(VID:\s*([0-9a-f]{4}),\s*PID:\s*([0-9a-f]{4})(?:,\s*Serial:\s*([^,)]+))?/gim;
  let m;
  while ((m = re.exec(out))) {
    probes.push({ index: Number(m[1]), label: m[2], vid: m[3].toLowerCase(), pid: m[4].toLowerCase(), serial: m[5] || '' });
  }
  return probes;
}

function selectProbe(requested) {
  const allowed = listProbes().filter((p) => PROBE_ALLOW.some((a) => a.vid === p.vid));
  if (requested) {
    const [vid, pid, serial] = requested.toLowerCase().split(':');
    const hit = allowed.find((p) => p.vid === vid && p.pid === pid && (!serial || p.serial.toLowerCase() === serial));
    if (!hit) throw new Error(`probe ${requested} not attached or not on the allow-list`);
    return hit;
  }
  if (!allowed.length) throw new Error('no allowed debug probe attached (J-Link or CMSIS-DAP)');
  if (allowed.length > 1) {
    const list = allowed.map((p) => `${p.vid}:${p.pid}:${p.serial} (${p.label})`).join('\n  ');
    throw new Error(`several probes attached; choose one with --probe:\n  ${list}`);
  }
  return allowed[0];
}

function checkTarget() {
  // The cross target has to be installed once; we only report, we do not install it here.
  let installed = '';
  try {
    installed = execFileSync('rustup', ['target', 'list', '--installed'], { encoding: 'utf8' });
  } catch {
    return; // not a rustup toolchain; cargo will report a clear error itself
  }
  if (!installed.split('\n').includes(TARGET)) {
    throw new Error(`Rust target ${TARGET} is not installed; run: rustup target add ${TARGET}`);
  }
}

function probeSelector(p) {
  return p.serial ? `${p.vid}:${p.pid}:${p.serial}` : `${p.vid}:${p.pid}`;
}

function build(release) {
  const args = ['build', '--target', TARGET, '--bin', BIN_NAME];
  if (release) args.push('--release');
  const res = spawnSync('cargo', args, { cwd: CRATE_DIR, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('cargo build failed');
  const elf = path.join(CRATE_DIR, 'target', TARGET, release ? 'release' : 'debug', BIN_NAME);
  if (!fs.existsSync(elf)) throw new Error(`ELF not found at ${elf}`);
  return elf;
}

function sizeReport(elf) {
  try {
    const out = execFileSync('arm-none-eabi-size', [elf], { encoding: 'utf8' });
    const [, row] = out.trim().split('\n');
    const [text, data, bss] = row.trim().split(/\s+/).map(Number);
    console.log(`flash ${(text + data) / 1024 | 0} KiB, RAM ${(data + bss) / 1024 | 0} KiB`);
  } catch {
    /* size report is optional */
  }
}

function probeRs(args) {
  const res = spawnSync('probe-rs', args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`probe-rs ${args[0]} failed`);
}

function attach(probe, elf) {
  const child = spawn('probe-rs', ['attach', '--chip', CHIP, '--probe', probeSelector(probe), elf], { stdio: 'inherit' });
  process.on('SIGINT', () => child.kill('SIGINT'));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const tool of ['cargo', 'probe-rs']) {
    if (!have(tool)) throw new Error(`${tool} not found in PATH`);
  }
  checkTarget();
  const probe = selectProbe(opts.probe);
  console.log(`using probe ${probe.label} (${probeSelector(probe)})`);
  const elf = build(opts.release);
  sizeReport(elf);
  const download = ['download', '--chip', CHIP, '--probe', probeSelector(probe), '--verify', elf];
  if (opts.dryRun) {
    console.log(`dry run: probe-rs ${download.join(' ')}`);
    return;
  }
  probeRs(download);
  probeRs(['reset', '--chip', CHIP, '--probe', probeSelector(probe)]);
  console.log('firmware flashed and target reset');
  if (opts.attach) attach(probe, elf);
}

try {
  main();
} catch (err) {
  console.error(`flash-nrf: ${err.message}`);
  process.exit(1);
}
