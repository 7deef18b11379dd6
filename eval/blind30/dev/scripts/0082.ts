/**
 * Build and smoke-test the OpenTripPlanner graph for the regional journey planner.
 *
 *   npx tsx tools/otp-graph.ts build     # fetch feeds, build graph into data/otp/graph.obj
 *   npx tsx tools/otp-graph.ts serve     # start OTP on 127.0.0.1:8080 with that graph
 *   npx tsx tools/otp-graph.ts test      # start, run the probe journeys, stop
 *
 * GTFS feeds come from the agencies' feed server (feeds.internal, listed in
 * config/feeds.json); the OSM extract is the one tools/osrm_build.sh downloads.
 * OTP is started as a child process and stopped by this script (by its PID) when the
 * test finishes or on Ctrl-C.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { createHash } from "node:crypto";

const ROOT = path.resolve(__dirname, "..");
const OTP_DIR = path.join(ROOT, "data", "otp");
const OTP_JAR = path.join(ROOT, "tools", "otp-shaded.jar");
const PORT = Number(process.env.OTP_PORT ?? 8080);

interface Feed {
  id: string;
  url: string;
  sha256?: string;
}

interface Probe {
  name: string;
  from: [number, number];
  to: [number, number];
  time: string;
  maxDurationMin: number;
}

function readJson<T>(rel: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, rel), "utf8")) as T;
}

async function fetchFeed(feed: Feed): Promise<string> {
  const url = new URL(feed.url);
  if (!url.hostname.endsWith(".internal")) throw new Error(`feed ${feed.id}: only feeds from our feed server are allowed`);
  const dest = path.join(OTP_DIR, `${feed.id}.gtfs.zip`);
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`feed ${feed.id}: HTTP ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(`${dest}.part`));
  const digest = createHash("sha256").update(readFileSync(`${dest}.part`)).digest("hex");
  if (feed.sha256 && feed.sha256 !== digest) {
    rmSync(`${dest}.part`);
    throw new Error(`feed ${feed.id}: checksum mismatch`);
  }
  copyFileSync(`${dest}.part`, dest);
  rmSync(`${dest}.part`);
  return dest;
}

function java(args: string[], opts: { inherit?: boolean } = {}): ChildProcess {
  const heap = process.env.OTP_HEAP ?? "6G";
  return spawn("java", [`-Xmx${heap}`, "-jar", OTP_JAR, ...args], {
    cwd: ROOT,
    stdio: opts.inherit ? "inherit" : ["ignore", "pipe", "pipe"],
  });
}

function waitExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function build(): Promise<void> {
  mkdirSync(OTP_DIR, { recursive: true });
  const feeds = readJson<Feed[]>("config/feeds.json");
  for (const f of feeds) {
    const file = await fetchFeed(f);
    console.log(`feed ${f.id}: ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  }
  const osm = path.join(ROOT, "data", "raw", "region-latest.osm.pbf");
  if (!existsSync(osm)) throw new Error("OSM extract missing; run tools/osrm_build.sh first");
  copyFileSync(osm, path.join(OTP_DIR, "region.osm.pbf"));
  copyFileSync(path.join(ROOT, "config", "otp", "build-config.json"), path.join(OTP_DIR, "build-config.json"));
  copyFileSync(path.join(ROOT, "config", "otp", "router-config.json"), path.join(OTP_DIR, "router-config.json"));
  rmSync(path.join(OTP_DIR, "graph.obj"), { force: true });
  const code = await waitExit(java(["--build", "--save", OTP_DIR], { inherit: true }));
  if (code !== 0) throw new Error(`graph build failed (${code})`);
  const size = statSync(path.join(OTP_DIR, "graph.obj")).size;
  writeFileSync(path.join(OTP_DIR, "BUILD_INFO.json"), JSON.stringify({ built: new Date().toISOString(), feeds: feeds.map((f) => f.id), bytes: size }, null, 2));
  console.log(`graph.obj ${(size / 1e6).toFixed(0)} MB`);
}

function serve(): ChildProcess {
  if (!existsSync(path.join(OTP_DIR, "graph.obj"))) throw new Error("no graph; run build first");
  // --bindAddress keeps OTP on loopback; the planner UI proxies to it
  const child = java(["--load", OTP_DIR, "--port", String(PORT), "--bindAddress", "127.0.0.1"]);
  child.stdout?.on("data", (d: Buffer) => {
    if (process.env.OTP_VERBOSE) process.stdout.write(d);
  });
  child.stderr?.on("data", (d: Buffer) => process.stderr.write(d));
  return child;
}

async function waitReady(timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/otp/actuators/health`);
      if (res.ok) return;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error("OTP did not become healthy");
}

const PLAN_QUERY = `query($from: InputCoordinates!, $to: InputCoordinates!, $date: String!, $time: String!) {
  plan(from: $from, to: $to, date: $date, time: $time, numItineraries: 3) {
    itineraries { duration legs { mode route { shortName } } }
  }
}`;

async function probe(p: Probe): Promise<string> {
  const date = new Date().toISOString().slice(0, 10);
  const res = await fetch(`http://127.0.0.1:${PORT}/otp/routers/default/index/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      query: PLAN_QUERY,
      variables: { from: { lat: p.from[0], lon: p.from[1] }, to: { lat: p.to[0], lon: p.to[1] }, date, time: p.time },
    }),
  });
  const body = (await res.json()) as { data?: { plan: { itineraries: { duration: number; legs: { mode: string }[] }[] } } };
  const its = body.data?.plan.itineraries ?? [];
  if (!its.length) throw new Error("no itinerary");
  const best = Math.min(...its.map((i) => i.duration)) / 60;
  if (best > p.maxDurationMin) throw new Error(`best ${best.toFixed(0)} min > ${p.maxDurationMin}`);
  return `${best.toFixed(0)} min via ${its[0].legs.map((l) => l.mode).join("/")}`;
}

async function test(): Promise<void> {
  const child = serve();
  const stop = () => child.exitCode === null && child.kill("SIGTERM");
  process.once("SIGINT", () => { stop(); process.exit(130); });
  try {
    await waitReady();
    let failed = 0;
    for (const p of readJson<Probe[]>("config/otp/probes.json")) {
      try {
        console.log(`PASS ${p.name}: ${await probe(p)}`);
      } catch (err) {
        failed++;
        console.log(`FAIL ${p.name}: ${(err as Error).message}`);
      }
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    stop();
  }
}

async function main(): Promise<void> {
  if (!existsSync(OTP_JAR)) throw new Error("tools/otp-shaded.jar missing; run make tools");
  switch (process.argv[2]) {
    case "build": return build();
    case "serve": {
      const child = serve();
      process.once("SIGINT", () => child.kill("SIGTERM"));
      await waitReady();
      console.log(`OTP ready on http://127.0.0.1:${PORT}/`);
      await waitExit(child);
      return;
    }
    case "test": return test();
    default:
      console.error("usage: otp-graph.ts build|serve|test");
      process.exitCode = 2;
  }
}

main().catch((err: Error) => {
  console.error(`otp-graph: ${err.message}`);
  process.exit(1);
});
