#!/usr/bin/env -S npx tsx
// render-check.ts — visual regression check for the vector tiles.
//
// 1. validates build/tiles/*.mbtiles metadata (sqlite, opened read-only),
// 2. writes build/tileserver/config.json and starts tileserver-gl bound to
//    127.0.0.1 on a free port,
// 3. renders the static views listed in test/render/views.json,
// 4. compares each PNG with test/render/baseline/<view>.png (pixelmatch),
// 5. stops the tileserver it started.
//
//   npx tsx tools/render-check.ts
//   npx tsx tools/render-check.ts --update-baseline    # accept the current renders

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

const ROOT = path.resolve(__dirname, "..");
const TILES = path.join(ROOT, "build", "tiles");
const SERVER_DIR = path.join(ROOT, "build", "tileserver");
const VIEWS = path.join(ROOT, "test", "render", "views.json");
const BASELINE = path.join(ROOT, "test", "render", "baseline");
const ACTUAL = path.join(ROOT, "build", "render", "actual");
const DIFFS = path.join(ROOT, "build", "render", "diff");
const REQUIRED_METADATA = ["name", "format", "minzoom", "maxzoom", "bounds", "json"] as const;

interface View {
  name: string;
  style: string;
  lon: number;
  lat: number;
  zoom: number;
  width: number;
  height: number;
  tolerance?: number;
}

type Metadata = Partial<Record<(typeof REQUIRED_METADATA)[number], string>>;

let server: ChildProcess | null = null;

function stopServer(): void {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
  }
  server = null;
}
process.on("exit", stopServer);
process.on("SIGINT", () => {
  stopServer();
  process.exit(130);
});

function readMetadata(file: string): Metadata {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT name, value FROM metadata").all() as { name: string; value: string }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.value])) as Metadata;
  } finally {
    db.close();
  }
}

async function validateTiles(): Promise<string[]> {
  const files = (await readdir(TILES)).filter((f) => f.endsWith(".mbtiles"));
  if (!files.length) throw new Error("no build/tiles/*.mbtiles; run the tile build first");
  const problems: string[] = [];
  for (const f of files) {
    const meta = readMetadata(path.join(TILES, f));
    for (const key of REQUIRED_METADATA) if (!meta[key]) problems.push(`${f}: metadata.${key} missing`);
    if (meta.format && meta.format !== "pbf") problems.push(`${f}: format ${meta.format}, expected pbf`);
    if (meta.json) {
      const layers = (JSON.parse(meta.json) as { vector_layers?: unknown[] }).vector_layers ?? [];
      if (!layers.length) problems.push(`${f}: no vector_layers in metadata.json`);
    }
  }
  return problems;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function writeServerConfig(): Promise<string> {
  await mkdir(SERVER_DIR, { recursive: true });
  const files = (await readdir(TILES)).filter((f) => f.endsWith(".mbtiles"));
  const config = {
    options: { paths: { root: ROOT, mbtiles: TILES, styles: path.join(ROOT, "styles") }, serveStaticMaps: true },
    styles: Object.fromEntries(
      (await readdir(path.join(ROOT, "styles"))).filter((s) => s.endsWith(".json")).map((s) => [path.basename(s, ".json"), { style: s }]),
    ),
    data: Object.fromEntries(files.map((f) => [path.basename(f, ".mbtiles"), { mbtiles: f }])),
  };
  const file = path.join(SERVER_DIR, "config.json");
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

async function startServer(configFile: string, port: number): Promise<void> {
  server = spawn("tileserver-gl", ["--config", configFile, "--bind", "127.0.0.1", "--port", String(port), "--silent"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return;
    } catch {
      // starting
    }
    if (!server || server.exitCode !== null) throw new Error("tileserver-gl exited during startup");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("tileserver-gl did not become healthy");
}

async function render(view: View, port: number): Promise<string> {
  const url = `http://127.0.0.1:${port}/styles/${view.style}/static/${view.lon},${view.lat},${view.zoom}/${view.width}x${view.height}.png`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${view.name}: render failed ${res.status}`);
  const file = path.join(ACTUAL, `${view.name}.png`);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

function compare(view: View, actualFile: string): { ratio: number; ok: boolean } {
  const expectedFile = path.join(BASELINE, `${view.name}.png`);
  if (!existsSync(expectedFile)) return { ratio: 1, ok: false };
  const a = PNG.sync.read(readFileSync(actualFile));
  const b = PNG.sync.read(readFileSync(expectedFile));
  if (a.width !== b.width || a.height !== b.height) return { ratio: 1, ok: false };
  const diff = new PNG({ width: a.width, height: a.height });
  const changed = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
  const ratio = changed / (a.width * a.height);
  void writeFile(path.join(DIFFS, `${view.name}.png`), PNG.sync.write(diff));
  return { ratio, ok: ratio <= (view.tolerance ?? 0.002) };
}

async function main(): Promise<void> {
  const update = process.argv.includes("--update-baseline");
  const problems = await validateTiles();
  for (const p of problems) console.log(`metadata: ${p}`);
  if (problems.length) throw new Error("fix tile metadata first");

  await rm(path.join(ROOT, "build", "render"), { recursive: true, force: true });
  await mkdir(ACTUAL, { recursive: true });
  await mkdir(DIFFS, { recursive: true });
  const views = JSON.parse(readFileSync(VIEWS, "utf8")) as View[];
  const port = await freePort();
  await startServer(await writeServerConfig(), port);
  console.log(`tileserver-gl on 127.0.0.1:${port}`);

  let failed = 0;
  for (const view of views) {
    const actual = await render(view, port);
    if (update) {
      await mkdir(BASELINE, { recursive: true });
      await copyFile(actual, path.join(BASELINE, `${view.name}.png`));
      console.log(`baseline updated: ${view.name}`);
      continue;
    }
    const { ratio, ok } = compare(view, actual);
    console.log(`${ok ? "ok  " : "DIFF"} ${view.name.padEnd(24)} ${(ratio * 100).toFixed(3)}% changed`);
    if (!ok) failed += 1;
  }
  stopServer();
  if (failed) {
    console.log(`${failed} view(s) differ; see build/render/diff/`);
    process.exitCode = 1;
  }
}

main().catch((err: Error) => {
  console.error(`render-check: ${err.message}`);
  stopServer();
  process.exitCode = 1;
});
