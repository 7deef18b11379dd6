#!/usr/bin/env -S npx tsx
/**
 * Snapshot manager for the *local* Qdrant used in development.
 *
 *   npx tsx tools/qdrant-snapshots.ts list
 *   npx tsx tools/qdrant-snapshots.ts create docs_dev
 *   npx tsx tools/qdrant-snapshots.ts download docs_dev <name>
 *   npx tsx tools/qdrant-snapshots.ts restore docs_dev build/snapshots/<file> --yes
 *   npx tsx tools/qdrant-snapshots.ts prune docs_dev --keep 3
 *
 * Restoring and pruning are limited to collections matching OUR_COLLECTIONS
 * and to a Qdrant on localhost; the shared cluster (qdrant.internal) is only
 * ever read by `list --remote`.
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";

const ROOT = resolve(__dirname, "..");
const SNAP_DIR = join(ROOT, "build", "snapshots");
const LOCAL = process.env.QDRANT_URL ?? "http://localhost:6333";
const SHARED = process.env.QDRANT_SHARED_URL ?? "http://qdrant.internal:6333";
const OUR_COLLECTIONS = /^(docs|pytest|scratch)_[a-z0-9_]+$/;

interface SnapshotInfo {
  name: string;
  creation_time: string | null;
  size: number;
}

interface QdrantResponse<T> {
  result: T;
  status: string | { error: string };
  time: number;
}

class QdrantError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "qdrant"].includes(host)) {
    throw new QdrantError(`write operations are only allowed against a local Qdrant, not ${host}`);
  }
}

function assertOurs(collection: string): void {
  if (!OUR_COLLECTIONS.test(collection)) {
    throw new QdrantError(`collection ${collection} does not match ${OUR_COLLECTIONS}; refusing`);
  }
}

async function call<T>(base: string, method: string, route: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (process.env.QDRANT_API_KEY && base === LOCAL) headers["api-key"] = process.env.QDRANT_API_KEY;
  let delay = 500;
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(base + route, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      if (attempt >= 4) throw new QdrantError(`cannot reach ${base}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (res.status >= 500 && attempt < 4) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    const json = (await res.json().catch(() => ({}))) as QdrantResponse<T>;
    if (!res.ok) {
      const msg = typeof json.status === "object" ? json.status.error : res.statusText;
      throw new QdrantError(`${method} ${route}: ${msg}`, res.status);
    }
    return json.result;
  }
}

async function listSnapshots(base: string, collection: string): Promise<SnapshotInfo[]> {
  const snaps = await call<SnapshotInfo[]>(base, "GET", `/collections/${collection}/snapshots`);
  return snaps.sort((a, b) => (a.creation_time ?? "").localeCompare(b.creation_time ?? ""));
}

async function collections(base: string): Promise<string[]> {
  const res = await call<{ collections: { name: string }[] }>(base, "GET", "/collections");
  return res.collections.map((c) => c.name).sort();
}

function human(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB"];
  let i = 0;
  let n = bytes;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(1)} ${units[i]}`;
}

async function cmdList(remote: boolean): Promise<void> {
  const base = remote ? SHARED : LOCAL;
  for (const name of await collections(base)) {
    const snaps = await listSnapshots(base, name).catch(() => [] as SnapshotInfo[]);
    console.log(`${name} (${snaps.length} snapshot${snaps.length === 1 ? "" : "s"})`);
    for (const s of snaps) console.log(`  ${s.name}  ${human(s.size)}  ${s.creation_time ?? ""}`);
  }
}

async function cmdCreate(collection: string): Promise<void> {
  assertLocal(LOCAL);
  const snap = await call<SnapshotInfo>(LOCAL, "POST", `/collections/${collection}/snapshots?wait=true`);
  console.log(`created ${snap.name} (${human(snap.size)})`);
}

async function cmdDownload(collection: string, name: string): Promise<string> {
  mkdirSync(SNAP_DIR, { recursive: true });
  const target = join(SNAP_DIR, basename(name));
  const res = await fetch(`${LOCAL}/collections/${collection}/snapshots/${encodeURIComponent(name)}`);
  if (!res.ok || !res.body) throw new QdrantError(`download failed: ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(target));
  console.log(`saved ${target} (${human(statSync(target).size)})`);
  return target;
}

async function cmdRestore(collection: string, file: string, yes: boolean): Promise<void> {
  assertLocal(LOCAL);
  assertOurs(collection);
  const path = resolve(file);
  if (!path.startsWith(SNAP_DIR)) throw new QdrantError("restore only accepts files from build/snapshots/");
  if (!existsSync(path)) throw new QdrantError(`no such file ${file}`);
  if (!yes) {
    console.log(`would replace local collection ${collection} with ${basename(path)}; pass --yes`);
    return;
  }
  const form = new FormData();
  const blob = await new Response(Readable.toWeb(createReadStream(path)) as never).blob();
  form.append("snapshot", blob, basename(path));
  const res = await fetch(`${LOCAL}/collections/${collection}/snapshots/upload?priority=snapshot`, {
    method: "POST",
    body: form,
  });
  if (!res.ok) throw new QdrantError(`restore failed: ${res.status} ${await res.text()}`);
  console.log(`restored ${collection} from ${basename(path)}`);
}

async function cmdPrune(collection: string, keep: number): Promise<void> {
  assertLocal(LOCAL);
  assertOurs(collection);
  const snaps = await listSnapshots(LOCAL, collection);
  const victims = snaps.slice(0, Math.max(0, snaps.length - keep));
  for (const s of victims) {
    await call(LOCAL, "DELETE", `/collections/${collection}/snapshots/${encodeURIComponent(s.name)}`);
    console.log(`deleted snapshot ${s.name}`);
  }
  console.log(`${collection}: kept ${snaps.length - victims.length} snapshot(s)`);
}

function flag(args: string[], name: string): boolean {
  return args.includes(name);
}

function option(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}

async function main(): Promise<number> {
  const [cmd, ...rest] = process.argv.slice(2);
  const positional = rest.filter((a, i) => !a.startsWith("--") && !rest[i - 1]?.startsWith("--keep"));
  switch (cmd) {
    case "list":
      await cmdList(flag(rest, "--remote"));
      return 0;
    case "create":
      await cmdCreate(positional[0] ?? "docs_dev");
      return 0;
    case "download":
      if (!positional[1]) throw new QdrantError("usage: download <collection> <snapshot-name>");
      await cmdDownload(positional[0], positional[1]);
      return 0;
    case "restore":
      if (!positional[1]) throw new QdrantError("usage: restore <collection> <file> [--yes]");
      await cmdRestore(positional[0], positional[1], flag(rest, "--yes"));
      return 0;
    case "prune":
      await cmdPrune(positional[0] ?? "docs_dev", Number(option(rest, "--keep", "3")));
      return 0;
    default:
      console.log("usage: qdrant-snapshots.ts list [--remote] | create | download | restore | prune");
      return 2;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    process.exitCode = 1;
  },
);
