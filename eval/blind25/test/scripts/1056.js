#!/usr/bin/env node
/**
 * tools/usb-watch.js - watch USB/serial hotplug events for the test rig and
 * keep a device inventory (read-only: udevadm monitor + /sys).
 *
 *   node tools/usb-watch.js            live log of add/remove events for tty/usb
 *   node tools/usb-watch.js --once     print the current inventory and exit
 *   node tools/usb-watch.js --json     inventory as JSON (for the rig dashboard)
 *   node tools/usb-watch.js --check    compare attached devices with config/known-devices.json
 *
 * Spawns `udevadm monitor --udev --property` and parses its output; the child
 * is killed when this process exits. Writes only logs/usb-events.log and
 * build/usb-inventory.json in this repository. Does not change device
 * permissions or install udev rules; the README explains how an admin can.
 */
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const RIG = path.resolve(__dirname, '..');
const EVENT_LOG = path.join(RIG, 'logs', 'usb-events.log');
const INVENTORY = path.join(RIG, 'build', 'usb-inventory.json');
const KNOWN = path.join(RIG, 'config', 'known-devices.json');

function readSys(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function knownDevices() {
  if (!fs.existsSync(KNOWN)) return {};
  return JSON.parse(fs.readFileSync(KNOWN, 'utf8'));
}

function usbAncestor(sysPath) {
  let dir = fs.realpathSync(sysPath);
  while (dir !== '/' && !fs.existsSync(path.join(dir, 'idVendor'))) dir = path.dirname(dir);
  return dir === '/' ? null : dir;
}

function ttyInventory() {
  const base = '/sys/class/tty';
  const known = knownDevices();
  const out = [];
  for (const name of fs.readdirSync(base)) {
    if (!/^tty(USB|ACM)\d+$/.test(name)) continue;
    const usb = usbAncestor(path.join(base, name, 'device'));
    if (!usb) continue;
    const vid = readSys(path.join(usb, 'idVendor'));
    const pid = readSys(path.join(usb, 'idProduct'));
    const serial = readSys(path.join(usb, 'serial'));
    const entry = {
      dev: `/dev/${name}`,
      vid,
      pid,
      serial,
      product: readSys(path.join(usb, 'product')),
      busPath: path.basename(usb),
      label: (serial && known[serial]) || null,
    };
    try {
      fs.accessSync(entry.dev, fs.constants.R_OK | fs.constants.W_OK);
      entry.access = 'rw';
    } catch {
      entry.access = 'none';
    }
    out.push(entry);
  }
  return out.sort((a, b) => a.dev.localeCompare(b.dev));
}

function printInventory(list) {
  if (!list.length) {
    console.log('no USB serial devices');
    return;
  }
  for (const d of list) {
    const label = d.label ? ` [${d.label}]` : '';
    console.log(`${d.dev.padEnd(14)} ${d.vid}:${d.pid} ${d.serial || '-'} ${d.product || ''}${label} access=${d.access}`);
  }
  const noAccess = list.filter((d) => d.access === 'none');
  if (noAccess.length) {
    console.log(`\n${noAccess.length} device(s) not accessible; see README "serial permissions" (dialout group)`);
  }
}

function saveInventory(list) {
  fs.mkdirSync(path.dirname(INVENTORY), { recursive: true });
  fs.writeFileSync(INVENTORY, `${JSON.stringify({ at: new Date().toISOString(), devices: list }, null, 2)}\n`);
}

function logEvent(line) {
  fs.mkdirSync(path.dirname(EVENT_LOG), { recursive: true });
  fs.appendFileSync(EVENT_LOG, `${new Date().toISOString()} ${line}\n`);
}

function monitor() {
  const child = spawn('udevadm', ['monitor', '--udev', '--property', '--subsystem-match=tty', '--subsystem-match=usb'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  process.on('SIGINT', () => {
    stop();
    process.exit(0);
  });
  const rl = readline.createInterface({ input: child.stdout });
  let block = {};
  const known = knownDevices();
  rl.on('line', (line) => {
    if (line.trim() === '') {
      if (block.ACTION && block.SUBSYSTEM === 'tty' && block.DEVNAME) {
        const label = known[block.ID_SERIAL_SHORT] ? ` [${known[block.ID_SERIAL_SHORT]}]` : '';
        const msg = `${block.ACTION} ${block.DEVNAME} ${block.ID_VENDOR_ID || '?'}:${block.ID_MODEL_ID || '?'} ${block.ID_SERIAL_SHORT || '-'}${label}`;
        console.log(msg);
        logEvent(msg);
        saveInventory(ttyInventory());
      }
      block = {};
      return;
    }
    const i = line.indexOf('=');
    if (i > 0) block[line.slice(0, i)] = line.slice(i + 1);
  });
  child.on('exit', (code) => {
    console.log(`udevadm exited (${code})`);
    process.exit(code || 0);
  });
  console.log('watching tty/usb events (Ctrl-C to stop)');
}

function compareWithKnown(list) {
  // which registered rig devices are missing, and which attached ones are unknown
  const known = knownDevices();
  const attached = new Set(list.map((d) => d.serial).filter(Boolean));
  const missing = Object.entries(known).filter(([serial]) => !attached.has(serial));
  const unknown = list.filter((d) => !d.serial || !known[d.serial]);
  if (missing.length) {
    console.log('registered but not attached:');
    missing.forEach(([serial, label]) => console.log(`  ${label} (${serial})`));
  }
  if (unknown.length) {
    console.log('attached but not registered in config/known-devices.json:');
    unknown.forEach((d) => console.log(`  ${d.dev} ${d.vid}:${d.pid} ${d.serial || '-'}`));
  }
  if (!missing.length && !unknown.length) console.log('rig complete: all registered devices attached');
  return missing.length === 0;
}

function main() {
  const args = new Set(process.argv.slice(2));
  const list = ttyInventory();
  if (args.has('--check')) {
    process.exitCode = compareWithKnown(list) ? 0 : 1;
    return;
  }
  saveInventory(list);
  if (args.has('--json')) {
    process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
    return;
  }
  printInventory(list);
  if (args.has('--once')) return;
  monitor();
}

try {
  main();
} catch (err) {
  process.stderr.write(`usb-watch: ${err.message}\n`);
  process.exit(1);
}
