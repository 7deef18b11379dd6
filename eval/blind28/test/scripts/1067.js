#!/usr/bin/env node
// Owner: flight-test tooling (#sitl).
// No dependencies beyond Node >= 18.
//
//
// Field notes:
//   * MAVLink v1 frames (0xFE) are ignored; SITL speaks v2 by default.
//   * Signed frames (incompat flag 0x01) are skipped over correctly but the
//     signature is not checked; this is a local recorder.
//   * Payloads are zero-extended to 255 bytes because MAVLink 2 truncates
//     trailing zero bytes on the wire.
//
// CSV columns: ts, mode, armed, lat, lon, relAlt, roll, pitch, yaw, airspeed,
// groundspeed, climb, voltage, current, battery.
//
// Exit status: 0 on normal end, 1 on socket errors, 2 on bad options.
//
// Example:
//   tools/swarm-sitl.sh start 2
//   node tools/telemetry-rec.js --port 14560 --sysid 2 --seconds 600
//
// telemetry-rec.js - record MAVLink telemetry from SITL into CSV for the flight-test notebooks.
//
//   node tools/telemetry-rec.js                       listen on udp 127.0.0.1:14551 until Ctrl-C
//   node tools/telemetry-rec.js --seconds 300 --rate 5
//   node tools/telemetry-rec.js --port 14561 --sysid 2   (second swarm vehicle)
//
// MAVProxy (started by tools/swarm-sitl.sh) forwards each SITL instance to a
// local UDP port.  This recorder binds that port on 127.0.0.1, decodes a few
// MAVLink v2 messages by hand (HEARTBEAT, GLOBAL_POSITION_INT, ATTITUDE,
// SYS_STATUS, VFR_HUD) and writes one CSV row per --rate Hz.  It only listens;
// it never sends a MAVLink message, so it cannot command a vehicle.
'use strict';

const dgram = require('node:dgram');
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const OUT_DIR = path.join(repoRoot, 'out', 'telemetry');

const MSG = {
  HEARTBEAT: 0,
  SYS_STATUS: 1,
  ATTITUDE: 30,
  GLOBAL_POSITION_INT: 33,
  VFR_HUD: 74,
};
const MODES = { 0: 'STABILIZE', 3: 'AUTO', 4: 'GUIDED', 5: 'LOITER', 6: 'RTL', 9: 'LAND' };

function options(argv) {
  const o = { port: 14551, seconds: 0, rate: 2, sysid: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') o.port = Number(argv[++i]);
    else if (a === '--seconds') o.seconds = Number(argv[++i]);
    else if (a === '--rate') o.rate = Number(argv[++i]);
    else if (a === '--sysid') o.sysid = Number(argv[++i]);
    else throw new Error(`unknown option ${a}`);
  }
  if (!(o.rate > 0 && o.rate <= 50)) throw new Error('--rate must be in (0, 50]');
  return o;
}

// MAVLink v2 frames: 0xFD len incompat compat seq sysid compid msgid(3) payload crc(2) [sig(13)]
function* frames(buf) {
  let i = 0;
  while (i < buf.length) {
    if (buf[i] !== 0xfd) {
      i++;
      continue;
    }
    if (i + 12 > buf.length) return;
    const len = buf[i + 1];
    const incompat = buf[i + 2];
    const total = 12 + len + (incompat & 0x01 ? 13 : 0);
    if (i + total > buf.length) return;
    const msgid = buf[i + 7] | (buf[i + 8] << 8) | (buf[i + 9] << 16);
    const payload = Buffer.alloc(255);
    buf.copy(payload, 0, i + 10, i + 10 + len); // v2 truncates trailing zeros
    yield { sysid: buf[i + 5], compid: buf[i + 6], msgid, payload };
    i += total;
  }
}

function decode(state, f) {
  const p = f.payload;
  switch (f.msgid) {
    case MSG.HEARTBEAT:
      state.mode = MODES[p.readUInt32LE(0)] ?? `mode${p.readUInt32LE(0)}`;
      state.armed = (p[6] & 0x80) !== 0;
      break;
    case MSG.SYS_STATUS:
      state.voltage = p.readUInt16LE(14) / 1000;
      state.current = p.readInt16LE(16) / 100;
      state.battery = p.readInt8(30);
      break;
    case MSG.ATTITUDE:
      state.roll = (p.readFloatLE(4) * 180) / Math.PI;
      state.pitch = (p.readFloatLE(8) * 180) / Math.PI;
      state.yaw = (p.readFloatLE(12) * 180) / Math.PI;
      break;
    case MSG.GLOBAL_POSITION_INT:
      state.lat = p.readInt32LE(4) / 1e7;
      state.lon = p.readInt32LE(8) / 1e7;
      state.relAlt = p.readInt32LE(16) / 1000;
      break;
    case MSG.VFR_HUD:
      state.airspeed = p.readFloatLE(0);
      state.groundspeed = p.readFloatLE(4);
      state.climb = p.readFloatLE(16);
      break;
    default:
      return false;
  }
  return true;
}

const COLUMNS = ['ts', 'mode', 'armed', 'lat', 'lon', 'relAlt', 'roll', 'pitch', 'yaw', 'airspeed', 'groundspeed', 'climb', 'voltage', 'current', 'battery'];

function fmt(v) {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(6);
  if (typeof v === 'boolean') return v ? '1' : '0';
  return v ?? '';
}

function main() {
  const o = options(process.argv.slice(2));
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${o.port}.csv`);
  const out = fs.createWriteStream(file);
  out.write(COLUMNS.join(',') + '\n');

  const state = {};
  const counts = new Map();
  let rows = 0;
  let lastSys = null;
  const sock = dgram.createSocket('udp4');
  sock.on('message', (msg) => {
    for (const f of frames(msg)) {
      if (o.sysid && f.sysid !== o.sysid) continue;
      lastSys = f.sysid;
      if (decode(state, f)) counts.set(f.msgid, (counts.get(f.msgid) || 0) + 1);
    }
  });
  sock.on('error', (err) => {
    console.error(`udp error: ${err.message}`);
    process.exit(1);
  });
  sock.bind(o.port, '127.0.0.1', () => console.log(`listening on udp 127.0.0.1:${o.port}, writing ${path.relative(repoRoot, file)}`));

  const tick = setInterval(() => {
    if (state.lat === undefined) return;
    out.write(COLUMNS.map((c) => fmt(c === 'ts' ? new Date().toISOString() : state[c])).join(',') + '\n');
    rows++;
    if (rows % (o.rate * 10) === 0) {
      console.log(`${rows} rows  sys ${lastSys}  ${state.mode ?? '?'}  alt ${state.relAlt?.toFixed(1)} m  ${state.voltage?.toFixed(2)} V`);
    }
  }, 1000 / o.rate);

  const finish = () => {
    clearInterval(tick);
    sock.close();
    out.end(() => {
      const seen = [...counts].map(([id, n]) => `${Object.keys(MSG).find((k) => MSG[k] === id)}=${n}`).join(' ');
      console.log(`\n${rows} row(s) written; messages: ${seen || 'none'}`);
      if (!rows) console.log('no position data received - is MAVProxy forwarding to this port?');
      process.exit(0);
    });
  };
  process.on('SIGINT', finish);
  process.on('SIGTERM', finish);
  if (o.seconds > 0) setTimeout(finish, o.seconds * 1000);
}

try {
  main();
} catch (err) {
  console.error(`telemetry-rec: ${err.message}`);
  process.exit(2);
}
