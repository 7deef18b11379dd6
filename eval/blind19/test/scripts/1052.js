// test/global-setup.js - Elasticsearch fixtures for the catalogue API tests.
//
// Uses the official client against ELASTIC_TEST_NODE (default
// http://localhost:9200, the compose container). For every file in
// test/fixtures/es/*.json it (re)creates an index named `jest_<worker>_<name>`
// so parallel Jest workers never share an index, and the teardown deletes
// exactly the names recorded in .cache/es-indices.json.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('@elastic/elasticsearch');

const NODE = process.env.ELASTIC_TEST_NODE || 'http://localhost:9200';
const FIXTURES = path.join(__dirname, 'fixtures', 'es');
const STATE = path.join(__dirname, '..', '.cache', 'es-indices.json');
const PREFIX = 'jest_';

function assertTestNode() {
  const { hostname } = new URL(NODE);
  if (!['localhost', '127.0.0.1'].includes(hostname)) {
    throw new Error(`ELASTIC_TEST_NODE must be a local node (got ${hostname})`);
  }
}

function client() {
  return new Client({
    node: NODE,
    requestTimeout: 30000,
    auth: process.env.ELASTIC_TEST_PASSWORD
      ? { username: 'elastic', password: process.env.ELASTIC_TEST_PASSWORD }
      : undefined,
  });
}

async function waitForCluster(es, attempts = 30) {
  for (let i = 1; i <= attempts; i++) {
    try {
      const health = await es.cluster.health({ wait_for_status: 'yellow', timeout: '5s' });
      return health.status;
    } catch (err) {
      if (i === attempts) throw new Error(`Elasticsearch at ${NODE} not ready: ${err.message}`);
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
  return 'unknown';
}

function fixtureFiles() {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

function indexName(worker, file) {
  return `${PREFIX}${worker}_${path.basename(file, '.json')}`.toLowerCase();
}

function readFixture(file) {
  const data = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8'));
  if (!data.mappings || !Array.isArray(data.documents)) {
    throw new Error(`${file}: expected { mappings, documents[] }`);
  }
  return data;
}

async function recreate(es, name, fixture) {
  await es.indices.delete({ index: name }, { ignore: [404] });
  await es.indices.create({
    index: name,
    settings: { number_of_shards: 1, number_of_replicas: 0, ...(fixture.settings || {}) },
    mappings: fixture.mappings,
  });
}

async function load(es, name, documents) {
  if (documents.length === 0) return 0;
  const operations = documents.flatMap((doc) => [{ index: { _index: name, _id: doc.id } }, doc]);
  const result = await es.bulk({ refresh: 'wait_for', operations });
  if (result.errors) {
    const first = result.items.find((i) => i.index && i.index.error);
    throw new Error(`bulk into ${name} failed: ${JSON.stringify(first.index.error)}`);
  }
  return documents.length;
}

function saveState(names) {
  fs.mkdirSync(path.dirname(STATE), { recursive: true, mode: 0o755 });
  let existing = [];
  try {
    existing = JSON.parse(fs.readFileSync(STATE, 'utf8'));
  } catch {
    existing = [];
  }
  const all = [...new Set([...existing, ...names])];
  fs.writeFileSync(STATE, JSON.stringify(all, null, 2));
}

function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE, { encoding: 'utf8' }));
  } catch {
    return [];
  }
}

async function setupWorker(es, worker) {
  const names = [];
  const env = {};
  for (const file of fixtureFiles()) {
    const fixture = readFixture(file);
    const name = indexName(worker, file);
    await recreate(es, name, fixture);
    await load(es, name, fixture.documents);
    names.push(name);
    env[`ES_INDEX_${path.basename(file, '.json').toUpperCase()}`] = name;
  }
  return { names, env };
}

async function globalSetup(globalConfig) {
  assertTestNode();
  const es = client();
  const status = await waitForCluster(es);
  const workers = Math.max(1, Number(globalConfig.maxWorkers) || 1);
  const created = [];
  for (let w = 1; w <= workers; w++) {
    const { names, env } = await setupWorker(es, w);
    created.push(...names);
    if (w === 1) Object.assign(process.env, env);
  }
  saveState(created);
  process.stdout.write(`\nElasticsearch ${status}: ${created.length} test index(es) ready\n`);
  await es.close();
}

async function globalTeardown() {
  assertTestNode();
  const names = readState().filter((n) => n.startsWith(PREFIX));
  if (names.length === 0) return;
  const es = client();
  try {
    // explicit list, never a wildcard: a typo must not reach other indices
    await es.indices.delete({ index: names.join(','), ignore_unavailable: true });
  } finally {
    await es.close();
  }
  fs.rmSync(STATE, { force: true });
}

async function cleanupOrphans(maxAgeMs = 3 * 3600 * 1000) {
  assertTestNode();
  const es = client();
  try {
    const rows = await es.cat.indices({ index: `${PREFIX}*`, format: 'json', h: 'index,creation.date' });
    const cutoff = Date.now() - maxAgeMs;
    const old = rows.filter((r) => Number(r['creation.date']) < cutoff).map((r) => r.index);
    if (old.length) await es.indices.delete({ index: old.join(','), ignore_unavailable: true });
    return old;
  } finally {
    await es.close();
  }
}

module.exports = globalSetup;
module.exports.teardown = globalTeardown;
module.exports.cleanupOrphans = cleanupOrphans;

if (require.main === module) {
  const cmd = process.argv[2];
  const run =
    cmd === 'teardown'
      ? globalTeardown
      : cmd === 'orphans'
        ? () => cleanupOrphans().then((o) => console.log(`removed ${o.length} orphaned index(es)`))
        : () => globalSetup({ maxWorkers: Number(process.env.JEST_WORKERS || 1) });
  run().catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
}
