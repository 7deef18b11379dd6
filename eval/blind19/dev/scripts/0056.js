// test/support/opensearch-fixtures.js
//
// Jest globalSetup/globalTeardown helpers for the search integration tests.
// Creates per-run indices `it-<runId>-<name>` on the local OpenSearch from
// docker compose, bulk-loads fixtures, and deletes exactly those indices in
// teardown (plus leftovers from crashed runs older than an hour, same prefix).
//
// module.exports.setup / module.exports.teardown are wired in jest.config.js.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const OS_URL = process.env.OPENSEARCH_TEST_URL || 'http://localhost:9200';
const PREFIX = 'it-';
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'opensearch');
const STATE_FILE = path.join(__dirname, '..', '..', '.cache', 'opensearch-run.json');
const STALE_MS = 60 * 60 * 1000;
const AUTH = process.env.OPENSEARCH_TEST_AUTH || 'admin:admin';

function assertLocal() {
  const { hostname } = new URL(OS_URL);
  if (hostname !== 'localhost' && hostname !== '127.0.0.1') {
    throw new Error(`OPENSEARCH_TEST_URL must be local, got ${hostname}`);
  }
}

function headers(extra = {}) {
  return {
    Authorization: `Basic ${Buffer.from(AUTH).toString('base64')}`,
    ...extra,
  };
}

async function os(method, p, body, ndjson = false) {
  const init = { method, headers: headers() };
  if (body !== undefined) {
    init.body = ndjson ? body : JSON.stringify(body);
    init.headers['Content-Type'] = ndjson ? 'application/x-ndjson' : 'application/json';
  }
  const res = await fetch(OS_URL + p, init);
  const text = await res.text();
  if (!res.ok && res.status !== 404) {
    throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : {};
}

async function waitForCluster(timeoutMs = 60000) {
  const start = Date.now();
  let lastErr;
  while (Date.now() - start < timeoutMs) {
    try {
      const h = await os('GET', '/_cluster/health?wait_for_status=yellow&timeout=5s');
      if (h.status === 'yellow' || h.status === 'green') return h;
    } catch (err) {
      lastErr = err;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`OpenSearch not ready: ${lastErr ? lastErr.message : 'timeout'}`);
}

function runId() {
  return `${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
}

function fixtureNames() {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.mapping.json'))
    .map((f) => f.replace('.mapping.json', ''))
    .sort();
}

function bulkBody(index, docs) {
  const lines = [];
  for (const doc of docs) {
    lines.push(JSON.stringify({ index: { _index: index, _id: doc.id } }));
    lines.push(JSON.stringify(doc));
  }
  return lines.join('\n') + '\n';
}

async function createAndLoad(index, name) {
  const mapping = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.mapping.json`), 'utf8'));
  mapping.settings = { ...(mapping.settings || {}), number_of_shards: 1, number_of_replicas: 0 };
  await os('PUT', `/${index}`, mapping);
  const docsFile = path.join(FIXTURES, `${name}.docs.json`);
  if (!fs.existsSync(docsFile)) return 0;
  const docs = JSON.parse(fs.readFileSync(docsFile, 'utf8'));
  const res = await os('POST', '/_bulk?refresh=wait_for', bulkBody(index, docs), true);
  if (res.errors) {
    const first = res.items.find((i) => i.index && i.index.error);
    throw new Error(`bulk load into ${index} failed: ${JSON.stringify(first.index.error)}`);
  }
  return docs.length;
}

function saveState(state) {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

function loadState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

async function deleteIndices(names) {
  // explicit names only, never a wildcard, so a typo cannot hit other indices
  for (const name of names) {
    if (!name.startsWith(PREFIX)) throw new Error(`not a test index: ${name}`);
    await os('DELETE', `/${encodeURIComponent(name)}`);
  }
}

async function staleIndices(now = Date.now()) {
  const rows = await os('GET', `/_cat/indices/${PREFIX}*?format=json&h=index,creation.date`);
  return rows
    .filter((r) => now - Number(r['creation.date']) > STALE_MS)
    .map((r) => r.index);
}

async function checkVersion() {
  // the fixtures use features from 2.x mappings
  const info = await os('GET', '/');
  const version = (info.version && info.version.number) || '0.0.0';
  const major = Number(version.split('.')[0]);
  if (major < 2) {
    throw new Error(`OpenSearch ${version} is too old for the test mappings (need 2.x)`);
  }
  return version;
}

async function countDocs(index) {
  const res = await os('GET', `/${encodeURIComponent(index)}/_count`);
  return res.count || 0;
}

async function setup() {
  assertLocal();
  await waitForCluster();
  await checkVersion();
  const id = runId();
  const indices = {};
  for (const name of fixtureNames()) {
    const index = `${PREFIX}${id}-${name}`;
    const count = await createAndLoad(index, name);
    indices[name] = index;
    process.stdout.write(`  search fixture ${name}: ${count} docs\n`);
  }
  saveState({ id, indices, createdAt: new Date().toISOString() });
  process.env.OPENSEARCH_TEST_INDICES = JSON.stringify(indices);
  return indices;
}

async function teardown() {
  assertLocal();
  const state = loadState();
  if (state) {
    await deleteIndices(Object.values(state.indices));
    fs.rmSync(STATE_FILE, { force: true });
  }
  const stale = await staleIndices();
  if (stale.length) {
    await deleteIndices(stale);
    process.stdout.write(`  removed ${stale.length} stale test index(es)\n`);
  }
}

module.exports = { setup, teardown, _internal: { bulkBody, staleIndices, runId, countDocs } };

if (require.main === module) {
  const cmd = process.argv[2];
  const fn = cmd === 'teardown' ? teardown : setup;
  fn().catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
}
