#!/usr/bin/env node
/**
 * Serial logger for weatherbox boards on the bench.
 *
 *   node tools/serial-log.js [--port /dev/ttyACM0] [--baud 115200] [--minutes 30] [--grep ERR]
 *
 * Opens exactly one serial port with the `serialport` package. Only USB CDC /
 * USB-UART ports whose USB vendor id is on the allow-list (the boards and
 * probes we use) are accepted; with several candidates the port must be given.
 * Lines are timestamped and written to logs/serial/<board-serial>/<date>.log
 * inside the repository; files older than 14 days in that folder are pruned.
 * The port is opened read-only in the sense that nothing is ever written to it
 * (no reset, no commands) unless --reset is passed, which toggles DTR once.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { SerialPort } = require('serialport');
const { ReadlineParser } = require('@serialport/parser-readline');

const WS = path.resolve(__dirname, '..');
const LOG_ROOT = path.join(WS, 'logs', 'serial');
const ALLOWED_VENDORS = {
  '2fe3': 'weatherbox (Zephyr CDC ACM)',
  '0483': 'ST-LINK VCP',
  '1366': 'SEGGER J-Link VCOM',
  '303a': 'Espressif USB JTAG/serial',
  '10c4': 'CP210x bridge',
};
const KEEP_DAYS = 14;

function flags(argv) {
  const f = { port: null, baud: 115200, minutes: 0, grep: null, reset: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--port') f.port = argv[++i];
    else if (a === '--baud') f.baud = Number(argv[++i]);
    else if (a === '--minutes') f.minutes = Number(argv[++i]);
    else if (a === '--grep') f.grep = new RegExp(argv[++i]);
    else if (a === '--reset') f.reset = true;
    else throw new Error(`unknown flag ${a}`);
  }
  if (![9600, 57600, 115200, 230400, 921600].includes(f.baud)) throw new Error(`unusual baud rate ${f.baud}`);
  return f;
}

async function candidates() {
  const ports = await SerialPort.list();
  return ports.filter((p) => p.vendorId && ALLOWED_VENDORS[p.vendorId.toLowerCase()]);
}

async function choosePort(requested) {
  const list = await candidates();
  if (requested) {
    const hit = list.find((p) => p.path === requested);
    if (!hit) throw new Error(`${requested} is not an allowed dev-board port (${list.map((p) => p.path).join(', ') || 'none found'})`);
    return hit;
  }
  if (list.length === 0) throw new Error('no allowed serial device found');
  if (list.length > 1) {
    throw new Error(`several ports: ${list.map((p) => `${p.path} (${ALLOWED_VENDORS[p.vendorId.toLowerCase()]})`).join(', ')}; pass --port`);
  }
  return list[0];
}

function pruneOld(dir) {
  if (!fs.existsSync(dir)) return 0;
  const cutoff = Date.now() - KEEP_DAYS * 86400000;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name.endsWith('.log') && fs.statSync(file).mtimeMs < cutoff) {
      fs.unlinkSync(file);
      removed += 1;
    }
  }
  return removed;
}

function logFileFor(info) {
  const id = (info.serialNumber || path.basename(info.path)).replace(/[^A-Za-z0-9_-]/g, '_');
  const dir = path.join(LOG_ROOT, id);
  fs.mkdirSync(dir, { recursive: true });
  const pruned = pruneOld(dir);
  if (pruned) console.log(`[serial] pruned ${pruned} logs older than ${KEEP_DAYS} days`);
  const day = new Date().toISOString().slice(0, 10);
  return path.join(dir, `${day}.log`);
}

function listPorts(all) {
  // `--list` helper: show what is attached and which entries the allow-list accepts.
  return all.map((p) => {
    const vendor = (p.vendorId || '').toLowerCase();
    const label = ALLOWED_VENDORS[vendor];
    return `${p.path.padEnd(22)} ${vendor || '----'}:${(p.productId || '----').toLowerCase()}  ${label ? `allowed (${label})` : 'ignored'}`;
  });
}

function bytesHuman(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1048576).toFixed(1)} MB`;
}

function timestamp() {
  return new Date().toISOString().replace('T', ' ').replace('Z', '');
}

async function main() {
  if (process.argv.includes('--list')) {
    for (const line of listPorts(await SerialPort.list())) console.log(line);
    return;
  }
  const f = flags(process.argv.slice(2));
  const info = await choosePort(f.port);
  const logFile = logFileFor(info);
  const out = fs.createWriteStream(logFile, { flags: 'a' });
  const port = new SerialPort({ path: info.path, baudRate: f.baud, autoOpen: false });
  await new Promise((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  console.log(`[serial] ${info.path} (${ALLOWED_VENDORS[info.vendorId.toLowerCase()]}) at ${f.baud} -> ${path.relative(WS, logFile)}`);

  if (f.reset) {
    await new Promise((r) => port.set({ dtr: false }, r));
    await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => port.set({ dtr: true }, r));
  }

  let lines = 0;
  const parser = port.pipe(new ReadlineParser({ delimiter: '\n' }));
  parser.on('data', (raw) => {
    const line = raw.replace(/\r$/, '');
    lines += 1;
    out.write(`${timestamp()} ${line}\n`);
    if (!f.grep || f.grep.test(line)) process.stdout.write(`${line}\n`);
  });

  const stop = () => {
    port.close(() => {
      out.end();
      const size = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      console.log(`\n[serial] ${lines} lines logged (${bytesHuman(size)} in today's file)`);
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  port.on('close', () => out.end());
  if (f.minutes > 0) setTimeout(stop, f.minutes * 60000);
}

main().catch((err) => {
  console.error(`[serial] ${err.message}`);
  process.exit(1);
});
