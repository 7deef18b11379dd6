#!/usr/bin/env node
// Owner: dashboard team.
// No dependencies beyond Node >= 18.
//
//
// Scenario file format (JSON array, times in seconds from start):
//   [ { "at": 30, "table": "input", "address": 12, "value": 0, "note": "conveyor jam" },
//     { "at": 45, "address": 3, "value": 1, "note": "operator reset" } ]
//
// Exception codes returned: 0x01 illegal function, 0x02 illegal data address,
// 0x03 illegal data value - as a real PLC would.
//
// Exit status: 0 on Ctrl-C, 2 on bad options or register map errors.
//
// modbus-sim.js - Modbus TCP simulator of the bottling line for the dashboard tests.
//
//   node tools/modbus-sim.js                    listen on 127.0.0.1:1502, unit id 1
//   node tools/modbus-sim.js --port 5020 --scenario tests/plant/jam.json
//
// Implements the function codes the dashboard uses:
//   0x03 Read Holding Registers     0x04 Read Input Registers
//   0x06 Write Single Register      0x10 Write Multiple Registers
// The register map lives in config/plant-registers.json.  A scenario file can
// script value changes over time (e.g. a conveyor jam at t=30 s).  The server
// binds to the loopback interface only and refuses --host values that are not
// loopback, so the simulator is never reachable from the plant network.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const MAP_FILE = path.join(repoRoot, 'config', 'plant-registers.json');
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function options(argv) {
  const o = { host: '127.0.0.1', port: 1502, unit: 1, scenario: null, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--host') o.host = argv[++i];
    else if (a === '--port') o.port = Number(argv[++i]);
    else if (a === '--unit') o.unit = Number(argv[++i]);
    else if (a === '--scenario') o.scenario = argv[++i];
    else if (a === '-v') o.verbose = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!LOOPBACK.has(o.host)) throw new Error(`--host ${o.host} is not loopback; the simulator only listens locally`);
  return o;
}

class Registers {
  constructor(map) {
    this.holding = new Uint16Array(1024);
    this.input = new Uint16Array(1024);
    this.names = new Map();
    for (const r of map.holding ?? []) {
      this.holding[r.address] = r.initial ?? 0;
      this.names.set(`h${r.address}`, r.name);
    }
    for (const r of map.input ?? []) {
      this.input[r.address] = r.initial ?? 0;
      this.names.set(`i${r.address}`, r.name);
    }
  }

  read(table, start, count) {
    const src = table === 'holding' ? this.holding : this.input;
    if (start + count > src.length) return null;
    return src.slice(start, start + count);
  }

  write(start, values) {
    if (start + values.length > this.holding.length) return false;
    this.holding.set(values, start);
    return true;
  }
}

function exception(header, fc, code) {
  const pdu = Buffer.from([fc | 0x80, code]);
  return frame(header, pdu);
}

function frame(header, pdu) {
  const out = Buffer.alloc(7 + pdu.length);
  header.copy(out, 0, 0, 4);
  out.writeUInt16BE(pdu.length + 1, 4);
  out[6] = header[6];
  pdu.copy(out, 7);
  return out;
}

function handle(regs, unit, req, log) {
  const header = req.subarray(0, 7);
  if (header[6] !== unit) return null; // not for us; a real gateway would time out too
  const fc = req[7];
  const start = req.readUInt16BE(8);
  switch (fc) {
    case 0x03:
    case 0x04: {
      const count = req.readUInt16BE(10);
      if (count < 1 || count > 125) return exception(header, fc, 0x03);
      const values = regs.read(fc === 0x03 ? 'holding' : 'input', start, count);
      if (!values) return exception(header, fc, 0x02);
      const pdu = Buffer.alloc(2 + count * 2);
      pdu[0] = fc;
      pdu[1] = count * 2;
      values.forEach((v, i) => pdu.writeUInt16BE(v, 2 + i * 2));
      log(`read ${fc === 3 ? 'holding' : 'input'} ${start}+${count}`);
      return frame(header, pdu);
    }
    case 0x06: {
      const value = req.readUInt16BE(10);
      if (!regs.write(start, [value])) return exception(header, fc, 0x02);
      log(`write ${regs.names.get(`h${start}`) ?? start} = ${value}`);
      return frame(header, req.subarray(7, 12));
    }
    case 0x10: {
      const count = req.readUInt16BE(10);
      const values = [];
      for (let i = 0; i < count; i++) values.push(req.readUInt16BE(13 + i * 2));
      if (!regs.write(start, values)) return exception(header, fc, 0x02);
      log(`write multiple ${start}+${count}`);
      return frame(header, req.subarray(7, 12));
    }
    default:
      return exception(header, fc, 0x01);
  }
}

function runScenario(regs, file, log) {
  const steps = JSON.parse(fs.readFileSync(file, 'utf8'));
  const timers = steps.map((s) =>
    setTimeout(() => {
      const table = s.table === 'input' ? regs.input : regs.holding;
      table[s.address] = s.value;
      log(`scenario t=${s.at}s: ${s.table ?? 'holding'}[${s.address}] = ${s.value}${s.note ? ` (${s.note})` : ''}`);
    }, s.at * 1000),
  );
  return () => timers.forEach(clearTimeout);
}

function main() {
  const o = options(process.argv.slice(2));
  const regs = new Registers(JSON.parse(fs.readFileSync(MAP_FILE, 'utf8')));
  const log = (msg) => o.verbose && console.log(`${new Date().toISOString().slice(11, 23)} ${msg}`);
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 7) {
        const len = pending.readUInt16BE(4) + 6;
        if (pending.length < len) break;
        const reply = handle(regs, o.unit, pending.subarray(0, len), log);
        if (reply) socket.write(reply);
        pending = pending.subarray(len);
      }
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  const stopScenario = o.scenario ? runScenario(regs, o.scenario, log) : () => {};
  server.listen(o.port, o.host, () => console.log(`modbus simulator on ${o.host}:${o.port}, unit ${o.unit}`));
  const shutdown = () => {
    stopScenario();
    for (const s of sockets) s.destroy();
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

try {
  main();
} catch (err) {
  console.error(`modbus-sim: ${err.message}`);
  process.exit(2);
}
