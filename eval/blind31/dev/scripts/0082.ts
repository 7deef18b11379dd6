#!/usr/bin/env -S npx tsx
// gremlin-seed.ts — seed the local Gremlin Server (JanusGraph in docker
// compose) with the route-network fixtures used by the routing tests.
//
//   npx tsx tools/gremlin-seed.ts                 # upsert vertices and edges
//   npx tsx tools/gremlin-seed.ts --reset         # g.V().drop() first (local only)
//   npx tsx tools/gremlin-seed.ts --check         # counts + a sample traversal
//
// GREMLIN_URL defaults to ws://localhost:8182/gremlin. --reset drops every
// vertex in the traversal source, so it only runs when the URL's host is
// localhost / 127.0.0.1 / the compose service "janusgraph" and the traversal
// source name ends in _test.

import gremlin from "gremlin";
import { readFile } from "node:fs/promises";
import path from "node:path";

const { DriverRemoteConnection } = gremlin.driver;
const { traversal } = gremlin.process.AnonymousTraversalSource;
const __ = gremlin.process.statics;
const { t, cardinality } = gremlin.process;

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "routes");
const RESET_HOSTS = new Set(["localhost", "127.0.0.1", "janusgraph"]);
const BATCH = 200;

interface Stop {
  id: string;
  name: string;
  lat: number;
  lon: number;
  zone: string;
}

interface Link {
  from: string;
  to: string;
  line: string;
  minutes: number;
}

interface Settings {
  url: string;
  source: string;
  reset: boolean;
  check: boolean;
}

function settings(): Settings {
  const argv = new Set(process.argv.slice(2));
  return {
    url: process.env.GREMLIN_URL ?? "ws://localhost:8182/gremlin",
    source: process.env.GREMLIN_SOURCE ?? "routes_test",
    reset: argv.has("--reset"),
    check: argv.has("--check"),
  };
}

function assertResettable(s: Settings): void {
  const host = new URL(s.url).hostname;
  if (!RESET_HOSTS.has(host)) throw new Error(`--reset refused: ${host} is not a local Gremlin Server`);
  if (!s.source.endsWith("_test")) throw new Error(`--reset refused: traversal source ${s.source} is not a *_test graph`);
}

async function readJson<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(path.join(FIXTURES, name), "utf8")) as T;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function withRetry<T>(label: string, fn: () => Promise<T>, attempts = 5): Promise<T> {
  let delay = 500;
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (err) {
      const msg = (err as Error).message;
      const transient = /ConcurrentModification|timeout|ECONNREFUSED|socket hang up/i.test(msg);
      if (!transient || i >= attempts) throw new Error(`${label}: ${msg}`);
      console.warn(`${label}: ${msg.split("\n")[0]}; retry ${i}/${attempts - 1}`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

async function upsertStops(g: gremlin.process.GraphTraversalSource, stops: Stop[]): Promise<number> {
  let n = 0;
  for (const batch of chunks(stops, BATCH)) {
    await withRetry(`stops batch ${n / BATCH}`, async () => {
      let tr: gremlin.process.GraphTraversal | null = null;
      for (const s of batch) {
        const step = (tr ?? g)
          .V()
          .has("stop", "stopId", s.id)
          .fold()
          .coalesce(__.unfold(), __.addV("stop").property("stopId", s.id))
          .property(cardinality.single, "name", s.name)
          .property(cardinality.single, "lat", s.lat)
          .property(cardinality.single, "lon", s.lon)
          .property(cardinality.single, "zone", s.zone);
        tr = step as gremlin.process.GraphTraversal;
      }
      if (tr) await tr.iterate();
    });
    n += batch.length;
  }
  return n;
}

async function upsertLinks(g: gremlin.process.GraphTraversalSource, links: Link[]): Promise<number> {
  let n = 0;
  for (const batch of chunks(links, BATCH)) {
    await withRetry(`links batch ${n / BATCH}`, async () => {
      for (const l of batch) {
        await g
          .V()
          .has("stop", "stopId", l.from)
          .as("a")
          .V()
          .has("stop", "stopId", l.to)
          .coalesce(
            __.inE("next").where(__.outV().as("a")).has("line", l.line),
            __.addE("next").from_("a").property("line", l.line),
          )
          .property("minutes", l.minutes)
          .iterate();
      }
    });
    n += batch.length;
  }
  return n;
}

async function check(g: gremlin.process.GraphTraversalSource): Promise<void> {
  const stops = await g.V().hasLabel("stop").count().next();
  const edges = await g.E().hasLabel("next").count().next();
  console.log(`stops: ${stops.value}, links: ${edges.value}`);
  const sample = await g
    .V()
    .has("stop", "zone", "A")
    .limit(1)
    .repeat(__.out("next").simplePath())
    .times(3)
    .path()
    .by("name")
    .limit(3)
    .toList();
  for (const p of sample) console.log(`  path: ${(p as { objects: string[] }).objects.join(" → ")}`);
  const byZone = await g.V().hasLabel("stop").groupCount().by("zone").next();
  console.log(`  stops per zone: ${JSON.stringify(Object.fromEntries(byZone.value as Map<string, number>))}`);
  const orphans = await g.V().hasLabel("stop").not(__.bothE("next")).count().next();
  if (Number(orphans.value) > 0) console.warn(`  ${orphans.value} stops without any link`);
  void t;
}

async function main(): Promise<void> {
  const s = settings();
  const connection = new DriverRemoteConnection(s.url, { traversalSource: s.source });
  const g = traversal().withRemote(connection);
  const stopSignal = async () => {
    await connection.close();
    process.exit(130);
  };
  process.once("SIGINT", stopSignal);
  try {
    console.log(`gremlin ${s.url} source=${s.source}`);
    if (s.check) {
      await check(g);
      return;
    }
    if (s.reset) {
      assertResettable(s);
      console.log("dropping all vertices in the test graph");
      await g.V().drop().iterate();
    }
    const stops = await readJson<Stop[]>("stops.json");
    const links = await readJson<Link[]>("links.json");
    const started = Date.now();
    const ns = await upsertStops(g, stops);
    const nl = await upsertLinks(g, links);
    console.log(`upserted ${ns} stops and ${nl} links in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    await check(g);
  } finally {
    await connection.close();
  }
}

main().catch((err: Error) => {
  console.error(`gremlin-seed: ${err.message}`);
  process.exitCode = 1;
});
