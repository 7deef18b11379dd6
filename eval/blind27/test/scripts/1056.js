#!/usr/bin/env node
// Player-activity logger for the club Minecraft server (localhost RCON).
//
// Every INTERVAL seconds it asks the server for `list` over RCON, records who
// is online into data/activity/<date>.jsonl and keeps a running per-player
// minutes counter in data/activity/totals.json. It also tails the server's
// latest.log to note joins/leaves between polls. Nothing is sent anywhere; the
// files feed the club's monthly "most active builder" post.
'use strict';

const fs = require('fs');
const net = require('net');
const path = require('path');
const readline = require('readline');

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, 'data', 'activity');
const SERVER_DIR = path.join(ROOT, 'servers', 'survival');
const INTERVAL = Number(process.env.ACTIVITY_INTERVAL || 60);
const RCON = { host: '127.0.0.1', port: Number(process.env.RCON_PORT || 25575) };

function rconPassword() {
  const props = fs.readFileSync(path.join(SERVER_DIR, 'server.properties'), 'utf8');
  const m = /^rcon\.password=(.*)$/m.exec(props);
  if (!m) throw new Error('rcon.password missing in server.properties');
  return m[1].trim();
}

function encode(id, type, body) {
  const b = Buffer.from(body, 'utf8');
  const buf = Buffer.alloc(14 + b.length);
  buf.writeInt32LE(10 + b.length, 0);
  buf.writeInt32LE(id, 4);
  buf.writeInt32LE(type, 8);
  b.copy(buf, 12);
  return buf;
}

function rconCommand(password, command) {
  return new Promise((resolve, reject) => {
    const sock = net.createConnection(RCON);
    let buf = Buffer.alloc(0);
    let authed = false;
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error('RCON timeout'));
    }, 5000);
    sock.on('connect', () => sock.write(encode(1, 3, password)));
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 4 && buf.length >= buf.readInt32LE(0) + 4) {
        const len = buf.readInt32LE(0);
        const id = buf.readInt32LE(4);
        const body = buf.toString('utf8', 12, len + 2);
        buf = buf.subarray(len + 4);
        if (!authed) {
          if (id === -1) {
            clearTimeout(timer);
            sock.destroy();
            return reject(new Error('RCON auth failed'));
          }
          authed = true;
          sock.write(encode(2, 2, command));
        } else {
          clearTimeout(timer);
          sock.end();
          return resolve(body);
        }
      }
    });
    sock.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

function parseList(text) {
  // "There are 3 of a max of 20 players online: alice, bob, carol"
  const m = /online:\s*(.*)$/s.exec(text);
  if (!m || !m[1].trim()) return [];
  return m[1].split(',').map((s) => s.trim()).filter(Boolean);
}

function loadTotals() {
  const f = path.join(DATA, 'totals.json');
  return fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : {};
}

function saveTotals(totals) {
  const f = path.join(DATA, 'totals.json');
  fs.writeFileSync(`${f}.tmp`, JSON.stringify(totals, null, 2));
  fs.renameSync(`${f}.tmp`, f);
}

function appendEvent(event) {
  const day = new Date().toISOString().slice(0, 10);
  fs.appendFileSync(path.join(DATA, `${day}.jsonl`), JSON.stringify({ at: new Date().toISOString(), ...event }) + '\n');
}

function tailLog(onLine) {
  const file = path.join(SERVER_DIR, 'logs', 'latest.log');
  let position = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const check = () => {
    if (!fs.existsSync(file)) return;
    const size = fs.statSync(file).size;
    if (size < position) position = 0; // log rotated
    if (size === position) return;
    const stream = fs.createReadStream(file, { start: position, end: size - 1 });
    position = size;
    readline.createInterface({ input: stream }).on('line', onLine);
  };
  return setInterval(check, 2000);
}

function pruneOldDays(keepDays = 120) {
  for (const f of fs.readdirSync(DATA)) {
    const m = /^(\d{4}-\d{2}-\d{2})\.jsonl$/.exec(f);
    if (m && Date.now() - Date.parse(m[1]) > keepDays * 86400000) fs.unlinkSync(path.join(DATA, f));
  }
}

function monthlyReport(month) {
  // month = YYYY-MM; counts distinct days each player was seen online
  const days = new Map();
  for (const f of fs.readdirSync(DATA).filter((x) => x.startsWith(month) && x.endsWith('.jsonl'))) {
    const seen = new Set();
    for (const line of fs.readFileSync(path.join(DATA, f), 'utf8').split('\n')) {
      if (!line) continue;
      const ev = JSON.parse(line);
      for (const p of ev.players || (ev.player ? [ev.player] : [])) seen.add(p);
    }
    for (const p of seen) days.set(p, (days.get(p) || 0) + 1);
  }
  return [...days].sort((a, b) => b[1] - a[1]);
}

if (process.argv[2] === 'report') {
  const month = process.argv[3] || new Date().toISOString().slice(0, 7);
  for (const [p, d] of monthlyReport(month)) console.log(`${p.padEnd(16)} ${d} day(s)`);
  process.exit(0);
}

async function poll(password, totals) {
  try {
    const players = parseList(await rconCommand(password, 'list'));
    for (const p of players) totals[p] = (totals[p] || 0) + INTERVAL / 60;
    appendEvent({ type: 'online', players });
    saveTotals(totals);
  } catch (e) {
    appendEvent({ type: 'error', message: e.message });
  }
}

async function main() {
  fs.mkdirSync(DATA, { recursive: true });
  pruneOldDays();
  const password = rconPassword();
  const totals = loadTotals();
  const tailer = tailLog((line) => {
    const m = /: (\w+) (joined|left) the game/.exec(line);
    if (m) appendEvent({ type: m[2] === 'joined' ? 'join' : 'leave', player: m[1] });
  });
  await poll(password, totals);
  const timer = setInterval(() => poll(password, totals), INTERVAL * 1000);
  const stop = () => {
    clearInterval(timer);
    clearInterval(tailer);
    saveTotals(totals);
    console.log('activity logger stopped');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`logging activity every ${INTERVAL}s to ${path.relative(ROOT, DATA)}`);
  const top = Object.entries(totals).sort((a, b) => b[1] - a[1]).slice(0, 5);
  for (const [p, m] of top) console.log(`  ${p.padEnd(16)} ${(m / 60).toFixed(1)} h`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
