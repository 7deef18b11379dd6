#!/usr/bin/env node
// tools/deploy-flows.js - push flows/flows.json to the local Node-RED.
//
// Node-RED runs on this machine (http://127.0.0.1:1880) with adminAuth.
// The token comes from `node-red-admin login`, which stores it in
// ~/.node-red/.cli-config.json; we read it from there and send it only to the
// admin API on 127.0.0.1. Before replacing flows, the current flows are saved
// to backups/flows-<stamp>.json so a bad deploy can be rolled back with
// `--rollback`.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');

const ROOT = path.resolve(__dirname, '..');
const FLOWS = path.join(ROOT, 'flows', 'flows.json');
const BACKUPS = path.join(ROOT, 'backups');
const ADMIN = { host: '127.0.0.1', port: Number(process.env.NODE_RED_PORT || 1880) };
const CLI_CONFIG = path.join(os.homedir(), '.node-red', '.cli-config.json');

function readToken() {
  if (process.env.NODE_RED_TOKEN) return process.env.NODE_RED_TOKEN;
  if (!fs.existsSync(CLI_CONFIG)) return null;
  const conf = JSON.parse(fs.readFileSync(CLI_CONFIG, 'utf8'));
  return conf.tokens?.access_token || null;
}

function request(method, route, body, token) {
  const payload = body ? Buffer.from(JSON.stringify(body)) : null;
  const headers = { Accept: 'application/json', 'Node-RED-API-Version': 'v2' };
  if (payload) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = payload.length;
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST' && route === '/flows') headers['Node-RED-Deployment-Type'] = 'full';
  return new Promise((resolve, reject) => {
    const req = http.request({ ...ADMIN, method, path: route, headers, timeout: 15000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 401) return reject(new Error('unauthorised: run node-red-admin login'));
        if (res.statusCode >= 400) return reject(new Error(`${method} ${route}: ${res.statusCode} ${text}`));
        resolve(text ? JSON.parse(text) : {});
      });
    });
    req.on('timeout', () => req.destroy(new Error('Node-RED admin API timed out')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

function validateFlows(flows) {
  const problems = [];
  const ids = new Set();
  const tabs = new Set(flows.filter((n) => n.type === 'tab').map((n) => n.id));
  for (const node of flows) {
    if (!node.id || !node.type) {
      problems.push(`node without id/type: ${JSON.stringify(node).slice(0, 80)}`);
      continue;
    }
    if (ids.has(node.id)) problems.push(`duplicate id ${node.id}`);
    ids.add(node.id);
    if (node.z && !tabs.has(node.z) && !flows.some((n) => n.id === node.z && n.type === 'subflow')) {
      problems.push(`${node.type} ${node.id} on unknown tab ${node.z}`);
    }
    if (node.type === 'mqtt out' && node.topic && /(^|\/)(lock|alarm)(\/|$)/.test(node.topic)) {
      if (!node.name || !/confirmed/i.test(node.name)) {
        problems.push(`mqtt out to ${node.topic} must be named '... (confirmed)' after review`);
      }
    }
  }
  for (const node of flows) {
    for (const wires of node.wires || []) {
      for (const target of wires) {
        if (!ids.has(target)) problems.push(`${node.id} wired to missing node ${target}`);
      }
    }
  }
  return problems;
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

function backup(current) {
  fs.mkdirSync(BACKUPS, { recursive: true });
  const file = path.join(BACKUPS, `flows-${stamp()}.json`);
  fs.writeFileSync(file, JSON.stringify(current.flows || current, null, 2));
  const all = fs.readdirSync(BACKUPS).filter((f) => /^flows-.*\.json$/.test(f)).sort();
  for (const old of all.slice(0, Math.max(0, all.length - 20))) {
    fs.unlinkSync(path.join(BACKUPS, old));
  }
  return file;
}

function latestBackup() {
  if (!fs.existsSync(BACKUPS)) return null;
  const all = fs.readdirSync(BACKUPS).filter((f) => /^flows-.*\.json$/.test(f)).sort();
  return all.length ? path.join(BACKUPS, all[all.length - 1]) : null;
}

function summary(flows) {
  const counts = {};
  for (const n of flows) counts[n.type] = (counts[n.type] || 0) + 1;
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([t, c]) => `${t}×${c}`)
    .join(', ');
}

function diffFlows(before, after) {
  // short human diff by node id, so the deploy log says what changed
  const prev = new Map((before.flows || before).map((n) => [n.id, n]));
  const next = new Map(after.map((n) => [n.id, n]));
  const added = [];
  const removed = [];
  const changed = [];
  for (const [id, node] of next) {
    if (!prev.has(id)) added.push(`${node.type} ${node.name || id}`);
    else if (JSON.stringify(prev.get(id)) !== JSON.stringify(node)) changed.push(`${node.type} ${node.name || id}`);
  }
  for (const [id, node] of prev) {
    if (!next.has(id)) removed.push(`${node.type} ${node.name || id}`);
  }
  return { added, removed, changed };
}

function printDiff(d) {
  const show = (label, list) => {
    if (!list.length) return;
    console.log(`${label} (${list.length}):`);
    for (const item of list.slice(0, 15)) console.log(`  ${item}`);
    if (list.length > 15) console.log(`  … ${list.length - 15} more`);
  };
  show('added', d.added);
  show('removed', d.removed);
  show('changed', d.changed);
}

async function main() {
  const args = process.argv.slice(2);
  const rollback = args.includes('--rollback');
  const dry = args.includes('--dry-run');
  const token = readToken();

  const current = await request('GET', '/flows', null, token);
  let next;
  if (rollback) {
    const file = latestBackup();
    if (!file) throw new Error('no backup to roll back to');
    console.log(`rolling back to ${path.basename(file)}`);
    next = JSON.parse(fs.readFileSync(file, 'utf8'));
  } else {
    next = JSON.parse(fs.readFileSync(FLOWS, 'utf8'));
  }

  const problems = validateFlows(next);
  if (problems.length) {
    for (const p of problems) console.error(`  - ${p}`);
    throw new Error(`${problems.length} problem(s) in flows`);
  }
  console.log(`deploying ${next.length} nodes: ${summary(next)}`);
  printDiff(diffFlows(current, next));
  if (dry) {
    console.log('dry run; nothing deployed');
    return;
  }
  const saved = backup(current);
  console.log(`current flows saved to ${path.relative(ROOT, saved)}`);
  const res = await request('POST', '/flows', { flows: next, rev: current.rev }, token);
  console.log(`deployed, new rev ${res.rev}`);
}

main().catch((err) => {
  console.error(`deploy-flows: ${err.message}`);
  process.exit(1);
});
