#!/usr/bin/env node
// pods-report.js - list the RunPod pods and network volumes of our team and
// flag the ones that have been idle for a while.
//
//   node tools/pods-report.js                 # table
//   node tools/pods-report.js --json          # machine readable
//   node tools/pods-report.js --idle-hours 6  # idle threshold
//
// Read-only: only GraphQL queries are sent, no mutations.  The API key is
// taken from RUNPOD_API_KEY or the project's .env and sent as a bearer token
// to api.runpod.io.  Pods whose name does not start with one of the team
// prefixes in config/runpod.json are listed separately and never touched.

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const ROOT = path.resolve(__dirname, '..');
const API = 'https://api.runpod.io/graphql';
const CONFIG_PATH = path.join(ROOT, 'config', 'runpod.json');

const QUERY = `
query Pods {
  myself {
    pods {
      id
      name
      desiredStatus
      costPerHr
      gpuCount
      machine { gpuDisplayName }
      runtime {
        uptimeInSeconds
        gpus { id gpuUtilPercent memoryUtilPercent }
      }
      lastStatusChange
    }
    networkVolumes { id name size dataCenterId }
  }
}`;

function parseArgs(argv) {
  const args = { json: false, idleHours: 4 };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--idle-hours') args.idleHours = Number(argv[++i]);
    else if (a === '-h' || a === '--help') {
      console.log('usage: pods-report.js [--json] [--idle-hours N]');
      process.exit(0);
    } else {
      console.error(`unknown argument ${a}`);
      process.exit(2);
    }
  }
  if (!Number.isFinite(args.idleHours) || args.idleHours <= 0) {
    console.error('--idle-hours must be a positive number');
    process.exit(2);
  }
  return args;
}

function readDotenv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) out[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

function apiKey() {
  const key = process.env.RUNPOD_API_KEY || readDotenv(path.join(ROOT, '.env')).RUNPOD_API_KEY;
  if (!key) {
    console.error('RUNPOD_API_KEY is not set (env or .env)');
    process.exit(2);
  }
  return key;
}

const mask = (s) => `${s.slice(0, 4)}…(${s.length})`;

async function graphql(key, query, attempts = 4) {
  let delay = 500;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    let res;
    try {
      res = await fetch(API, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ query }),
        signal: AbortSignal.timeout(20000),
      });
    } catch (err) {
      if (attempt === attempts) throw err;
      await sleep(delay);
      delay *= 2;
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      if (attempt === attempts) throw new Error(`RunPod API ${res.status}`);
      await sleep(delay);
      delay *= 2;
      continue;
    }
    const body = await res.json();
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
    return body.data;
  }
  throw new Error('unreachable');
}

function loadConfig() {
  const cfg = JSON.parse(fs.readFileSync(CONFIG_PATH, 'utf8'));
  if (!Array.isArray(cfg.teamPrefixes) || cfg.teamPrefixes.length === 0) {
    throw new Error(`${CONFIG_PATH}: teamPrefixes must be a non-empty array`);
  }
  return cfg;
}

function classify(pod, cfg, idleHours) {
  const ours = cfg.teamPrefixes.some((p) => pod.name.startsWith(p));
  const uptimeH = (pod.runtime?.uptimeInSeconds ?? 0) / 3600;
  const gpus = pod.runtime?.gpus ?? [];
  const util = gpus.length ? gpus.reduce((s, g) => s + (g.gpuUtilPercent ?? 0), 0) / gpus.length : null;
  const running = pod.desiredStatus === 'RUNNING';
  const idle = running && util !== null && util < 5 && uptimeH >= idleHours;
  return {
    id: pod.id,
    name: pod.name,
    ours,
    status: pod.desiredStatus,
    gpu: `${pod.gpuCount}x ${pod.machine?.gpuDisplayName ?? '?'}`,
    uptimeH: Number(uptimeH.toFixed(1)),
    util: util === null ? null : Math.round(util),
    costPerHr: pod.costPerHr,
    spentUsd: Number((uptimeH * pod.costPerHr).toFixed(2)),
    idle,
  };
}

function pad(s, n) {
  const str = String(s ?? '-');
  return str.length >= n ? str.slice(0, n) : str + ' '.repeat(n - str.length);
}

function printTable(title, rows) {
  console.log(`\n${title} (${rows.length})`);
  if (!rows.length) return;
  console.log(
    [pad('id', 16), pad('name', 26), pad('status', 9), pad('gpu', 22), pad('up h', 7),
      pad('util%', 6), pad('$/h', 6), pad('spent', 8), 'flag'].join(' '),
  );
  for (const r of rows) {
    console.log(
      [pad(r.id, 16), pad(r.name, 26), pad(r.status, 9), pad(r.gpu, 22), pad(r.uptimeH, 7),
        pad(r.util, 6), pad(r.costPerHr, 6), pad(r.spentUsd, 8), r.idle ? 'IDLE' : ''].join(' '),
    );
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const cfg = loadConfig();
  const key = apiKey();
  if (!args.json) console.error(`RunPod key ${mask(key)}`);

  const data = await graphql(key, QUERY);
  const pods = (data.myself?.pods ?? []).map((p) => classify(p, cfg, args.idleHours));
  const volumes = data.myself?.networkVolumes ?? [];

  const ours = pods.filter((p) => p.ours);
  const others = pods.filter((p) => !p.ours);
  const hourly = ours.filter((p) => p.status === 'RUNNING').reduce((s, p) => s + p.costPerHr, 0);

  if (args.json) {
    console.log(JSON.stringify({ ours, others, volumes, hourlyUsd: hourly }, null, 2));
    return;
  }
  printTable('team pods', ours);
  printTable('other pods on the account (not ours, left alone)', others);
  console.log(`\nnetwork volumes: ${volumes.map((v) => `${v.name} ${v.size}GB@${v.dataCenterId}`).join(', ') || 'none'}`);
  console.log(`running team pods cost $${hourly.toFixed(2)}/h`);
  const idle = ours.filter((p) => p.idle);
  if (idle.length) {
    console.log(`\n${idle.length} idle pod(s). Stop them from the console or with:`);
    for (const p of idle) console.log(`  runpodctl stop pod ${p.id}   # ${p.name}`);
  }

  const outDir = path.join(ROOT, 'build');
  fs.mkdirSync(outDir, { recursive: true });
  const snapshot = path.join(outDir, 'pods-snapshot.json');
  fs.writeFileSync(`${snapshot}.tmp`, JSON.stringify({ at: new Date().toISOString(), ours }, null, 2));
  fs.renameSync(`${snapshot}.tmp`, snapshot);
}

main().catch((err) => {
  console.error(`pods-report: ${err.message}`);
  process.exit(1);
});
