#!/usr/bin/env node
// lambda-instances.js - list our Lambda Cloud instances and terminate the
// ones this project launched once a training run is finished.
//
//   node tools/lambda-instances.js list
//   node tools/lambda-instances.js terminate --run run-2024-05-02          # dry run
//   node tools/lambda-instances.js terminate --run run-2024-05-02 --apply  # really
//
// Safety rules:
//   * only instances whose name starts with `${prefix}-${run}` are candidates;
//     the prefix comes from config/lambda.json
//   * instances listed in config/lambda.json "protected" are never touched
//   * without --apply nothing is terminated; the candidate list is printed
//   * the terminate request lists explicit instance ids, never "all"

'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline/promises');

const ROOT = path.resolve(__dirname, '..');
const BASE = 'https://cloud.lambdalabs.com/api/v1';
const CONFIG = path.join(ROOT, 'config', 'lambda.json');
const LOG = path.join(ROOT, 'build', 'lambda-actions.log');

function loadEnvKey() {
  if (process.env.LAMBDA_API_KEY) return process.env.LAMBDA_API_KEY;
  const envPath = path.join(ROOT, '.env');
  if (fs.existsSync(envPath)) {
    const line = fs
      .readFileSync(envPath, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('LAMBDA_API_KEY='));
    if (line) return line.slice('LAMBDA_API_KEY='.length).trim();
  }
  throw new Error('LAMBDA_API_KEY missing (env or .env)');
}

function loadConfig() {
  const cfg = JSON.parse(fs.readFileSync(CONFIG, 'utf8'));
  if (!/^[a-z0-9-]{3,}$/.test(cfg.prefix ?? '')) {
    throw new Error('config/lambda.json: prefix must be set (lowercase, 3+ chars)');
  }
  cfg.protected = new Set(cfg.protected ?? []);
  return cfg;
}

class LambdaClient {
  constructor(key) {
    this.auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  }

  async request(method, route, body) {
    const res = await fetch(`${BASE}${route}`, {
      method,
      headers: { Authorization: this.auth, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30000),
    });
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new Error(`${method} ${route}: non-JSON response (${res.status})`);
    }
    if (!res.ok) {
      const msg = json.error?.message ?? text.slice(0, 200);
      throw new Error(`${method} ${route}: ${res.status} ${msg}`);
    }
    return json.data;
  }

  instances() {
    return this.request('GET', '/instances');
  }

  instanceTypes() {
    return this.request('GET', '/instance-types');
  }

  terminate(ids) {
    if (!Array.isArray(ids) || ids.length === 0) throw new Error('no ids to terminate');
    return this.request('POST', '/instance-operations/terminate', { instance_ids: ids });
  }
}

function parseArgs(argv) {
  const [command = 'list', ...rest] = argv;
  const opts = { command, run: null, apply: false, yes: false };
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--run') opts.run = rest[++i];
    else if (rest[i] === '--apply') opts.apply = true;
    else if (rest[i] === '--yes') opts.yes = true;
    else throw new Error(`unknown option ${rest[i]}`);
  }
  return opts;
}

function hoursSince(iso) {
  if (!iso) return null;
  return (Date.now() - Date.parse(iso)) / 3.6e6;
}

function describe(inst, prices) {
  const type = inst.instance_type?.name ?? '?';
  const cents = prices.get(type);
  return {
    id: inst.id,
    name: inst.name ?? '(unnamed)',
    status: inst.status,
    type,
    region: inst.region?.name ?? '?',
    ip: inst.ip ? `${inst.ip.split('.').slice(0, 2).join('.')}.x.x` : '-',
    usdPerHour: cents != null ? cents / 100 : null,
  };
}

async function priceTable(client) {
  const types = await client.instanceTypes();
  const prices = new Map();
  for (const [name, entry] of Object.entries(types ?? {})) {
    prices.set(name, entry.instance_type?.price_cents_per_hour ?? null);
  }
  return prices;
}

function logAction(line) {
  fs.mkdirSync(path.dirname(LOG), { recursive: true });
  fs.appendFileSync(LOG, `${new Date().toISOString()} ${line}\n`);
}

async function confirm(question) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return answer.trim().toLowerCase() === 'y';
  } finally {
    rl.close();
  }
}

async function cmdList(client, cfg) {
  const [instances, prices] = await Promise.all([client.instances(), priceTable(client)]);
  const rows = instances.map((i) => describe(i, prices));
  const ours = rows.filter((r) => r.name.startsWith(`${cfg.prefix}-`));
  console.table(ours);
  const othersCount = rows.length - ours.length;
  if (othersCount) console.log(`${othersCount} other instance(s) on the account are not shown`);
  const burn = ours.reduce((s, r) => s + (r.usdPerHour ?? 0), 0);
  console.log(`our instances burn $${burn.toFixed(2)}/h`);
}

async function cmdTerminate(client, cfg, opts) {
  if (!opts.run || !/^[a-z0-9-]+$/.test(opts.run)) {
    throw new Error('--run <run-id> is required (lowercase letters, digits, dashes)');
  }
  const wanted = `${cfg.prefix}-${opts.run}`;
  const instances = await client.instances();
  const candidates = instances.filter(
    (i) => (i.name ?? '').startsWith(wanted) && !cfg.protected.has(i.id) && i.status !== 'terminated',
  );
  if (!candidates.length) {
    console.log(`no instances named ${wanted}*`);
    return;
  }
  for (const c of candidates) {
    console.log(`candidate ${c.id} ${c.name} (${c.status}, ${c.instance_type?.name})`);
  }
  if (!opts.apply) {
    console.log('dry run; add --apply to terminate these instances');
    return;
  }
  if (!opts.yes && !(await confirm(`terminate ${candidates.length} instance(s)?`))) {
    console.log('aborted');
    return;
  }
  const ids = candidates.map((c) => c.id);
  const result = await client.terminate(ids);
  for (const t of result.terminated_instances ?? []) {
    console.log(`terminated ${t.id} ${t.name}`);
    logAction(`terminate ${t.id} ${t.name} run=${opts.run}`);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const cfg = loadConfig();
  const key = loadEnvKey();
  console.error(`Lambda key ${key.slice(0, 6)}… prefix ${cfg.prefix}`);
  const client = new LambdaClient(key);
  switch (opts.command) {
    case 'list':
      await cmdList(client, cfg);
      break;
    case 'terminate':
      await cmdTerminate(client, cfg, opts);
      break;
    default:
      throw new Error(`unknown command ${opts.command} (list|terminate)`);
  }
}

main().catch((err) => {
  console.error(`lambda-instances: ${err.message}`);
  process.exitCode = 1;
});
