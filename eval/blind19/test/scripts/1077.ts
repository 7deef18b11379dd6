// scripts/r2-assets.ts - sync built static assets to the project's R2 bucket.
//
//   npx tsx scripts/r2-assets.ts              build + list what would change (no upload)
//   npx tsx scripts/r2-assets.ts --upload     upload new/changed files with wrangler r2 object put
//   npx tsx scripts/r2-assets.ts --upload --prune   also delete objects under assets/ that no longer exist locally
//
// The bucket listing uses Cloudflare's REST API (api.cloudflare.com) with
// CLOUDFLARE_API_TOKEN; uploads go through wrangler. Only keys under the
// "assets/" prefix of the configured bucket are ever touched.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import path from "node:path";

interface RemoteObject {
  key: string;
  etag: string;
  size: number;
}

interface LocalFile {
  key: string;
  file: string;
  md5: string;
  size: number;
}

const ROOT = path.resolve(__dirname, "..");
const DIST = path.join(ROOT, "dist", "static");
const PREFIX = "assets/";
const BUCKET = process.env.R2_BUCKET ?? "harbor-web-assets";
const API = "https://api.cloudflare.com/client/v4";

function token(): string {
  const t = process.env.CLOUDFLARE_API_TOKEN;
  if (!t) throw new Error("CLOUDFLARE_API_TOKEN not set (op run --env-file .env.tpl -- ...)");
  return t;
}

function accountId(): string {
  const id = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (id) return id;
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const m = toml.match(/^account_id\s*=\s*"([^"]+)"/m);
  if (!m) throw new Error("account_id missing in wrangler.toml and CLOUDFLARE_ACCOUNT_ID unset");
  return m[1];
}

function build(): void {
  const r = spawnSync("npm", ["run", "build:static"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error("static build failed");
}

function walk(dir: string, out: Array<string> = []): Array<string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function localFiles(): LocalFile[] {
  if (!existsSync(DIST)) throw new Error("dist/static missing; build first");
  return walk(DIST).map((file) => {
    const data = readFileSync(file);
    return {
      key: PREFIX + path.relative(DIST, file).split(path.sep).join("/"),
      file,
      md5: createHash("md5").update(data).digest("hex"),
      size: data.length,
    };
  });
}

async function remoteObjects(): Promise<RemoteObject[]> {
  const objects: RemoteObject[] = [];
  let cursor: string | undefined;
  do {
    const url = new URL(`${API}/accounts/${accountId()}/r2/buckets/${BUCKET}/objects`);
    url.searchParams.set("prefix", PREFIX);
    url.searchParams.set("per_page", "1000");
    if (cursor) url.searchParams.set("cursor", cursor);
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token()}` } });
    const body = (await res.json()) as { success: boolean; result: RemoteObject[]; result_info?: { cursor?: string; is_truncated?: boolean } };
    if (!body.success) throw new Error(`listing ${BUCKET} failed (HTTP ${res.status})`);
    objects.push(...body.result.map((o) => ({ key: o.key, etag: o.etag.replace(/"/g, ""), size: o.size })));
    cursor = body.result_info?.is_truncated ? body.result_info.cursor : undefined;
  } while (cursor);
  return objects;
}

function plan(local: LocalFile[], remote: RemoteObject[]) {
  const byKey = new Map(remote.map((o) => [o.key, o]));
  const upload = local.filter((f) => byKey.get(f.key)?.etag !== f.md5);
  const localKeys = new Set(local.map((f) => f.key));
  const prune = remote.filter((o) => o.key.startsWith(PREFIX) && !localKeys.has(o.key));
  return { upload, prune };
}

function contentType(file: string): string {
  const ext = path.extname(file).toLowerCase();
  const types: Record<string, string> = {
    ".js": "application/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".json": "application/json",
  };
  return types[ext] ?? "application/octet-stream";
}

function wrangler(args: string[]): void {
  const r = spawnSync("npx", ["--no-install", "wrangler", ...args], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed`);
}

function uploadOne(f: LocalFile): void {
  const immutable = /\.[0-9a-f]{8,}\./.test(f.key);
  wrangler([
    "r2", "object", "put", `${BUCKET}/${f.key}`,
    "--file", f.file,
    "--content-type", contentType(f.file),
    "--cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
    "--remote",
  ]);
}

function pruneOne(o: RemoteObject): void {
  if (!o.key.startsWith(PREFIX)) throw new Error(`refusing to delete ${o.key}: outside ${PREFIX}`);
  wrangler(["r2", "object", "delete", `${BUCKET}/${o.key}`, "--remote"]);
}

function manifest(local: LocalFile[]): string {
  // written next to the build so the app can reference hashed names
  const entries = Object.fromEntries(local.map((f) => [f.key.slice(PREFIX.length), { md5: f.md5, size: f.size }]));
  return JSON.stringify({ bucket: BUCKET, generated: new Date().toISOString(), files: entries }, null, 2);
}

function largest(local: LocalFile[], n = 5): string[] {
  return [...local]
    .sort((a, b) => b.size - a.size)
    .slice(0, n)
    .map((f) => `${f.key} (${kb(f.size)})`);
}

function kb(n: number): string {
  return `${(n / 1024).toFixed(1)} KiB`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const doUpload = args.includes("--upload");
  const doPrune = args.includes("--prune");
  if (!args.includes("--no-build")) build();
  const local = localFiles();
  require("node:fs").writeFileSync(path.join(DIST, "..", "r2-manifest.json"), manifest(local));
  console.log(`largest: ${largest(local).join(", ")}`);
  const remote = await remoteObjects();
  const { upload, prune } = plan(local, remote);
  console.log(`${local.length} local file(s), ${remote.length} remote object(s) under ${PREFIX}`);
  console.log(`to upload: ${upload.length} (${kb(upload.reduce((s, f) => s + f.size, 0))}), stale remote: ${prune.length}`);
  for (const f of upload.slice(0, 20)) console.log(`  + ${f.key}`);
  for (const o of prune.slice(0, 20)) console.log(`  - ${o.key}`);
  if (!doUpload) {
    console.log("dry run; pass --upload to apply");
    return;
  }
  for (const f of upload) uploadOne(f);
  if (doPrune) for (const o of prune) pruneOne(o);
  console.log(`uploaded ${upload.length}${doPrune ? `, pruned ${prune.length}` : ""}`);
}

main().catch((err: Error) => {
  console.error(`r2-assets: ${err.message}`);
  process.exitCode = 1;
});
