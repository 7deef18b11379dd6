#!/usr/bin/env -S npx tsx
// navidrome-stats.ts — library statistics from the Navidrome instance that
// serves the test music library (docker compose, localhost:4533), using the
// Subsonic API Navidrome implements.
//
//   npx tsx tools/navidrome-stats.ts             # report into reports/navidrome/
//   npx tsx tools/navidrome-stats.ts --scan      # trigger a rescan and wait for it first
//
// Auth follows the Subsonic API spec: the password is never sent; we send
// t = md5(password + salt) and the random salt s with every request.
// NAVIDROME_URL / NAVIDROME_USER / NAVIDROME_PASSWORD come from .env.
// Only localhost or the compose service name are accepted as hosts.
//
// --scan is the only call that changes server state (it starts a library
// rescan); everything else is a read.

import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "reports", "navidrome");
const CLIENT = "navidrome-stats";
const API_VERSION = "1.16.1";

interface Album {
  id: string;
  name: string;
  artist: string;
  year?: number;
  genre?: string;
  songCount: number;
  duration: number;
  playCount?: number;
}

interface SubsonicEnvelope<T> {
  "subsonic-response": { status: "ok" | "failed"; error?: { code: number; message: string } } & T;
}

interface Config {
  base: string;
  user: string;
  password: string;
}

function config(): Config {
  const file = path.join(ROOT, ".env");
  const env: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const m = /^\s*(NAVIDROME_[A-Z]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
      if (m) env[m[1]] = m[2];
    }
  }
  const base = (process.env.NAVIDROME_URL ?? env.NAVIDROME_URL ?? "http://localhost:4533").replace(/\/$/, "");
  const host = new URL(base).hostname;
  if (!["localhost", "127.0.0.1", "navidrome"].includes(host)) throw new Error(`${host} is not the local Navidrome`);
  const user = process.env.NAVIDROME_USER ?? env.NAVIDROME_USER;
  const password = process.env.NAVIDROME_PASSWORD ?? env.NAVIDROME_PASSWORD;
  if (!user || !password) throw new Error("NAVIDROME_USER and NAVIDROME_PASSWORD must be set");
  return { base, user, password };
}

function subsonic(cfg: Config) {
  let calls = 0;
  return {
    calls: () => calls,
    async get<T>(method: string, params: Record<string, string | number> = {}): Promise<T> {
      const salt = randomBytes(8).toString("hex");
      const token = createHash("md5").update(cfg.password + salt).digest("hex");
      const url = new URL(`${cfg.base}/rest/${method}`);
      const query: Record<string, string> = { u: cfg.user, t: token, s: salt, v: API_VERSION, c: CLIENT, f: "json" };
      for (const [k, v] of Object.entries({ ...query, ...params })) url.searchParams.set(k, String(v));
      const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
      calls += 1;
      if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
      const body = (await res.json()) as SubsonicEnvelope<T>;
      const r = body["subsonic-response"];
      if (r.status !== "ok") throw new Error(`${method}: ${r.error?.message ?? "failed"}`);
      return r as unknown as T;
    },
  };
}

async function scanAndWait(api: ReturnType<typeof subsonic>): Promise<void> {
  await api.get("startScan");
  for (let i = 0; i < 300; i += 1) {
    const { scanStatus } = await api.get<{ scanStatus: { scanning: boolean; count: number } }>("getScanStatus");
    process.stderr.write(`\rscanning… ${scanStatus.count} files`);
    if (!scanStatus.scanning) {
      process.stderr.write("\n");
      return;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error("scan did not finish in 10 minutes");
}

async function allAlbums(api: ReturnType<typeof subsonic>): Promise<Album[]> {
  const out: Album[] = [];
  for (let offset = 0; ; offset += 500) {
    const { albumList2 } = await api.get<{ albumList2: { album?: Album[] } }>("getAlbumList2", {
      type: "alphabeticalByName",
      size: 500,
      offset,
    });
    const page = albumList2.album ?? [];
    out.push(...page);
    if (page.length < 500) return out;
  }
}

function tally<K extends string | number>(albums: Album[], key: (a: Album) => K | undefined): Array<[K, number]> {
  const m = new Map<K, number>();
  for (const a of albums) {
    const k = key(a);
    if (k === undefined) continue;
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m.entries()].sort((a, b) => b[1] - a[1]);
}

function hours(seconds: number): string {
  return (seconds / 3600).toFixed(1);
}

async function main(): Promise<void> {
  const cfg = config();
  const api = subsonic(cfg);
  const ping = await api.get<{ version: string; serverVersion?: string }>("ping");
  console.error(`Navidrome ${ping.serverVersion ?? "?"} (API ${ping.version}) at ${cfg.base}`);
  if (process.argv.includes("--scan")) await scanAndWait(api);

  const albums = await allAlbums(api);
  const songs = albums.reduce((n, a) => n + a.songCount, 0);
  const duration = albums.reduce((n, a) => n + a.duration, 0);
  const noYear = albums.filter((a) => !a.year);
  const noGenre = albums.filter((a) => !a.genre);
  const decades = tally(albums, (a) => (a.year ? `${Math.floor(a.year / 10) * 10}s` : undefined));
  const genres = tally(albums, (a) => a.genre);
  const artists = tally(albums, (a) => a.artist);
  const mostPlayed = [...albums].sort((a, b) => (b.playCount ?? 0) - (a.playCount ?? 0)).slice(0, 10);

  const md = [
    `# Navidrome library (${new Date().toISOString().slice(0, 10)})`,
    "",
    `${albums.length} albums, ${songs} songs, ${hours(duration)} hours.`,
    "",
    "## Decades",
    ...decades.map(([d, n]) => `- ${d}: ${n}`),
    "",
    "## Top genres",
    ...genres.slice(0, 15).map(([g, n]) => `- ${g}: ${n}`),
    "",
    "## Artists with most albums",
    ...artists.slice(0, 15).map(([a, n]) => `- ${a}: ${n}`),
    "",
    "## Most played albums",
    ...mostPlayed.map((a) => `- ${a.artist} — ${a.name} (${a.playCount ?? 0} plays)`),
    "",
    `## Metadata gaps`,
    `- albums without year: ${noYear.length}`,
    `- albums without genre: ${noGenre.length}`,
    ...noYear.slice(0, 20).map((a) => `  - ${a.artist} — ${a.name}`),
    "",
  ].join("\n");

  await mkdir(OUT, { recursive: true });
  const file = path.join(OUT, `library-${new Date().toISOString().slice(0, 10)}.md`);
  await writeFile(`${file}.tmp`, md);
  await rename(`${file}.tmp`, file);
  console.error(`${api.calls()} API calls -> ${path.relative(ROOT, file)}`);
}

main().catch((err: Error) => {
  console.error(`navidrome-stats: ${err.message}`);
  process.exitCode = 1;
});
