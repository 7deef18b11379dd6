#!/usr/bin/env node
/*
 * ipns-watch.js - monitor that the project's IPNS name resolves to the latest release
 *
 *   node tools/ipns-watch.js              # one check, exit 1 when something is off
 *   node tools/ipns-watch.js --watch 600  # check every 10 minutes (for a tmux pane)
 *
 * Compares three things:
 *   - the CID recorded in release/latest.cid (committed by the release script)
 *   - what the local kubo node resolves /ipns/<key> to (RPC on 127.0.0.1:5001)
 *   - whether the public gateway at ipfs.io serves index.html for that CID
 * It also re-publishes the IPNS record when it is about to expire, but only with
 * --republish, only for the recorded CID, and only with the project's own key.
 */
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const RPC = 'http://127.0.0.1:5001/api/v0';
const GATEWAY = 'https://ipfs.io';
const KEY_NAME = process.env.IPNS_KEY_NAME || 'project-site';

const argv = process.argv.slice(2);
const watchIdx = argv.indexOf('--watch');
const WATCH = watchIdx >= 0 ? Number(argv[watchIdx + 1]) : 0;
const REPUBLISH = argv.includes('--republish');

async function rpc(endpoint, params = {}) {
  const qs = new URLSearchParams(params);
  const res = await fetch(`${RPC}/${endpoint}?${qs}`, { method: 'POST' });
  const text = await res.text();
  if (!res.ok) throw new Error(`${endpoint}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : {};
}

function recordedCid() {
  const file = path.join(ROOT, 'release', 'latest.cid');
  if (!fs.existsSync(file)) throw new Error('release/latest.cid missing');
  const cid = fs.readFileSync(file, 'utf8').trim();
  if (!/^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{58,})$/.test(cid)) throw new Error(`release/latest.cid does not contain a CID: ${cid}`);
  return cid;
}

async function ownKey() {
  const { Keys } = await rpc('key/list', { l: 'true' });
  const key = (Keys || []).find((k) => k.Name === KEY_NAME);
  if (!key) throw new Error(`IPNS key ${KEY_NAME} not found on the local node`);
  return key.Id;
}

async function resolveName(keyId) {
  try {
    const res = await rpc('name/resolve', { arg: `/ipns/${keyId}`, nocache: 'true', 'dht-timeout': '30s' });
    return res.Path.replace(/^\/ipfs\//, '');
  } catch (err) {
    return { error: err.message };
  }
}

async function recordValidity(keyId) {
  try {
    const res = await rpc('routing/get', { arg: `/ipns/${keyId}` });
    const extra = res.Extra ? Buffer.from(res.Extra, 'base64').toString('latin1') : '';
    const m = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})/.exec(extra);
    return m ? new Date(`${m[1]}Z`) : null;
  } catch {
    return null;
  }
}

async function gatewayServes(cid) {
  try {
    const res = await fetch(`${GATEWAY}/ipfs/${cid}/index.html`, { method: 'HEAD', redirect: 'follow' });
    return res.status;
  } catch (err) {
    return err.message;
  }
}

async function pinned(cid) {
  try {
    await rpc('pin/ls', { arg: cid, type: 'recursive' });
    return true;
  } catch {
    return false;
  }
}

async function peers() {
  // a node without peers cannot publish or resolve; say so explicitly
  try {
    const res = await rpc('swarm/peers');
    return (res.Peers || []).length;
  } catch {
    return 0;
  }
}

function history(entry) {
  // keep a small local history in build/ipns-watch.jsonl for the weekly ops review
  const file = path.join(ROOT, 'build', 'ipns-watch.jsonl');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o750 });
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  if (lines.length > 5000) fs.writeFileSync(file, `${lines.slice(-4000).join('\n')}\n`);
}

function availabilityLastWeek() {
  const file = path.join(ROOT, 'build', 'ipns-watch.jsonl');
  if (!fs.existsSync(file)) return null;
  const since = Date.now() - 7 * 86400000;
  const entries = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((e) => Date.parse(e.at) >= since);
  if (!entries.length) return null;
  const ok = entries.filter((e) => e.problems === 0).length;
  return Math.round((ok / entries.length) * 1000) / 10;
}

async function check() {
  const problems = [];
  const cid = recordedCid();
  const keyId = await ownKey();
  const resolved = await resolveName(keyId);
  const validUntil = await recordValidity(keyId);
  const status = await gatewayServes(cid);
  const isPinned = await pinned(cid);
  const stamp = new Date().toISOString().slice(11, 19);
  console.log(`${stamp} recorded ${cid.slice(0, 16)}… resolved ${typeof resolved === 'string' ? `${resolved.slice(0, 16)}…` : resolved.error} gateway ${status} pinned ${isPinned}`);
  if (typeof resolved !== 'string') problems.push('IPNS name does not resolve');
  else if (resolved !== cid) problems.push('IPNS points at an older CID');
  if (status !== 200) problems.push(`gateway returned ${status}`);
  if (!isPinned) problems.push('release CID is not pinned on the local node');
  const hoursLeft = validUntil ? (validUntil - Date.now()) / 3600000 : null;
  if (hoursLeft !== null && hoursLeft < 24) problems.push(`IPNS record expires in ${hoursLeft.toFixed(1)} h`);
  if (REPUBLISH && (problems.some((p) => p.startsWith('IPNS')) || (hoursLeft !== null && hoursLeft < 24))) {
    await rpc('name/publish', { arg: `/ipfs/${cid}`, key: KEY_NAME, lifetime: '168h' });
    console.log(`${stamp} republished /ipns/${keyId} -> ${cid}`);
  }
  const peerCount = await peers();
  if (peerCount === 0) problems.push('local node has no swarm peers');
  for (const p of problems) console.log(`  problem: ${p}`);
  history({ at: new Date().toISOString(), cid, resolved: typeof resolved === 'string' ? resolved : null, gateway: status, peers: peerCount, problems: problems.length });
  const availability = availabilityLastWeek();
  if (availability !== null) console.log(`  availability over the last 7 days: ${availability}%`);
  return problems;
}

function usage() {
  console.log('usage: ipns-watch.js [--watch SECONDS] [--republish]');
  console.log('  checks release/latest.cid against the IPNS name of the local key');
  console.log(`  key name: ${KEY_NAME} (set IPNS_KEY_NAME to change)`);
}

async function main() {
  if (argv.includes('-h') || argv.includes('--help')) {
    usage();
    return;
  }
  const host = new URL(RPC).hostname;
  if (host !== '127.0.0.1') throw new Error('RPC must be the local node');
  if (!WATCH) {
    const problems = await check();
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  let stop = false;
  process.on('SIGINT', () => { stop = true; });
  while (!stop) {
    try {
      await check();
    } catch (err) {
      console.error(`check failed: ${err.message}`);
    }
    for (let waited = 0; waited < WATCH && !stop; waited += 1) await new Promise((r) => setTimeout(r, 1000));
  }
}

main().catch((err) => {
  console.error(`ipns-watch: ${err.message}`);
  process.exit(2);
});
