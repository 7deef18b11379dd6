#!/usr/bin/env node
// tile-smoke.js — start martin on localhost against build/tiles/*.pmtiles,
// request a fixed list of tiles and check that they decode, then stop martin.
//
//   node tools/tile-smoke.js                 # uses tools/smoke-tiles.json
//   node tools/tile-smoke.js --keep-running  # leave martin up for manual checks
//
// martin is started by this script, and only that child process is stopped
// at the end (or on Ctrl-C). If something already listens on the port we
// refuse to start rather than test someone else's server.

"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");
const zlib = require("node:zlib");

const ROOT = path.resolve(__dirname, "..");
const TILE_DIR = path.join(ROOT, "build", "tiles");
const SMOKE = path.join(__dirname, "smoke-tiles.json");
const HOST = "127.0.0.1";
const PORT = Number(process.env.MARTIN_PORT || 3055);
const KEEP = process.argv.includes("--keep-running");

let martin = null;

function log(msg) {
  console.log(`[smoke] ${msg}`);
}

function portInUse(port) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: HOST, port }, () => {
      sock.destroy();
      resolve(true);
    });
    sock.on("error", () => resolve(false));
  });
}

function startMartin(files) {
  const args = ["--listen-addresses", `${HOST}:${PORT}`, "--keep-alive", "5", ...files];
  log(`martin ${args.join(" ")}`);
  const logFile = fs.openSync(path.join(ROOT, "build", "martin-smoke.log"), "w");
  martin = spawn("martin", args, { cwd: ROOT, stdio: ["ignore", logFile, logFile] });
  martin.on("exit", (code, signal) => {
    if (code !== null && code !== 0) log(`martin exited with ${code}`);
    if (signal && signal !== "SIGTERM") log(`martin stopped by ${signal}`);
    martin = null;
  });
}

function stopMartin() {
  if (martin && martin.exitCode === null) {
    log(`stopping martin (pid ${martin.pid})`);
    martin.kill("SIGTERM");
  }
}

process.on("SIGINT", () => {
  stopMartin();
  process.exit(130);
});
process.on("exit", () => {
  if (!KEEP) stopMartin();
});

async function waitReady(timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://${HOST}:${PORT}/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (!martin) throw new Error("martin exited during startup; see build/martin-smoke.log");
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("martin did not become ready");
}

function decodeTile(buf, encoding) {
  if (encoding === "gzip" || (buf[0] === 0x1f && buf[1] === 0x8b)) return zlib.gunzipSync(buf);
  if (encoding === "br") return zlib.brotliDecompressSync(buf);
  return buf;
}

function looksLikeMvt(buf) {
  // A vector tile is a protobuf whose first field is a repeated Layer (field 3, wire type 2 => 0x1a).
  return buf.length === 0 || buf[0] === 0x1a;
}

async function checkTile(source, z, x, y, expect) {
  const url = `http://${HOST}:${PORT}/${source}/${z}/${x}/${y}`;
  const res = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
  if (res.status === 204 || res.status === 404) {
    return { ok: expect === "empty", detail: `${res.status} (empty)` };
  }
  if (!res.ok) return { ok: false, detail: `HTTP ${res.status}` };
  const raw = Buffer.from(await res.arrayBuffer());
  const body = decodeTile(raw, res.headers.get("content-encoding"));
  if (!looksLikeMvt(body)) return { ok: false, detail: "not an MVT payload" };
  if (expect === "empty") return { ok: body.length === 0, detail: `${body.length} bytes, expected empty` };
  const minBytes = typeof expect === "number" ? expect : 1;
  return { ok: body.length >= minBytes, detail: `${raw.length} B on wire, ${body.length} B decoded` };
}

async function catalogSources() {
  const res = await fetch(`http://${HOST}:${PORT}/catalog`);
  const cat = await res.json();
  return Object.keys(cat.tiles ?? {});
}

function tileRange(z, lon, lat) {
  // XYZ tile containing a lon/lat at zoom z (used for the "city centre" cases)
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

function expandCases(raw) {
  // cases may be given as {source, z, x, y} or {source, zooms: [..], lon, lat}
  const out = [];
  for (const c of raw) {
    if (Array.isArray(c.zooms)) {
      for (const z of c.zooms) out.push({ source: c.source, ...tileRange(z, c.lon, c.lat), expect: c.expect });
    } else {
      out.push(c);
    }
  }
  return out;
}

function writeJunit(results) {
  const esc = (s) => String(s).replace(/[<&"]/g, (ch) => ({ "<": "&lt;", "&": "&amp;", '"': "&quot;" })[ch]);
  const failures = results.filter((r) => !r.ok).length;
  const body = results
    .map((r) => `  <testcase name="${esc(r.name)}">${r.ok ? "" : `<failure message="${esc(r.detail)}"/>`}</testcase>`)
    .join("\n");
  const xml = `<?xml version="1.0"?>\n<testsuite name="tile-smoke" tests="${results.length}" failures="${failures}">\n${body}\n</testsuite>\n`;
  fs.writeFileSync(path.join(ROOT, "build", "tile-smoke.junit.xml"), xml);
}

async function main() {
  const files = fs.existsSync(TILE_DIR)
    ? fs.readdirSync(TILE_DIR).filter((f) => f.endsWith(".pmtiles")).map((f) => path.join("build", "tiles", f))
    : [];
  if (!files.length) throw new Error("no build/tiles/*.pmtiles; build the tiles first");
  if (await portInUse(PORT)) throw new Error(`port ${PORT} already in use; set MARTIN_PORT`);
  const cases = expandCases(JSON.parse(fs.readFileSync(SMOKE, "utf8")));
  startMartin(files);
  await waitReady();
  const sources = await catalogSources();
  log(`sources: ${sources.join(", ")}`);
  let failures = 0;
  const results = [];
  for (const c of cases) {
    const name = `${c.source}/${c.z}/${c.x}/${c.y}`;
    if (!sources.includes(c.source)) {
      log(`FAIL ${c.source}: not in catalog`);
      results.push({ name, ok: false, detail: "source not in catalog" });
      failures += 1;
      continue;
    }
    const { ok, detail } = await checkTile(c.source, c.z, c.x, c.y, c.expect ?? 1);
    log(`${ok ? "ok  " : "FAIL"} ${name} ${detail}`);
    results.push({ name, ok, detail });
    if (!ok) failures += 1;
  }
  writeJunit(results);
  log(`${cases.length - failures}/${cases.length} tiles ok`);
  if (KEEP) log(`martin still running at http://${HOST}:${PORT}/catalog (Ctrl-C to stop)`);
  else stopMartin();
  process.exitCode = failures ? 1 : 0;
  if (KEEP) await new Promise(() => {});
}

main().catch((err) => {
  log(`error: ${err.message}`);
  stopMartin();
  process.exitCode = 1;
});
