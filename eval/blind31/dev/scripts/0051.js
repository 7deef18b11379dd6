#!/usr/bin/env node
// seed-arango.js — load JSON fixtures into the ArangoDB used by the API tests.
//
//   node scripts/seed-arango.js                 # database from ARANGO_DB (default catalog_test)
//   node scripts/seed-arango.js --drop          # drop the test database first
//   node scripts/seed-arango.js --only products,categories
//
// The fixtures live in test/fixtures/arango/<collection>.json (documents) and
// <collection>.edges.json (edges, with _from/_to as "collection/key").
//
// Guard rails: the endpoint has to be a loopback/compose address and the
// database name has to end in _test or _dev. --drop removes that database
// only. ARANGO_PASSWORD comes from .env.test and is sent only to that endpoint.

import { Database, aql } from "arangojs";
import { readFile, readdir } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "arango");
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "arangodb"]);

const { values: args } = parseArgs({
  options: {
    drop: { type: "boolean", default: false },
    only: { type: "string" },
    verbose: { type: "boolean", short: "v", default: false },
  },
});

function loadDotenv(file) {
  if (!existsSync(file)) return {};
  const out = {};
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 0) continue;
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[line.slice(0, eq).trim()] = value;
  }
  return out;
}

const env = { ...loadDotenv(path.join(ROOT, ".env.test")), ...process.env };
const config = {
  url: env.ARANGO_URL ?? "http://127.0.0.1:8529",
  user: env.ARANGO_USER ?? "root",
  password: env.ARANGO_PASSWORD ?? "",
  database: env.ARANGO_DB ?? "catalog_test",
};

function log(...parts) {
  console.log(`[seed ${new Date().toISOString().slice(11, 19)}]`, ...parts);
}

function guard({ url, database }) {
  const host = new URL(url).hostname;
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`refusing to seed ${host}; allowed: ${[...LOCAL_HOSTS].join(", ")}`);
  }
  if (!/_(test|dev)$/.test(database)) {
    throw new Error(`refusing to seed database "${database}": name must end in _test or _dev`);
  }
}

async function waitForServer(system, attempts = 10) {
  let delay = 250;
  for (let i = 1; i <= attempts; i += 1) {
    try {
      const version = await system.version();
      log(`ArangoDB ${version.version} (${version.license})`);
      return;
    } catch (err) {
      if (i === attempts) throw err;
      log(`server not ready (${err.code ?? err.message}); retry ${i}/${attempts}`);
      await sleep(delay);
      delay = Math.min(delay * 2, 4000);
    }
  }
}

async function fixtureFiles() {
  const names = await readdir(FIXTURES);
  const docs = [];
  const edges = [];
  for (const name of names.sort()) {
    if (name.endsWith(".edges.json")) edges.push(name.replace(/\.edges\.json$/, ""));
    else if (name.endsWith(".json")) docs.push(name.replace(/\.json$/, ""));
  }
  const only = args.only ? new Set(args.only.split(",").map((s) => s.trim())) : null;
  const keep = (n) => !only || only.has(n);
  return { docs: docs.filter(keep), edges: edges.filter(keep) };
}

async function readFixture(name, kind) {
  const file = path.join(FIXTURES, kind === "edge" ? `${name}.edges.json` : `${name}.json`);
  const data = JSON.parse(await readFile(file, "utf8"));
  if (!Array.isArray(data)) throw new Error(`${file}: expected an array`);
  return data.map((doc) => {
    const copy = { ...doc };
    if (copy.id !== undefined && copy._key === undefined) {
      copy._key = String(copy.id);
      delete copy.id;
    }
    return copy;
  });
}

async function ensureCollection(db, name, kind) {
  const collection = kind === "edge" ? db.edgeCollection(name) : db.collection(name);
  if (!(await collection.exists())) {
    await (kind === "edge" ? db.createEdgeCollection(name) : db.createCollection(name));
    log(`created ${kind} collection ${name}`);
  }
  return collection;
}

async function loadCollection(db, name, kind) {
  const docs = await readFixture(name, kind);
  const collection = await ensureCollection(db, name, kind);
  await collection.truncate();
  const chunk = 1000;
  let created = 0;
  for (let i = 0; i < docs.length; i += chunk) {
    const result = await collection.import(docs.slice(i, i + chunk), { onDuplicate: "replace", complete: true });
    created += result.created + result.updated;
    if (args.verbose && result.errors) log(`${name}: ${result.errors} errors in chunk ${i / chunk}`);
  }
  return created;
}

async function ensureIndexes(db) {
  const wanted = {
    products: [{ type: "persistent", fields: ["sku"], unique: true }, { type: "persistent", fields: ["category"] }],
    categories: [{ type: "persistent", fields: ["slug"], unique: true }],
  };
  for (const [name, indexes] of Object.entries(wanted)) {
    const collection = db.collection(name);
    if (!(await collection.exists())) continue;
    for (const index of indexes) await collection.ensureIndex(index);
  }
}

async function sanityChecks(db) {
  const checks = [
    ["products without category", aql`FOR p IN products FILTER p.category == null COLLECT WITH COUNT INTO n RETURN n`],
    ["dangling in_category edges", aql`FOR e IN in_category FILTER DOCUMENT(e._to) == null COLLECT WITH COUNT INTO n RETURN n`],
  ];
  let problems = 0;
  for (const [label, query] of checks) {
    try {
      const cursor = await db.query(query);
      const [n] = await cursor.all();
      if (n > 0) problems += 1;
      log(`${label}: ${n}`);
    } catch (err) {
      log(`${label}: skipped (${err.message})`);
    }
  }
  return problems;
}

async function main() {
  guard(config);
  const system = new Database({ url: config.url, auth: { username: config.user, password: config.password } });
  await waitForServer(system);
  const existing = await system.listDatabases();
  if (args.drop && existing.includes(config.database)) {
    log(`dropping ${config.database}`);
    await system.dropDatabase(config.database);
  }
  if (args.drop || !existing.includes(config.database)) {
    await system.createDatabase(config.database);
    log(`created database ${config.database}`);
  }
  const db = system.database(config.database);
  const { docs, edges } = await fixtureFiles();
  const started = Date.now();
  const counts = {};
  for (const name of docs) counts[name] = await loadCollection(db, name, "document");
  for (const name of edges) counts[name] = await loadCollection(db, name, "edge");
  await ensureIndexes(db);
  for (const [name, n] of Object.entries(counts)) log(`${name.padEnd(20)} ${String(n).padStart(6)}`);
  log(`seeded ${config.database} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const problems = await sanityChecks(db);
  system.close();
  return problems ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`seed-arango: ${err.message}`);
    process.exit(2);
  },
);
