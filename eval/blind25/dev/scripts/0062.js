#!/usr/bin/env node
// tools/serial-log.js - log the sensor board's serial output and (re)flash it.
//
//   node tools/serial-log.js ports                 list serial ports with USB ids
//   node tools/serial-log.js log [--port P]        log lines to logs/serial-<date>.log
//   node tools/serial-log.js flash [--yes]         build firmware with PlatformIO and upload
//
// The board is found by USB vendor/product id and serial number from
// board.json, so another device on /dev/ttyUSB* is never opened or flashed.
// Access to the tty relies on the user being in the dialout group; this
// script never changes device permissions.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const BOARD = JSON.parse(fs.readFileSync(path.join(ROOT, 'board.json'), 'utf8'));
const LOG_DIR = path.join(ROOT, 'logs');
const BY_ID = '/dev/serial/by-id';

function say(msg) {
  console.log(`serial: ${msg}`);
}

function udevProps(dev) {
  const res = spawnSync('udevadm', ['info', '-q', 'property', '-n', dev], { encoding: 'utf8' });
  const props = {};
  for (const line of (res.stdout || '').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) props[line.slice(0, i)] = line.slice(i + 1);
  }
  return props;
}

function listPorts() {
  const devs = fs
    .readdirSync('/dev')
    .filter((n) => /^tty(USB|ACM)\d+$/.test(n))
    .map((n) => `/dev/${n}`);
  return devs.map((dev) => {
    const p = udevProps(dev);
    return { dev, vendor: p.ID_VENDOR_ID, product: p.ID_MODEL_ID, serial: p.ID_SERIAL_SHORT, model: p.ID_MODEL };
  });
}

function findBoard(explicit) {
  const ports = listPorts();
  if (explicit) {
    const hit = ports.find((p) => p.dev === explicit);
    if (!hit) throw new Error(`${explicit} not present`);
    if (hit.serial !== BOARD.serial) throw new Error(`${explicit} has serial ${hit.serial}, expected ${BOARD.serial}`);
    return hit;
  }
  const matches = ports.filter(
    (p) => p.vendor === BOARD.vendor && p.product === BOARD.product && p.serial === BOARD.serial,
  );
  if (matches.length !== 1) throw new Error(`expected exactly one board with serial ${BOARD.serial}, found ${matches.length}`);
  return matches[0];
}

function checkAccess(dev) {
  try {
    fs.accessSync(dev, fs.constants.R_OK | fs.constants.W_OK);
  } catch {
    throw new Error(`no access to ${dev}; add yourself to the dialout group (ask an admin) and log in again`);
  }
}

function configure(dev, baud) {
  const res = spawnSync('stty', ['-F', dev, String(baud), 'raw', '-echo', 'cs8', '-cstopb', '-parenb'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`stty failed: ${res.stderr.trim()}`);
}

function logFile() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const day = new Date().toISOString().slice(0, 10);
  return path.join(LOG_DIR, `serial-${day}.log`);
}

function logLines(port) {
  const board = findBoard(port);
  checkAccess(board.dev);
  configure(board.dev, BOARD.baud || 115200);
  const out = fs.createWriteStream(logFile(), { flags: 'a' });
  const input = fs.createReadStream(board.dev, { encoding: 'utf8' });
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let count = 0;
  say(`logging ${board.dev} (${board.model || 'board'}) to ${path.relative(ROOT, logFile())}; Ctrl-C to stop`);
  rl.on('line', (line) => {
    const stamped = `${new Date().toISOString()} ${line}`;
    out.write(`${stamped}\n`);
    count += 1;
    if (BOARD.echo !== false) console.log(stamped);
  });
  const stop = () => {
    rl.close();
    input.destroy();
    out.end(() => {
      say(`${count} line(s) written`);
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  input.on('error', (err) => {
    say(`read error: ${err.message}`);
    stop();
  });
}

function confirm(question) {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    rl.question(`${question} [y/N] `, (a) => {
      rl.close();
      resolve(/^y(es)?$/i.test(a.trim()));
    });
  });
}

function pio(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('pio', args, { cwd: path.join(ROOT, 'firmware'), stdio: 'inherit' });
    child.on('error', (err) => reject(new Error(`pio: ${err.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pio ${args[0]} exited ${code}`))));
  });
}

async function flash(assumeYes, port) {
  const board = findBoard(port);
  checkAccess(board.dev);
  await pio(['run', '-e', BOARD.env]);
  const fw = path.join(ROOT, 'firmware', '.pio', 'build', BOARD.env, 'firmware.bin');
  const size = fs.existsSync(fw) ? fs.statSync(fw).size : 0;
  say(`firmware ${size} bytes for ${BOARD.env}`);
  if (!assumeYes && !(await confirm(`upload to ${board.dev} (serial ${board.serial})?`))) {
    say('not flashed');
    return;
  }
  await pio(['run', '-e', BOARD.env, '-t', 'upload', '--upload-port', board.dev]);
  say('flashed; start logging with: node tools/serial-log.js log');
}

function tailLog(n = 20) {
  // print the last n lines of today's log without opening the device
  const file = logFile();
  if (!fs.existsSync(file)) {
    say('no log for today');
    return;
  }
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  lines.slice(-n).forEach((l) => console.log(l));
}

function parse(argv) {
  const opts = { cmd: argv[0] || 'ports', port: null, yes: false };
  for (let i = 1; i < argv.length; i += 1) {
    if (argv[i] === '--port') opts.port = argv[++i];
    else if (argv[i] === '--yes') opts.yes = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return opts;
}

async function main() {
  const opts = parse(process.argv.slice(2));
  if (opts.cmd === 'ports') {
    const ports = listPorts();
    if (!ports.length) say('no USB serial ports');
    ports.forEach((p) => {
      const mark = p.serial === BOARD.serial ? '*' : ' ';
      console.log(`${mark} ${p.dev.padEnd(14)} ${p.vendor}:${p.product} ${p.serial || '-'} ${p.model || ''}`);
    });
    if (fs.existsSync(BY_ID)) say(`stable names in ${BY_ID}`);
    return;
  }
  if (opts.cmd === 'log') return logLines(opts.port);
  if (opts.cmd === 'tail') return tailLog();
  if (opts.cmd === 'flash') return flash(opts.yes, opts.port);
  throw new Error(`unknown command ${opts.cmd}`);
}

main().catch((err) => {
  console.error(`serial: ${err.message}`);
  process.exit(1);
});
