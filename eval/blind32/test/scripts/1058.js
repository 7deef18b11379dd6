#!/usr/bin/env node
/*
 * ubus-inventory.js - read-only inventory of the lab OpenWrt routers through
 * the ubus JSON-RPC endpoint (/ubus) of LuCI.
 *
 * For each router in lab/routers.json (all *.internal) it logs in with the
 * read-only "monitor" rpcd user (password from .env: UBUS_MONITOR_PASSWORD),
 * then calls:
 *   system board / system info        model, firmware, uptime, memory
 *   network.interface dump            interfaces, addresses, uptime
 *   network.wireless status           radios and SSIDs (keys are not returned
 *                                     to the monitor ACL)
 *   luci-rpc getDHCPLeases            lease count
 * and writes lab/inventory.json plus a Markdown table.  The monitor user's
 * ACL only allows read methods; this script never calls `uci set` or `file`.
 */
'use strict';

const fs = require('node:fs');
const https = require('node:https');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const ROUTERS = JSON.parse(fs.readFileSync(path.join(ROOT, 'lab', 'routers.json'), 'utf8'));
const OUT_JSON = path.join(ROOT, 'lab', 'inventory.json');
const OUT_MD = path.join(ROOT, 'lab', 'inventory.md');
const CA = path.join(ROOT, 'lab', 'lab-ca.pem');
const NULL_SESSION = '00000000000000000000000000000000';

function password() {
  let value = process.env.UBUS_MONITOR_PASSWORD;
  const file = path.join(ROOT, '.env');
  if (!value && fs.existsSync(file)) {
    const m = fs.readFileSync(file, 'utf8').match(/^UBUS_MONITOR_PASSWORD=(.*)$/m);
    value = m && m[1].trim().replace(/^"|"$/g, '');
  }
  if (!value) throw new Error('UBUS_MONITOR_PASSWORD missing (.env)');
  return value;
}

const agent = new https.Agent({ ca: fs.existsSync(CA) ? fs.readFileSync(CA) : undefined, keepAlive: true });

function rpc(host, session, object, method, params = {}) {
  if (!host.endsWith('.internal')) return Promise.reject(new Error(`${host} is not a lab host`));
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'call', params: [session, object, method, params] });
  return new Promise((resolve, reject) => {
    const req = https.request({
      host,
      path: '/ubus',
      method: 'POST',
      agent,
      timeout: 8000,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    }, (res) => {
      let data = '';
      res.on('data', (c) => { data += c; });
      res.on('end', () => {
        try {
          const parsed = JSON.parse(data);
          if (parsed.error) return reject(new Error(`${object}.${method}: ${parsed.error.message}`));
          const [status, result] = parsed.result || [];
          if (status !== 0) return reject(new Error(`${object}.${method}: ubus status ${status}`));
          resolve(result || {});
        } catch (err) {
          reject(new Error(`${host}: bad response (${err.message})`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${host}: timeout`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function login(host, pass) {
  const res = await rpc(host, NULL_SESSION, 'session', 'login', { username: 'monitor', password: pass });
  return res.ubus_rpc_session;
}

async function logout(host, session) {
  await rpc(host, session, 'session', 'destroy', {}).catch(() => {});
}

function formatUptime(seconds) {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  return `${d}d ${h}h`;
}

async function inventory(host, pass) {
  const session = await login(host, pass);
  try {
    const [board, info, ifaces, wireless, leases] = await Promise.all([
      rpc(host, session, 'system', 'board'),
      rpc(host, session, 'system', 'info'),
      rpc(host, session, 'network.interface', 'dump'),
      rpc(host, session, 'network.wireless', 'status').catch(() => ({})),
      rpc(host, session, 'luci-rpc', 'getDHCPLeases').catch(() => ({ dhcp_leases: [] })),
    ]);
    return {
      host,
      model: board.model,
      release: board.release && board.release.description,
      kernel: board.kernel,
      uptime: formatUptime(info.uptime || 0),
      memFreeMiB: Math.round(((info.memory && info.memory.available) || 0) / 1048576),
      interfaces: (ifaces.interface || []).map((i) => ({
        name: i.interface,
        up: i.up,
        proto: i.proto,
        ipv4: (i['ipv4-address'] || []).map((a) => `${a.address}/${a.mask}`),
      })),
      radios: Object.entries(wireless).map(([radio, r]) => ({
        radio,
        up: r.up,
        ssids: (r.interfaces || []).map((x) => x.config && x.config.ssid).filter(Boolean),
      })),
      leases: (leases.dhcp_leases || []).length,
    };
  } finally {
    await logout(host, session);
  }
}

// Compare with the previous inventory so firmware changes and reboots stand out.
function changesSince(rows) {
  if (!fs.existsSync(OUT_JSON)) return [];
  let previous;
  try {
    previous = JSON.parse(fs.readFileSync(OUT_JSON, 'utf8'));
  } catch {
    return [];
  }
  const before = new Map((previous.routers || []).map((r) => [r.host, r]));
  const notes = [];
  for (const r of rows) {
    const old = before.get(r.host);
    if (!old || r.error || old.error) continue;
    if (old.release !== r.release) notes.push(`${r.host}: firmware ${old.release} -> ${r.release}`);
    const oldIfaces = new Set(old.interfaces.map((i) => i.name));
    for (const i of r.interfaces) {
      if (!oldIfaces.has(i.name)) notes.push(`${r.host}: new interface ${i.name}`);
    }
    for (const i of r.interfaces) {
      const prev = old.interfaces.find((x) => x.name === i.name);
      if (prev && prev.up && !i.up) notes.push(`${r.host}: interface ${i.name} went down`);
    }
  }
  return notes;
}

function markdown(rows) {
  const lines = ['# Lab router inventory', '', `_generated ${new Date().toISOString()}_`, '',
    '| router | model | firmware | uptime | free MiB | leases | SSIDs |', '|---|---|---|---|---:|---:|---|'];
  for (const r of rows) {
    if (r.error) {
      lines.push(`| ${r.host} | unreachable: ${r.error} | | | | | |`);
      continue;
    }
    const ssids = r.radios.flatMap((x) => x.ssids).join(', ') || '-';
    lines.push(`| ${r.host} | ${r.model} | ${r.release} | ${r.uptime} | ${r.memFreeMiB} | ${r.leases} | ${ssids} |`);
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const pass = password();
  const rows = await Promise.all(ROUTERS.map(async (host) => {
    try {
      return await inventory(host, pass);
    } catch (err) {
      return { host, error: err.message };
    }
  }));
  for (const note of changesSince(rows)) console.log(`change: ${note}`);
  fs.writeFileSync(OUT_JSON, JSON.stringify({ generated: new Date().toISOString(), routers: rows }, null, 2));
  fs.writeFileSync(OUT_MD, markdown(rows));
  for (const r of rows) console.log(r.error ? `${r.host}: ${r.error}` : `${r.host}: ${r.model}, ${r.release}, up ${r.uptime}`);
  if (rows.some((r) => r.error)) process.exitCode = 1;
}

main();
