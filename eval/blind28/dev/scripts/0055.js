#!/usr/bin/env node
// load-synthea.mjs-style loader (CommonJS) for the FHIR test servers.
//
//   node tools/load-synthea.js                      -> local HAPI (http://localhost:8080/fhir)
//   node tools/load-synthea.js --server public      -> hapi.fhir.org public R4 sandbox
//   node tools/load-synthea.js --concurrency 4 --limit 50
//
// Only Synthea output (build/synthea/fhir/*.json) is loaded: every Patient
// must carry the Synthea identifier system, otherwise the file is skipped.
// That keeps real exports from build/export away from the public sandbox.
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const ROOT = path.resolve(__dirname, '..');
const INPUT = path.join(ROOT, 'build', 'synthea', 'fhir');
const SERVERS = {
  local: 'http://localhost:8080/fhir',
  public: 'https://hapi.fhir.org/baseR4',
};
const SYNTHEA_SYSTEM = 'https://github.com/synthetichealth/synthea';

function parseArgs(argv) {
  const opts = { server: 'local', concurrency: 2, limit: Infinity, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--server') opts.server = argv[++i];
    else if (a === '--concurrency') opts.concurrency = Number(argv[++i]);
    else if (a === '--limit') opts.limit = Number(argv[++i]);
    else if (a === '--dry-run') opts.dryRun = true;
    else if (a === '-h' || a === '--help') opts.help = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!SERVERS[opts.server]) throw new Error(`--server must be one of ${Object.keys(SERVERS).join(', ')}`);
  if (!(opts.concurrency >= 1 && opts.concurrency <= 8)) throw new Error('--concurrency 1..8');
  return opts;
}

function isSynthetic(bundle) {
  const patients = (bundle.entry || [])
    .map((e) => e.resource)
    .filter((r) => r && r.resourceType === 'Patient');
  if (patients.length === 0) return true; // hospital/practitioner bundles
  return patients.every((p) => (p.identifier || []).some((id) => id.system === SYNTHEA_SYSTEM));
}

function toTransaction(bundle) {
  if (bundle.type === 'transaction') return bundle;
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: (bundle.entry || []).map((e) => ({
      fullUrl: e.fullUrl,
      resource: e.resource,
      request: e.resource.id
        ? { method: 'PUT', url: `${e.resource.resourceType}/${e.resource.id}` }
        : { method: 'POST', url: e.resource.resourceType },
    })),
  };
}

async function post(base, bundle, attempt = 1) {
  let res;
  try {
    res = await fetch(base, {
      method: 'POST',
      headers: { 'Content-Type': 'application/fhir+json', Accept: 'application/fhir+json' },
      body: JSON.stringify(bundle),
    });
  } catch (err) {
    if (attempt >= 5) throw err;
    await sleep(500 * 2 ** attempt);
    return post(base, bundle, attempt + 1);
  }
  if ([429, 502, 503, 504].includes(res.status) && attempt < 5) {
    const retryAfter = Number(res.headers.get('retry-after')) || 2 ** attempt;
    await sleep(retryAfter * 1000);
    return post(base, bundle, attempt + 1);
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    const diag = (body.issue || []).map((i) => i.diagnostics).filter(Boolean).join('; ');
    throw new Error(`HTTP ${res.status}: ${diag || res.statusText}`);
  }
  return body;
}

async function listFiles(limit) {
  const names = (await fs.readdir(INPUT)).filter((n) => n.endsWith('.json'));
  // Synthea writes hospital/practitioner info that patient bundles reference.
  names.sort((a, b) => {
    const rank = (n) => (n.startsWith('hospital') ? 0 : n.startsWith('practitioner') ? 1 : 2);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  return names.slice(0, limit);
}

async function pool(items, size, worker) {
  const results = [];
  let next = 0;
  async function run() {
    while (next < items.length) {
      const i = next++;
      results[i] = await worker(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, run));
  return results;
}

async function countOnServer(base, types) {
  const counts = {};
  for (const type of types) {
    const res = await fetch(`${base}/${type}?_summary=count`, { headers: { Accept: 'application/fhir+json' } });
    if (!res.ok) {
      counts[type] = `HTTP ${res.status}`;
      continue;
    }
    const body = await res.json();
    counts[type] = body.total ?? '?';
  }
  return counts;
}

function printCounts(label, counts) {
  const entries = Object.entries(counts);
  const width = Math.max(...entries.map(([k]) => k.length));
  console.log(label);
  for (const [type, n] of entries) console.log(`  ${type.padEnd(width)}  ${n}`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    console.log('usage: load-synthea.js [--server local|public] [--concurrency N] [--limit N] [--dry-run]');
    return;
  }
  const base = SERVERS[opts.server];
  const meta = await fetch(`${base}/metadata`, { headers: { Accept: 'application/fhir+json' } });
  if (!meta.ok) throw new Error(`${base} not reachable (${meta.status})`);
  const cap = await meta.json();
  console.log(`server ${base}: ${cap.software?.name ?? 'unknown'} FHIR ${cap.fhirVersion}`);

  const files = await listFiles(opts.limit);
  // first two are shared resources: load them sequentially before the pool
  const [shared, rest] = [files.filter((f) => !/^[A-Z]/.test(f)), files.filter((f) => /^[A-Z]/.test(f))];
  const stats = { ok: 0, skipped: 0, failed: 0, entries: 0 };

  const handle = async (name) => {
    const bundle = JSON.parse(await fs.readFile(path.join(INPUT, name), 'utf8'));
    if (!isSynthetic(bundle)) {
      stats.skipped++;
      console.warn(`skip ${name}: not a Synthea bundle`);
      return;
    }
    const tx = toTransaction(bundle);
    if (opts.dryRun) {
      console.log(`[dry-run] ${name}: ${tx.entry.length} entries`);
      return;
    }
    try {
      const resp = await post(base, tx);
      stats.ok++;
      stats.entries += (resp.entry || []).length;
      console.log(`ok   ${name} (${tx.entry.length})`);
    } catch (err) {
      stats.failed++;
      console.error(`FAIL ${name}: ${err.message}`);
    }
  };

  for (const name of shared) await handle(name);
  await pool(rest, opts.concurrency, handle);
  console.log(JSON.stringify(stats));
  if (!opts.dryRun) {
    printCounts('resources on server:', await countOnServer(base, ['Patient', 'Encounter', 'Observation', 'Condition']));
  }
  if (stats.failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`load-synthea: ${err.message}`);
  process.exit(1);
});
