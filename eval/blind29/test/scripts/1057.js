#!/usr/bin/env node
// Analyse logic-analyser exports (sigrok-cli CSV) of the I2C/UART bring-up.
//
//   sigrok-cli -i captures/boot.sr -O csv > build/boot.csv
//   node tools/la-analyse.js build/boot.csv --channels SCL=D0,SDA=D1 --i2c
//   node tools/la-analyse.js build/uart.csv --uart RX=D2 --baud 115200
//
// Works purely on files in the repo: computes per-channel toggle counts, duty
// cycle and the shortest pulse (glitch detection), and decodes I2C START/STOP
// conditions and address bytes or 8N1 UART frames in software as a cross-check
// of sigrok's protocol decoders.  Results go to build/la/<capture>.json and a
// short text summary on stdout.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const PROJECT = path.resolve(__dirname, '..');

function parseArgs(argv) {
  const o = { file: null, channels: {}, i2c: false, uart: null, baud: 115200, rate: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--channels') {
      for (const pair of argv[++i].split(',')) {
        const [name, ch] = pair.split('=');
        o.channels[name] = ch;
      }
    } else if (a === '--i2c') o.i2c = true;
    else if (a === '--uart') o.uart = argv[++i].split('=')[1];
    else if (a === '--baud') o.baud = Number(argv[++i]);
    else if (a === '--rate') o.rate = Number(argv[++i]);
    else if (!a.startsWith('--')) o.file = a;
    else throw new Error(`unknown option ${a}`);
  }
  if (!o.file) throw new Error('no CSV file given');
  return o;
}

async function readCsv(file) {
  const csvLines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let header = null;
  let rate = null;
  const columns = {};
  for await (const line of csvLines) {
    if (line.startsWith(';')) {
      const m = /samplerate:\s*([\d.]+)\s*([kMG]?)Hz/i.exec(line);
      if (m) rate = Number(m[1]) * { '': 1, k: 1e3, M: 1e6, G: 1e9 }[m[2]];
      continue;
    }
    if (!header) {
      header = line.split(',').map((h) => h.trim());
      header.forEach((h) => (columns[h] = []));
      continue;
    }
    const values = line.split(',');
    header.forEach((h, i) => columns[h].push(values[i] === '1' ? 1 : 0));
  }
  return { rate, columns };
}

function channelStats(samples, rate) {
  let toggles = 0;
  let high = 0;
  let shortest = Infinity;
  let runStart = 0;
  for (let i = 0; i < samples.length; i++) {
    high += samples[i];
    if (i > 0 && samples[i] !== samples[i - 1]) {
      toggles++;
      const run = i - runStart;
      if (runStart > 0 && run < shortest) shortest = run;
      runStart = i;
    }
  }
  return {
    toggles,
    duty: samples.length ? high / samples.length : 0,
    shortestPulseNs: Number.isFinite(shortest) && rate ? (shortest / rate) * 1e9 : null,
  };
}

function decodeI2c(scl, sda) {
  const events = [];
  let bits = [];
  let inFrame = false;
  for (let i = 1; i < scl.length; i++) {
    if (scl[i] === 1 && scl[i - 1] === 1 && sda[i - 1] === 1 && sda[i] === 0) {
      events.push({ at: i, type: 'START' });
      inFrame = true;
      bits = [];
      continue;
    }
    if (scl[i] === 1 && scl[i - 1] === 1 && sda[i - 1] === 0 && sda[i] === 1) {
      events.push({ at: i, type: 'STOP' });
      inFrame = false;
      continue;
    }
    if (inFrame && scl[i - 1] === 0 && scl[i] === 1) {
      bits.push(sda[i]);
      if (bits.length === 9) {
        const byte = bits.slice(0, 8).reduce((acc, b) => (acc << 1) | b, 0);
        const ack = bits[8] === 0;
        const first = events.length && events[events.length - 1].type === 'START';
        events.push(first ? { at: i, type: 'ADDR', addr: byte >> 1, read: !!(byte & 1), ack } : { at: i, type: 'DATA', byte, ack });
        bits = [];
      }
    }
  }
  return events;
}

function decodeUart(rx, rate, baud) {
  const spb = rate / baud;
  const bytes = [];
  let i = 1;
  while (i < rx.length) {
    if (rx[i - 1] === 1 && rx[i] === 0) {
      let value = 0;
      for (let bit = 0; bit < 8; bit++) {
        const idx = Math.round(i + spb * (1.5 + bit));
        if (idx >= rx.length) return bytes;
        value |= rx[idx] << bit;
      }
      const stopIdx = Math.round(i + spb * 9.5);
      bytes.push({ at: i, value, framingError: rx[stopIdx] !== 1 });
      i = Math.round(i + spb * 10);
    } else {
      i++;
    }
  }
  return bytes;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const { rate: fileRate, columns } = await readCsv(o.file);
  const rate = o.rate || fileRate;
  if (!rate) throw new Error('sample rate unknown: pass --rate or export with sigrok metadata');
  const result = { file: o.file, rate, channels: {} };
  for (const [name, samples] of Object.entries(columns)) {
    if (/^D\d+$/.test(name) || Object.values(o.channels).includes(name)) result.channels[name] = channelStats(samples, rate);
  }
  if (o.i2c) {
    const scl = columns[o.channels.SCL || 'D0'];
    const sda = columns[o.channels.SDA || 'D1'];
    if (!scl || !sda) throw new Error('SCL/SDA columns not found');
    const events = decodeI2c(scl, sda);
    result.i2c = {
      transactions: events.filter((e) => e.type === 'START').length,
      nacks: events.filter((e) => e.ack === false).length,
      addresses: [...new Set(events.filter((e) => e.type === 'ADDR').map((e) => '0x' + e.addr.toString(16)))],
    };
  }
  if (o.uart) {
    const rx = columns[o.uart];
    if (!rx) throw new Error(`UART channel ${o.uart} not found`);
    const bytes = decodeUart(rx, rate, o.baud);
    result.uart = {
      bytes: bytes.length,
      framingErrors: bytes.filter((b) => b.framingError).length,
      text: Buffer.from(bytes.map((b) => b.value)).toString('latin1').replace(/[^\x20-\x7e\n]/g, '.').slice(0, 2000),
    };
  }
  const outDir = path.join(PROJECT, 'build', 'la');
  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `${path.basename(o.file, path.extname(o.file))}.json`);
  fs.writeFileSync(out, JSON.stringify(result, null, 2));
  for (const [name, s] of Object.entries(result.channels)) {
    const glitch = s.shortestPulseNs !== null && s.shortestPulseNs < 100 ? '  ⚠ glitch?' : '';
    console.log(`${name.padEnd(4)} toggles=${s.toggles} duty=${(s.duty * 100).toFixed(1)}% min=${s.shortestPulseNs?.toFixed(0) ?? '-'}ns${glitch}`);
  }
  if (result.i2c) console.log(`I2C: ${result.i2c.transactions} transactions, ${result.i2c.nacks} NACKs, addresses ${result.i2c.addresses.join(' ')}`);
  if (result.uart) console.log(`UART: ${result.uart.bytes} bytes, ${result.uart.framingErrors} framing errors\n${result.uart.text}`);
  console.error(`[la] saved ${path.relative(PROJECT, out)}`);
}

main().catch((e) => {
  console.error(`[la] ${e.message}`);
  process.exitCode = 1;
});
