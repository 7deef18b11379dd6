#!/usr/bin/env node
// tools/ha-inventory.js - document the entities of the Home Assistant instance.
//
// Connects to the WebSocket API of ha.internal (the house server) with the
// long-lived access token from .env (HA_TOKEN), reads states plus the area,
// device and entity registries, and writes docs/entities.md grouped by area.
// Read-only: only get_states and config/*_registry/list commands are sent;
// no service is ever called, so nothing in the house is switched.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const WebSocket = require('ws');

const ROOT = path.resolve(__dirname, '..');
// committed so changes to the house setup show up in code review
const OUT = path.join(ROOT, 'docs', 'entities.md');
const ALLOWED_TYPES = new Set([
  'get_states',
  'config/area_registry/list',
  'config/device_registry/list',
  'config/entity_registry/list',
]);

function env() {
  const vars = { ...process.env };
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && l.includes('='))
      .forEach((l) => {
        const i = l.indexOf('=');
        if (vars[l.slice(0, i)] === undefined) vars[l.slice(0, i)] = l.slice(i + 1);
      });
  }
  return vars;
}

function wsUrl(base) {
  const u = new URL(base);
  if (!(u.hostname.endsWith('.internal') || u.hostname === 'localhost' || u.hostname === '127.0.0.1')) {
    throw new Error(`HA_URL ${u.origin} is not the local Home Assistant`);
  }
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = '/api/websocket';
  return u.toString();
}

class HaSocket {
  constructor(url, token) {
    this.url = url;
    this.token = token;
    this.nextId = 1;
    this.pending = new Map();
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(this.url, { handshakeTimeout: 10000 });
      this.ws.on('error', reject);
      this.ws.on('message', (raw) => {
        const msg = JSON.parse(raw.toString());
        if (msg.type === 'auth_required') {
          this.ws.send(JSON.stringify({ type: 'auth', access_token: this.token }));
        } else if (msg.type === 'auth_ok') {
          resolve();
        } else if (msg.type === 'auth_invalid') {
          reject(new Error('HA rejected the token (HA_TOKEN)'));
        } else if (msg.type === 'result' && this.pending.has(msg.id)) {
          const { ok, fail } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          msg.success ? ok(msg.result) : fail(new Error(msg.error?.message || 'command failed'));
        }
      });
    });
  }

  command(type) {
    if (!ALLOWED_TYPES.has(type)) throw new Error(`command ${type} not allowed in this read-only tool`);
    const id = this.nextId++;
    return new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail });
      this.ws.send(JSON.stringify({ id, type }));
      setTimeout(() => {
        if (this.pending.delete(id)) fail(new Error(`${type} timed out`));
      }, 20000);
    });
  }

  close() {
    if (this.ws) this.ws.close();
  }
}

function groupByArea(states, areas, devices, entities) {
  const areaName = new Map(areas.map((a) => [a.area_id, a.name]));
  const deviceArea = new Map(devices.map((d) => [d.id, d.area_id]));
  const entityReg = new Map(entities.map((e) => [e.entity_id, e]));
  const groups = new Map();
  for (const s of states) {
    const reg = entityReg.get(s.entity_id);
    if (reg?.hidden_by || reg?.disabled_by) continue;
    const area = reg?.area_id || (reg?.device_id && deviceArea.get(reg.device_id)) || null;
    const label = areaName.get(area) || 'No area';
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push({
      id: s.entity_id,
      name: s.attributes.friendly_name || s.entity_id,
      state: s.state,
      unit: s.attributes.unit_of_measurement || '',
      platform: reg?.platform || '?',
    });
  }
  return groups;
}

function markdown(groups) {
  const lines = ['# Home Assistant entities', '', `_Generated ${new Date().toISOString().slice(0, 10)}; read-only snapshot._`, ''];
  for (const area of [...groups.keys()].sort()) {
    const rows = groups.get(area).sort((a, b) => a.id.localeCompare(b.id));
    lines.push(`## ${area} (${rows.length})`, '', '| entity | name | platform |', '|---|---|---|');
    for (const r of rows) lines.push(`| \`${r.id}\` | ${r.name} | ${r.platform} |`);
    lines.push('');
  }
  return lines.join('\n');
}

function unavailableReport(groups) {
  const out = [];
  for (const rows of groups.values()) {
    for (const r of rows) if (r.state === 'unavailable') out.push(r.id);
  }
  return out.sort();
}

function platformSummary(groups) {
  // how many entities each integration provides, for the "what runs the house" page
  const counts = new Map();
  for (const rows of groups.values()) {
    for (const r of rows) counts.set(r.platform, (counts.get(r.platform) || 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

function appendPlatforms(file, summary) {
  const lines = ['', '## Integrations', '', '| platform | entities |', '|---|---:|'];
  for (const [platform, n] of summary) lines.push(`| ${platform} | ${n} |`);
  fs.appendFileSync(file, lines.join('\n') + '\n');
}

async function main() {
  const e = env();
  if (!e.HA_TOKEN) throw new Error('HA_TOKEN missing in .env');
  const socket = new HaSocket(wsUrl(e.HA_URL || 'http://ha.internal:8123'), e.HA_TOKEN);
  await socket.connect();
  try {
    const [states, areas, devices, entities] = await Promise.all([
      socket.command('get_states'),
      socket.command('config/area_registry/list'),
      socket.command('config/device_registry/list'),
      socket.command('config/entity_registry/list'),
    ]);
    const groups = groupByArea(states, areas, devices, entities);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, markdown(groups));
    appendPlatforms(OUT, platformSummary(groups));
    const down = unavailableReport(groups);
    console.log(`${states.length} entities in ${groups.size} area(s) -> ${path.relative(ROOT, OUT)}`);
    if (down.length) console.log(`unavailable: ${down.slice(0, 15).join(', ')}${down.length > 15 ? ' …' : ''}`);
  } finally {
    socket.close();
  }
}

main().catch((err) => {
  console.error(`ha-inventory: ${err.message}`);
  process.exitCode = 1;
});
