#!/usr/bin/env node
/*
 * om-lineage.js - publish table-level lineage from dbt's manifest.json to
 * the local OpenMetadata server.
 *
 * Reads target/manifest.json produced by `dbt compile`, builds edges
 * (source/model -> model) and sends them to OpenMetadata's
 * PUT /api/v1/lineage endpoint, resolving entity ids by fully qualified name.
 *
 *   node catalog/om-lineage.js --service warehouse_dev --dry-run
 *   node catalog/om-lineage.js --service warehouse_dev
 *
 * Server: OPENMETADATA_URL (localhost:8585 or *.internal only), token from
 * OM_JWT in catalog/.env (bot token of the ingestion-bot user). Existing edges
 * are left in place; this script only adds or updates edges.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const MANIFEST = path.join(ROOT, 'target', 'manifest.json');
// OpenMetadata handles a few parallel lineage PUTs fine; more causes 429s on
// the small dev container
const CONCURRENCY = 4;
const USER_AGENT = 'om-lineage/1.0';

function dotEnv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, { encoding: 'utf8' }).split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
  }
  return out;
}

const localEnv = dotEnv(path.join(ROOT, 'catalog', '.env'));
const OM = (process.env.OPENMETADATA_URL || localEnv.OPENMETADATA_URL || 'http://localhost:8585').replace(/\/$/, '');
const TOKEN = process.env.OM_JWT || localEnv.OM_JWT;

function assertServer() {
  const host = new URL(OM).hostname;
  if (!['localhost', '127.0.0.1'].includes(host) && !host.endsWith('.internal')) {
    throw new Error(`OPENMETADATA_URL host ${host} is not local/internal`);
  }
  if (!TOKEN) throw new Error('OM_JWT missing (catalog/.env)');
}

async function om(method, route, payload) {
  const res = await fetch(`${OM}/api/v1${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`OpenMetadata ${method} ${route} failed (${res.status}): ${(await res.text()).slice(0, 240)}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

function parseArgs(argv) {
  const args = { service: null, dryRun: false, database: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--service') args.service = argv[++i];
    else if (argv[i] === '--database') args.database = argv[++i];
    else if (argv[i] === '--dry-run') args.dryRun = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!args.service) throw new Error('--service <openmetadata database service name> is required');
  return args;
}

function nodeFqn(node, service, dbOverride) {
  const db = dbOverride || node.database;
  return [service, db, node.schema, node.alias || node.identifier || node.name].join('.');
}

function buildEdges(manifest, service, dbOverride) {
  const nodes = { ...manifest.nodes, ...manifest.sources };
  const edges = [];
  for (const [id, node] of Object.entries(manifest.nodes)) {
    if (node.resource_type !== 'model') continue;
    for (const parentId of node.depends_on?.nodes || []) {
      const parent = nodes[parentId];
      if (!parent || !['model', 'source', 'seed', 'snapshot'].includes(parent.resource_type)) continue;
      edges.push({
        from: nodeFqn(parent, service, dbOverride),
        to: nodeFqn(node, service, dbOverride),
        sql: node.compiled_code || node.compiled_sql || '',
        model: id,
      });
    }
  }
  return edges;
}

const idCache = new Map();
async function tableId(fqn) {
  if (!idCache.has(fqn)) {
    const table = await om('GET', `/tables/name/${encodeURIComponent(fqn)}?fields=id`);
    idCache.set(fqn, table ? table.id : null);
  }
  return idCache.get(fqn);
}

async function publish(edge) {
  const [fromId, toId] = await Promise.all([tableId(edge.from), tableId(edge.to)]);
  if (!fromId || !toId) return { edge, status: 'missing', detail: !fromId ? edge.from : edge.to };
  await om('PUT', '/lineage', {
    edge: {
      fromEntity: { id: fromId, type: 'table' },
      toEntity: { id: toId, type: 'table' },
      lineageDetails: { sqlQuery: edge.sql.slice(0, 10000), source: 'DbtLineage' },
    },
  });
  return { edge, status: 'ok' };
}

function lineageStats(edges) {
  // fan-in / fan-out overview to spot models that depend on too much
  const fanIn = new Map();
  const fanOut = new Map();
  for (const e of edges) {
    fanIn.set(e.to, (fanIn.get(e.to) || 0) + 1);
    fanOut.set(e.from, (fanOut.get(e.from) || 0) + 1);
  }
  const top = (m) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return { fanIn: top(fanIn), fanOut: top(fanOut), tables: new Set([...fanIn.keys(), ...fanOut.keys()]).size };
}

function printStats(stats) {
  console.log(`${stats.tables} distinct table(s) in the lineage graph`);
  console.log('most upstream dependencies:');
  for (const [fqn, n] of stats.fanIn) console.log(`  ${String(n).padStart(3)}  ${fqn}`);
  console.log('most downstream consumers:');
  for (const [fqn, n] of stats.fanOut) console.log(`  ${String(n).padStart(3)}  ${fqn}`);
}

function writeEdgesFile(edges) {
  const out = path.join(ROOT, 'build', 'om-lineage-edges.json');
  fs.mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(edges.map(({ from, to, model }) => ({ from, to, model })), null, 2));
  return out;
}

async function inBatches(items, size, fn) {
  const results = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  }
  return results;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(MANIFEST)) throw new Error('target/manifest.json not found; run `dbt compile` first');
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
  const edges = buildEdges(manifest, args.service, args.database);
  console.log(`${edges.length} lineage edge(s) from ${Object.keys(manifest.nodes).length} dbt node(s)`);
  printStats(lineageStats(edges));
  console.log(`edge list: ${path.relative(ROOT, writeEdgesFile(edges))}`);
  if (args.dryRun) {
    for (const e of edges.slice(0, 50)) console.log(`  ${e.from} -> ${e.to}`);
    if (edges.length > 50) console.log(`  … ${edges.length - 50} more`);
    return;
  }
  assertServer();
  const results = await inBatches(edges, CONCURRENCY, publish);
  const missing = results.filter((r) => r.status === 'missing');
  for (const r of missing) console.log(`skipped ${r.edge.from} -> ${r.edge.to}: ${r.detail} not in OpenMetadata`);
  console.log(`${results.length - missing.length} edge(s) published, ${missing.length} skipped`);
  process.exitCode = missing.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`om-lineage: ${err.message}`);
  process.exitCode = 2;
});
