#!/usr/bin/env node
// load-recs-graph.js — load the recommendation fixtures (users, products,
// purchases, views) into the local Neo4j used by the recommender tests.
//
//   node scripts/load-recs-graph.js             # MERGE everything (idempotent)
//   node scripts/load-recs-graph.js --wipe      # empty the local database first
//   node scripts/load-recs-graph.js --limit 500 # quick subset for smoke tests
//
// Connection: NEO4J_URI / NEO4J_USERNAME / NEO4J_PASSWORD from .env.local.
// --wipe runs `MATCH (n) DETACH DELETE n` in batches, which is why it is
// restricted to bolt/neo4j URIs on localhost or the compose host "neo4j".

import neo4j from "neo4j-driver";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATA = path.join(ROOT, "fixtures", "recs");
const BATCH = 1000;
const WIPE_HOSTS = new Set(["localhost", "127.0.0.1", "neo4j"]);

const argv = process.argv.slice(2);
const WIPE = argv.includes("--wipe");
const LIMIT = argv.includes("--limit") ? Number(argv[argv.indexOf("--limit") + 1]) : Infinity;

function envLocal() {
  const file = path.join(ROOT, ".env.local");
  const vars = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = line.match(/^([A-Z0-9_]+)=(.*)$/);
      if (m) vars[m[1]] = m[2].trim().replace(/^"(.*)"$/, "$1");
    }
  }
  return { ...vars, ...process.env };
}

const env = envLocal();
const uri = env.NEO4J_URI ?? "bolt://localhost:7687";
const user = env.NEO4J_USERNAME ?? "neo4j";
const password = env.NEO4J_PASSWORD ?? "";
const stars = (s) => (s ? `${s[0]}${"*".repeat(Math.max(0, s.length - 2))}${s.at(-1)}` : "<empty>");

async function* csvRows(file) {
  const rl = createInterface({ input: createReadStream(path.join(DATA, file)), crlfDelay: Infinity });
  let header = null;
  let n = 0;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const cells = line.split(",").map((c) => c.trim());
    if (!header) {
      header = cells;
      continue;
    }
    if (n++ >= LIMIT) break;
    yield Object.fromEntries(header.map((h, i) => [h, cells[i] ?? null]));
  }
}

async function batched(file, fn) {
  let batch = [];
  let total = 0;
  for await (const row of csvRows(file)) {
    batch.push(row);
    if (batch.length >= BATCH) {
      total += await fn(batch);
      batch = [];
    }
  }
  if (batch.length) total += await fn(batch);
  return total;
}

function writer(driver) {
  return async (cypher, rows) => {
    const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
    try {
      await session.executeWrite((tx) => tx.run(cypher, { rows }));
      return rows.length;
    } finally {
      await session.close();
    }
  };
}

const SCHEMA = [
  "CREATE CONSTRAINT user_id IF NOT EXISTS FOR (u:User) REQUIRE u.id IS UNIQUE",
  "CREATE CONSTRAINT product_sku IF NOT EXISTS FOR (p:Product) REQUIRE p.sku IS UNIQUE",
  "CREATE INDEX product_category IF NOT EXISTS FOR (p:Product) ON (p.category)",
];

const LOADS = [
  ["users.csv", "UNWIND $rows AS r MERGE (u:User {id: r.id}) SET u.country = r.country, u.signup = date(r.signup)"],
  ["products.csv", "UNWIND $rows AS r MERGE (p:Product {sku: r.sku}) SET p.name = r.name, p.category = r.category, p.price = toFloat(r.price)"],
  ["purchases.csv", "UNWIND $rows AS r MATCH (u:User {id: r.user}), (p:Product {sku: r.sku}) MERGE (u)-[b:BOUGHT {order: r.order}]->(p) SET b.at = datetime(r.at), b.qty = toInteger(r.qty)"],
  ["views.csv", "UNWIND $rows AS r MATCH (u:User {id: r.user}), (p:Product {sku: r.sku}) MERGE (u)-[v:VIEWED]->(p) ON CREATE SET v.count = 0 SET v.count = v.count + toInteger(r.n)"],
];

async function wipe(driver) {
  const { hostname } = new URL(uri.replace(/^neo4j(\+s)?:/, "http:").replace(/^bolt(\+s)?:/, "http:"));
  if (!WIPE_HOSTS.has(hostname)) throw new Error(`--wipe refused for ${hostname}; local databases only`);
  const session = driver.session();
  try {
    console.log(`wiping ${hostname} …`);
    await session.run("MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS");
  } finally {
    await session.close();
  }
}

async function counts(driver) {
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const res = await session.run(
      "CALL { MATCH (u:User) RETURN count(u) AS users } CALL { MATCH (p:Product) RETURN count(p) AS products } " +
        "CALL { MATCH ()-[b:BOUGHT]->() RETURN count(b) AS bought } RETURN users, products, bought",
    );
    return res.records[0].toObject();
  } finally {
    await session.close();
  }
}

async function sampleRecommendations(driver, limit = 3) {
  // quick sanity check that the loaded graph supports the "bought together" query
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const res = await session.run(
      "MATCH (p:Product)<-[:BOUGHT]-(:User)-[:BOUGHT]->(other:Product) WHERE p <> other " +
        "WITH p, other, count(*) AS together ORDER BY together DESC " +
        "WITH p, collect(other.sku)[0..3] AS recs, sum(together) AS weight " +
        "RETURN p.sku AS sku, recs ORDER BY weight DESC LIMIT $limit",
      { limit: neo4j.int(limit) },
    );
    for (const record of res.records) {
      console.log(`  ${record.get("sku")} -> ${record.get("recs").join(", ")}`);
    }
    return res.records.length;
  } finally {
    await session.close();
  }
}

async function main() {
  console.log(`neo4j ${uri} as ${user} (password ${stars(password)})`);
  const driver = neo4j.driver(uri, neo4j.auth.basic(user, password), { maxConnectionPoolSize: 8 });
  const shutdown = async () => {
    await driver.close();
    process.exit(130);
  };
  process.once("SIGINT", shutdown);
  try {
    await driver.verifyConnectivity();
    if (WIPE) await wipe(driver);
    const session = driver.session();
    try {
      for (const stmt of SCHEMA) await session.run(stmt);
    } finally {
      await session.close();
    }
    const write = writer(driver);
    for (const [file, cypher] of LOADS) {
      const started = Date.now();
      const n = await batched(file, (rows) => write(cypher, rows));
      console.log(`${file.padEnd(14)} ${String(n).padStart(7)} rows  ${((Date.now() - started) / 1000).toFixed(1)}s`);
    }
    const c = await counts(driver);
    console.log(`graph: ${c.users} users, ${c.products} products, ${c.bought} purchases`);
    console.log("sample recommendations:");
    if ((await sampleRecommendations(driver)) === 0) console.log("  none (too few purchases loaded)");
  } finally {
    await driver.close();
  }
}

main().catch((err) => {
  console.error(`load-recs-graph: ${err.message}`);
  process.exitCode = 1;
});
