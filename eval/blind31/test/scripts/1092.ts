#!/usr/bin/env -S npx tsx
/**
 * mb-fixture-metadata.ts — fill in MusicBrainz ids and canonical metadata for
 * the album fixtures (test/fixtures/albums/*.json) used by the beets plugin
 * tests.
 *
 *   npx tsx tools/mb-fixture-metadata.ts            # only fixtures without an mbid
 *   npx tsx tools/mb-fixture-metadata.ts --refresh  # look up every fixture again
 *
 * MusicBrainz asks API clients to send a meaningful User-Agent with contact
 * information and to stay at or below one request per second; this script
 * does both. Responses are cached in the tool's own cache directory
 * (~/.cache/mb-fixtures/<query-hash>.json, or $XDG_CACHE_HOME) for 30 days,
 * so re-running the test setup does not hit the API again. No credentials
 * are involved — the lookups are anonymous, read-only searches.
 *
 * Matching rule: among the top five search results, keep only releases with
 * the fixture's track count, then take the highest score if it is at least
 * 90. Anything less is reported and left for a human to decide.
 * Fixtures with obviously broken fields are skipped with a message.
 * Fixture files are rewritten atomically (temp file + rename).
 */

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "albums");
const API = "https://musicbrainz.org/ws/2";
const USER_AGENT = "shelfmark-fixtures/0.4 ( maintainers@shelfmark.example.org )";
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "mb-fixtures");
const CACHE_DAYS = 30;
const MIN_INTERVAL_MS = 1100;

interface AlbumFixture {
  artist: string;
  album: string;
  year?: number;
  tracks: number;
  mbid?: string;
  mb?: { title: string; artist: string; date?: string; country?: string; score: number };
}

interface MbRelease {
  id: string;
  score: number;
  title: string;
  date?: string;
  country?: string;
  "track-count"?: number;
  "artist-credit"?: { name: string }[];
}

let lastRequest = 0;

async function politeFetch(url: string): Promise<unknown> {
  const wait = lastRequest + MIN_INTERVAL_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  for (let attempt = 1; attempt < 5; attempt += 1) {
    lastRequest = Date.now();
    const res = await fetch(url, { headers: { "User-Agent": USER_AGENT, Accept: "application/json" } });
    if (res.status === 503) {
      // rate limited: MusicBrainz asks clients to back off
      await new Promise((r) => setTimeout(r, 2000 * attempt));
      continue;
    }
    if (!res.ok) throw new Error(`MusicBrainz ${res.status} for ${url}`);
    return res.json();
  }
  throw new Error("MusicBrainz kept answering 503");
}

function cachePath(url: string): string {
  return path.join(CACHE_DIR, `${createHash("sha1").update(url).digest("hex")}.json`);
}

async function cachedGet(url: string): Promise<unknown> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = cachePath(url);
  if (existsSync(file) && Date.now() - statSync(file).mtimeMs < CACHE_DAYS * 86_400_000) {
    return JSON.parse(readFileSync(file, "utf8"));
  }
  const data = await politeFetch(url);
  writeFileSync(`${file}.tmp`, JSON.stringify(data));
  renameSync(`${file}.tmp`, file);
  return data;
}

function luceneEscape(s: string): string {
  return s.replace(/([+\-!(){}[\]^"~*?:\\/]|&&|\|\|)/g, "\\$1");
}

async function lookup(f: AlbumFixture): Promise<MbRelease | null> {
  const q = [`release:"${luceneEscape(f.album)}"`, `artist:"${luceneEscape(f.artist)}"`];
  if (f.year) q.push(`date:${f.year}`);
  const url = `${API}/release/?fmt=json&limit=5&query=${encodeURIComponent(q.join(" AND "))}`;
  const data = (await cachedGet(url)) as { releases?: MbRelease[] };
  const candidates = (data.releases ?? []).filter((r) => !f.tracks || r["track-count"] === f.tracks);
  const best = candidates.sort((a, b) => b.score - a.score)[0];
  return best && best.score >= 90 ? best : null;
}

function pruneCache(): number {
  // drop cache entries older than CACHE_DAYS so the directory does not grow forever
  if (!existsSync(CACHE_DIR)) return 0;
  let removed = 0;
  for (const f of readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, f);
    if (!f.endsWith(".json")) continue;
    if (Date.now() - statSync(full).mtimeMs > CACHE_DAYS * 86_400_000) {
      try {
        writeFileSync(full, "");
        renameSync(full, `${full}.stale`);
        removed += 1;
      } catch {
        // another run may be using it
      }
    }
  }
  return removed;
}

function validateFixture(file: string, f: AlbumFixture): string[] {
  const problems: string[] = [];
  if (!f.artist?.trim()) problems.push("artist missing");
  if (!f.album?.trim()) problems.push("album missing");
  if (f.year !== undefined && (f.year < 1900 || f.year > new Date().getFullYear() + 1)) problems.push(`odd year ${f.year}`);
  if (!(f.tracks > 0)) problems.push("tracks must be a positive number");
  if (f.mbid && !/^[0-9a-f-]{36}$/.test(f.mbid)) problems.push(`mbid ${f.mbid} is not a UUID`);
  return problems.map((p) => `${path.basename(file)}: ${p}`);
}

function fixtureFiles(): string[] {
  return readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).map((f) => path.join(FIXTURES, f));
}

async function main(): Promise<void> {
  const refresh = process.argv.slice(2).includes("--refresh");
  const files = fixtureFiles();
  let updated = 0;
  let unmatched = 0;
  const stale = pruneCache();
  if (stale) console.log(`marked ${stale} stale cache entr${stale === 1 ? "y" : "ies"}`);
  for (const file of files) {
    const fixture = JSON.parse(readFileSync(file, "utf8")) as AlbumFixture;
    const problems = validateFixture(file, fixture);
    if (problems.length) {
      for (const p of problems) console.log(`skip ${p}`);
      continue;
    }
    if (fixture.mbid && !refresh) continue;
    const release = await lookup(fixture);
    if (!release) {
      unmatched += 1;
      console.log(`no confident match: ${fixture.artist} — ${fixture.album}`);
      continue;
    }
    fixture.mbid = release.id;
    fixture.mb = {
      title: release.title,
      artist: (release["artist-credit"] ?? []).map((a) => a.name).join(", "),
      date: release.date,
      country: release.country,
      score: release.score,
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(fixture, null, 2) + "\n");
    renameSync(`${file}.tmp`, file);
    updated += 1;
    console.log(`${fixture.artist} — ${fixture.album}: ${release.id} (score ${release.score})`);
  }
  console.log(`${files.length} fixtures, ${updated} updated, ${unmatched} without a confident match`);
  console.log(`cache: ${CACHE_DIR}`);
}

main().catch((err: Error) => {
  console.error(`mb-fixture-metadata: ${err.message}`);
  process.exitCode = 1;
});
