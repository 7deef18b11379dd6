#!/usr/bin/env node
// vast-fleet.js - overview of the vast.ai instances rented for this project:
// label, state, GPU, $/h, uptime, disk usage and whether the training process
// is still writing checkpoints (from the instance's own status endpoint).
//
//   node tools/vast-fleet.js                 # table
//   node tools/vast-fleet.js --csv > x.csv   # spreadsheet export
//   node tools/vast-fleet.js --idle 45       # flag instances idle > 45 min
//
// Read-only: only GET /api/v0/instances/ is used.  Instances whose label does
// not start with the project prefix from config/vast.json are counted but not
// shown in detail.  To stop one, the script prints the vastai command for a
// human instead of calling the API.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const INSTANCES_URL = 'https://console.vast.ai/api/v0/instances/';
const CFG = JSON.parse(fs.readFileSync(path.join(REPO, 'config', 'vast.json'), 'utf8'));

function readKey() {
  const fromEnv = process.env.VAST_API_KEY;
  if (fromEnv) return fromEnv;
  const envPath = path.join(REPO, '.env');
  if (fs.existsSync(envPath)) {
    for (const line of fs.readFileSync(envPath, 'utf8').split('\n')) {
      const [k, ...v] = line.split('=');
      if (k && k.trim() === 'VAST_API_KEY') return v.join('=').trim();
    }
  }
  const cliKey = path.join(process.env.HOME ?? '', '.config', 'vastai', 'vast_api_key');
  if (fs.existsSync(cliKey)) return fs.readFileSync(cliKey, 'utf8').trim();
  throw new Error('no vast.ai API key (VAST_API_KEY, .env or the vastai CLI config)');
}

// Show only the first four characters of the key; the rest is replaced so
// screenshots of the terminal can be shared in chat.
const redact = (k) => `${k.slice(0, 4)}${'*'.repeat(8)}`;

function options(argv) {
  const o = { csv: false, idleMinutes: 30 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--csv') o.csv = true;
    else if (argv[i] === '--idle') o.idleMinutes = Number(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return o;
}

async function getInstances(key) {
  let wait = 1000;
  for (let tries = 1; tries <= 5; tries += 1) {
    const res = await fetch(INSTANCES_URL, { headers: { Authorization: `Bearer ${key}` } });
    if (res.ok) return (await res.json()).instances ?? [];
    if (res.status !== 429 && res.status < 500) throw new Error(`vast API ${res.status}`);
    await new Promise((r) => setTimeout(r, wait));
    wait *= 2;
  }
  throw new Error('vast API unavailable');
}

function minutesSince(epochSeconds) {
  if (!epochSeconds) return null;
  return Math.round((Date.now() / 1000 - epochSeconds) / 60);
}

function describe(inst, idleMinutes) {
  const label = inst.label ?? '';
  const gpuUtil = typeof inst.gpu_util === 'number' ? Math.round(inst.gpu_util) : null;
  const lastActivity = minutesSince(inst.status_msg_time ?? inst.start_date);
  const running = inst.actual_status === 'running';
  return {
    id: inst.id,
    label,
    state: inst.actual_status ?? inst.cur_state ?? '?',
    gpu: `${inst.num_gpus}x${inst.gpu_name}`,
    dph: Number(inst.dph_total ?? 0),
    uptimeH: inst.start_date ? Number(((Date.now() / 1000 - inst.start_date) / 3600).toFixed(1)) : null,
    diskUsedPct: inst.disk_space ? Math.round((100 * (inst.disk_usage ?? 0)) / inst.disk_space) : null,
    gpuUtil,
    idle: running && gpuUtil !== null && gpuUtil < 3 && (lastActivity ?? 0) > idleMinutes,
    ours: label.startsWith(CFG.labelPrefix),
  };
}

function toCsv(rows) {
  const cols = ['id', 'label', 'state', 'gpu', 'dph', 'uptimeH', 'diskUsedPct', 'gpuUtil', 'idle'];
  const esc = (v) => (v === null || v === undefined ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [cols.join(','), ...rows.map((r) => cols.map((c) => esc(r[c])).join(','))].join('\n');
}

function printTable(rows) {
  const header = ['id', 'label', 'state', 'gpu', '$/h', 'up(h)', 'disk%', 'gpu%', ''];
  const data = rows.map((r) => [
    String(r.id), r.label, r.state, r.gpu, r.dph.toFixed(3), String(r.uptimeH ?? '-'),
    String(r.diskUsedPct ?? '-'), String(r.gpuUtil ?? '-'), r.idle ? 'IDLE' : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...data.map((d) => d[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const d of data) console.log(line(d));
}

function budgetWarnings(rows) {
  const warnings = [];
  const hourly = rows.filter((r) => r.state === 'running').reduce((s, r) => s + r.dph, 0);
  if (CFG.maxHourlyUsd && hourly > CFG.maxHourlyUsd) {
    warnings.push(`running instances cost $${hourly.toFixed(2)}/h, above the project cap of $${CFG.maxHourlyUsd}/h`);
  }
  for (const r of rows) {
    if (r.diskUsedPct !== null && r.diskUsedPct > 90) warnings.push(`${r.label}: disk ${r.diskUsedPct}% full`);
    if (r.uptimeH !== null && CFG.maxUptimeHours && r.uptimeH > CFG.maxUptimeHours) {
      warnings.push(`${r.label}: up for ${r.uptimeH} h (limit ${CFG.maxUptimeHours} h)`);
    }
  }
  return { hourly, warnings };
}

function saveHistory(rows) {
  const dir = path.join(REPO, 'build', 'vast');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fleet-history.jsonl');
  const entry = { at: new Date().toISOString(), instances: rows.map(({ id, label, state, dph }) => ({ id, label, state, dph })) };
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

const HELP = `vast-fleet.js - project view of rented vast.ai instances

Options
  --csv        print CSV instead of the table (for the cost spreadsheet)
  --idle MIN   mark running instances idle when GPU use < 3 % for MIN minutes

Config (config/vast.json)
  labelPrefix      only instances whose label starts with this are "ours"
  maxHourlyUsd     warn when our running instances cost more per hour
  maxUptimeHours   warn about instances running longer than this

History
  Every run appends one line to build/vast/fleet-history.jsonl so the weekly
  cost review can see when instances were started and stopped.

This tool never stops or destroys anything; it prints the vastai command
for idle instances so a person can decide.`;

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const opts = options(process.argv.slice(2));
  const key = readKey();
  if (!opts.csv) console.error(`key ${redact(key)}, prefix "${CFG.labelPrefix}"`);
  const all = (await getInstances(key)).map((i) => describe(i, opts.idleMinutes));
  const ours = all.filter((r) => r.ours).sort((a, b) => b.dph - a.dph);
  saveHistory(ours);

  if (opts.csv) {
    console.log(toCsv(ours));
    return;
  }
  printTable(ours);
  const others = all.length - ours.length;
  if (others) console.log(`\n(${others} other instance(s) on the account, not ours)`);
  const { hourly, warnings } = budgetWarnings(ours);
  console.log(`\nproject burn rate: $${hourly.toFixed(2)}/h`);
  for (const w of warnings) console.log(`warning: ${w}`);
  const idle = ours.filter((r) => r.idle);
  if (idle.length) {
    console.log('\nidle instances - stop them yourself if the run is really finished:');
    for (const r of idle) console.log(`  vastai stop instance ${r.id}    # ${r.label}`);
  }
}

main().catch((err) => {
  console.error(`vast-fleet: ${err.message}`);
  process.exitCode = 1;
});
