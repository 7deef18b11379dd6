#!/usr/bin/env node
/**
 * arango-graphml.js — export a named ArangoDB graph (or a neighbourhood of
 * it) as GraphML so the analysts can open it in Gephi / yEd.
 *
 *   node tools/arango-graphml.js --graph supply --out build/supply.graphml
 *   node tools/arango-graphml.js --graph supply --start suppliers/S-1042 --depth 2
 *
 * Read-only: only AQL FOR/RETURN traversals and collection metadata reads.
 * Connection settings come from .env.local (ARANGO_URL / ARANGO_DB /
 * ARANGO_USER / ARANGO_PASSWORD); the password is passed to arangojs and
 * never printed. Large graphs are streamed through an AQL cursor in batches
 * so memory stays flat.
 */
"use strict";

const { Database, aql } = require("arangojs");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

function parseCli(argv) {
  const opts = { graph: null, start: null, depth: 3, out: null, batch: 2000, attrs: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const next = () => argv[++i];
    if (flag === "--graph") opts.graph = next();
    else if (flag === "--start") opts.start = next();
    else if (flag === "--depth") opts.depth = Number(next());
    else if (flag === "--out") opts.out = next();
    else if (flag === "--batch") opts.batch = Number(next());
    else if (flag === "--attr") opts.attrs.push(next());
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!opts.graph) throw new Error("--graph is required");
  if (!Number.isInteger(opts.depth) || opts.depth < 1 || opts.depth > 10) throw new Error("--depth must be 1..10");
  opts.out = path.resolve(ROOT, opts.out ?? `build/${opts.graph}.graphml`);
  if (!opts.out.startsWith(path.join(ROOT, "build") + path.sep)) throw new Error("--out must be inside build/");
  return opts;
}

function envLocal() {
  const file = path.join(ROOT, ".env.local");
  const env = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, { encoding: "utf8" }).split(/\r?\n/)) {
      const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (m) env[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
    }
  }
  return { ...env, ...process.env };
}

function xmlEscape(value) {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function keyType(value) {
  if (typeof value === "number") return Number.isInteger(value) ? "long" : "double";
  if (typeof value === "boolean") return "boolean";
  return "string";
}

class GraphMLWriter {
  constructor(file, attrs) {
    this.tmp = `${file}.partial`;
    this.file = file;
    this.attrs = attrs;
    this.stream = fs.createWriteStream(this.tmp, { encoding: "utf8" });
    this.nodeIds = new Set();
    this.edges = 0;
  }

  header(sample) {
    this.stream.write('<?xml version="1.0" encoding="UTF-8"?>\n');
    this.stream.write('<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n');
    this.stream.write('  <key id="collection" for="node" attr.name="collection" attr.type="string"/>\n');
    for (const attr of this.attrs) {
      const type = keyType(sample?.[attr]);
      this.stream.write(`  <key id="${xmlEscape(attr)}" for="node" attr.name="${xmlEscape(attr)}" attr.type="${type}"/>\n`);
    }
    this.stream.write('  <key id="label" for="edge" attr.name="label" attr.type="string"/>\n');
    this.stream.write('  <graph id="G" edgedefault="directed">\n');
  }

  node(doc) {
    if (this.nodeIds.has(doc._id)) return;
    this.nodeIds.add(doc._id);
    const collection = doc._id.split("/")[0];
    let data = `<data key="collection">${xmlEscape(collection)}</data>`;
    for (const attr of this.attrs) {
      if (doc[attr] !== undefined && doc[attr] !== null) data += `<data key="${xmlEscape(attr)}">${xmlEscape(doc[attr])}</data>`;
    }
    this.stream.write(`    <node id="${xmlEscape(doc._id)}">${data}</node>\n`);
  }

  edge(e) {
    this.edges += 1;
    const label = e._id.split("/")[0];
    this.stream.write(
      `    <edge id="${xmlEscape(e._id)}" source="${xmlEscape(e._from)}" target="${xmlEscape(e._to)}"><data key="label">${xmlEscape(label)}</data></edge>\n`,
    );
  }

  async close() {
    this.stream.write("  </graph>\n</graphml>\n");
    await new Promise((resolve, reject) => this.stream.end((err) => (err ? reject(err) : resolve())));
    fs.renameSync(this.tmp, this.file);
  }
}

async function graphCollections(db, name) {
  const graph = db.graph(name);
  if (!(await graph.exists())) throw new Error(`graph ${name} does not exist in ${db.name}`);
  const info = await graph.get();
  const vertexCollections = new Set(info.orphanCollections ?? []);
  const edgeCollections = [];
  for (const def of info.edgeDefinitions) {
    edgeCollections.push(def.collection);
    for (const c of [...def.from, ...def.to]) vertexCollections.add(c);
  }
  return { vertexCollections: [...vertexCollections], edgeCollections };
}

async function exportWhole(db, writer, cols, batch) {
  let first = true;
  for (const name of cols.vertexCollections) {
    const cursor = await db.query(aql`FOR d IN ${db.collection(name)} RETURN d`, { batchSize: batch, stream: true });
    for await (const doc of cursor) {
      if (first) {
        writer.header(doc);
        first = false;
      }
      writer.node(doc);
    }
  }
  if (first) writer.header({});
  for (const name of cols.edgeCollections) {
    const cursor = await db.query(aql`FOR e IN ${db.collection(name)} RETURN KEEP(e, "_id", "_from", "_to")`, {
      batchSize: batch,
      stream: true,
    });
    for await (const e of cursor) {
      if (writer.nodeIds.has(e._from) && writer.nodeIds.has(e._to)) writer.edge(e);
    }
  }
}

async function exportNeighbourhood(db, writer, graphName, start, depth, batch) {
  const cursor = await db.query(
    aql`FOR v, e IN 0..${depth} ANY ${start} GRAPH ${graphName} OPTIONS { uniqueVertices: "global", order: "bfs" }
        RETURN { v, e: e ? KEEP(e, "_id", "_from", "_to") : null }`,
    { batchSize: batch, stream: true },
  );
  const pending = [];
  let headerDone = false;
  for await (const { v, e } of cursor) {
    if (!headerDone) {
      writer.header(v);
      headerDone = true;
    }
    writer.node(v);
    if (e) pending.push(e);
  }
  if (!headerDone) throw new Error(`start vertex ${start} not found`);
  for (const e of pending) if (writer.nodeIds.has(e._from) && writer.nodeIds.has(e._to)) writer.edge(e);
}

async function main() {
  const opts = parseCli(process.argv.slice(2));
  const env = envLocal();
  const db = new Database({
    url: env.ARANGO_URL || "http://127.0.0.1:8529",
    databaseName: env.ARANGO_DB ?? "supply_dev",
    auth: { username: env.ARANGO_USER ?? "root", password: env.ARANGO_PASSWORD ?? "" },
  });
  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  const writer = new GraphMLWriter(opts.out, opts.attrs.length ? opts.attrs : ["name", "country", "tier"]);
  const started = Date.now();
  try {
    if (opts.start) {
      await exportNeighbourhood(db, writer, opts.graph, opts.start, opts.depth, opts.batch);
    } else {
      await exportWhole(db, writer, await graphCollections(db, opts.graph), opts.batch);
    }
    await writer.close();
  } catch (err) {
    writer.stream.destroy();
    fs.rmSync(writer.tmp, { force: true });
    throw err;
  } finally {
    db.close();
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${writer.nodeIds.size} nodes, ${writer.edges} edges -> ${path.relative(ROOT, opts.out)} (${secs}s)`);
}

main().catch((err) => {
  console.error(`arango-graphml: ${err.message}`);
  process.exitCode = 1;
});
