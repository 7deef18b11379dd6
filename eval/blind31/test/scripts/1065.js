#!/usr/bin/env node
// plex-to-jellyfin-watched.js — carry "watched" state from the Plex test
// server over to the Jellyfin test server for the migration feature.
//
//   node tools/plex-to-jellyfin-watched.js            # plan only (default)
//   node tools/plex-to-jellyfin-watched.js --apply    # mark matches as played in Jellyfin
//
// Both servers are the local docker-compose test instances. Tokens come from
// .env (PLEX_TOKEN for the Plex test account, JELLYFIN_API_KEY + JELLYFIN_USER_ID).
// Each token is sent only to its own server, in that server's documented
// header (X-Plex-Token / Authorization: MediaBrowser Token=…). Matching is by
// IMDb/TMDb id first and by normalised title + year as a fallback; ambiguous
// matches are reported, never applied.
//
// The plan (build/watched-migration-plan.json) lists what would be applied,
// what is already played, what is ambiguous and what Jellyfin does not have.
// Running with --apply twice is harmless: already-played items are skipped.
//
// Only movie libraries are migrated; TV episodes follow in a later change.
// The Plex "lastViewedAt" timestamp is carried over as Jellyfin's DatePlayed.

"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const PLAN_FILE = path.join(ROOT, "build", "watched-migration-plan.json");
const LOCAL = new Set(["localhost", "127.0.0.1", "plex", "jellyfin"]);

function env() {
  const file = path.join(ROOT, ".env");
  const values = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, "utf8").split(/\n/)) {
      const m = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"\n]*)"?\s*$/.exec(line);
      if (m) values[m[1]] = m[2];
    }
  }
  return { ...values, ...process.env };
}

function localOnly(url, label) {
  const host = new URL(url).hostname;
  if (!LOCAL.has(host)) throw new Error(`${label} URL ${url} is not a local test server`);
  return url.replace(/\/$/, "");
}

function config() {
  const e = env();
  for (const k of ["PLEX_TOKEN", "JELLYFIN_API_KEY", "JELLYFIN_USER_ID"]) if (!e[k]) throw new Error(`${k} missing in .env`);
  return {
    plex: { base: localOnly(e.PLEX_URL ?? "http://127.0.0.1:32400", "Plex"), token: e.PLEX_TOKEN },
    jf: { base: localOnly(e.JELLYFIN_URL ?? "http://127.0.0.1:8096", "Jellyfin"), key: e.JELLYFIN_API_KEY, user: e.JELLYFIN_USER_ID },
  };
}

async function getJson(url, headers) {
  const res = await fetch(url, { headers: { Accept: "application/json", ...headers }, signal: AbortSignal.timeout(20000) });
  if (!res.ok) throw new Error(`GET ${new URL(url).pathname}: ${res.status}`);
  return res.json();
}

function normTitle(t) {
  return String(t ?? "").toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, " ").trim();
}

function guidsOf(plexItem) {
  const out = {};
  for (const g of plexItem.Guid ?? []) {
    const [scheme, id] = String(g.id).split("://");
    if (scheme && id) out[scheme] = id;
  }
  return out;
}

async function plexWatched(plex) {
  const headers = { "X-Plex-Token": plex.token };
  const sections = await getJson(`${plex.base}/library/sections`, headers);
  const watched = [];
  for (const s of sections.MediaContainer.Directory ?? []) {
    if (s.type !== "movie") continue;
    const items = await getJson(`${plex.base}/library/sections/${s.key}/all?includeGuids=1&unwatched=0`, headers);
    for (const m of items.MediaContainer.Metadata ?? []) {
      if (!m.viewCount) continue;
      watched.push({ title: m.title, year: m.year, guids: guidsOf(m), lastViewedAt: m.lastViewedAt });
    }
  }
  return watched;
}

async function jellyfinMovies(jf) {
  const headers = { Authorization: `MediaBrowser Token="${jf.key}"` };
  const data = await getJson(
    `${jf.base}/Users/${jf.user}/Items?IncludeItemTypes=Movie&Recursive=true&Fields=ProviderIds,ProductionYear&EnableUserData=true`,
    headers,
  );
  return data.Items.map((i) => ({
    id: i.Id,
    title: i.Name,
    year: i.ProductionYear,
    imdb: i.ProviderIds?.Imdb,
    tmdb: i.ProviderIds?.Tmdb,
    played: Boolean(i.UserData?.Played),
  }));
}

function match(watched, movies) {
  const byImdb = new Map(movies.filter((m) => m.imdb).map((m) => [m.imdb, m]));
  const byTmdb = new Map(movies.filter((m) => m.tmdb).map((m) => [String(m.tmdb), m]));
  const byTitle = new Map();
  for (const m of movies) {
    const k = `${normTitle(m.title)}|${m.year ?? ""}`;
    byTitle.set(k, [...(byTitle.get(k) ?? []), m]);
  }
  const plan = { apply: [], alreadyPlayed: [], ambiguous: [], missing: [] };
  for (const w of watched) {
    let hit = (w.guids.imdb && byImdb.get(w.guids.imdb)) || (w.guids.tmdb && byTmdb.get(String(w.guids.tmdb)));
    if (!hit) {
      const candidates = byTitle.get(`${normTitle(w.title)}|${w.year ?? ""}`) ?? [];
      if (candidates.length > 1) {
        plan.ambiguous.push({ title: w.title, year: w.year, candidates: candidates.map((c) => c.id) });
        continue;
      }
      hit = candidates[0];
    }
    if (!hit) plan.missing.push({ title: w.title, year: w.year });
    else if (hit.played) plan.alreadyPlayed.push({ title: w.title, jellyfinId: hit.id });
    else plan.apply.push({ title: w.title, jellyfinId: hit.id, lastViewedAt: w.lastViewedAt });
  }
  return plan;
}

async function markPlayed(jf, item) {
  const when = item.lastViewedAt ? new Date(item.lastViewedAt * 1000).toISOString() : new Date().toISOString();
  const url = `${jf.base}/Users/${jf.user}/PlayedItems/${item.jellyfinId}?DatePlayed=${encodeURIComponent(when)}`;
  const res = await fetch(url, { method: "POST", headers: { Authorization: `MediaBrowser Token="${jf.key}"` } });
  if (!res.ok) throw new Error(`mark played ${item.title}: ${res.status}`);
}

async function serverIdentity(cfg) {
  // show which servers we are talking to before doing anything
  const plex = await getJson(`${cfg.plex.base}/identity`, { "X-Plex-Token": cfg.plex.token });
  const jf = await getJson(`${cfg.jf.base}/System/Info/Public`, {});
  console.log(`plex ${plex.MediaContainer?.version ?? "?"} (${plex.MediaContainer?.machineIdentifier ?? "?"})`);
  console.log(`jellyfin ${jf.Version ?? "?"} (${jf.ServerName ?? "?"})`);
}

function printPlanSample(plan) {
  for (const item of plan.apply.slice(0, 10)) console.log(`  + ${item.title}`);
  if (plan.apply.length > 10) console.log(`  … and ${plan.apply.length - 10} more`);
  for (const a of plan.ambiguous.slice(0, 5)) console.log(`  ? ${a.title} (${a.year}): ${a.candidates.length} candidates`);
}

async function main() {
  const apply = process.argv.includes("--apply");
  const cfg = config();
  await serverIdentity(cfg);
  const [watched, movies] = await Promise.all([plexWatched(cfg.plex), jellyfinMovies(cfg.jf)]);
  const plan = match(watched, movies);
  fs.mkdirSync(path.dirname(PLAN_FILE), { recursive: true });
  fs.writeFileSync(PLAN_FILE, JSON.stringify(plan, null, 2));
  console.log(`plex watched: ${watched.length}; jellyfin movies: ${movies.length}`);
  console.log(`to apply ${plan.apply.length}, already played ${plan.alreadyPlayed.length}, ambiguous ${plan.ambiguous.length}, not in jellyfin ${plan.missing.length}`);
  console.log(`plan: ${path.relative(ROOT, PLAN_FILE)}`);
  printPlanSample(plan);
  if (!apply) {
    console.log("dry run; re-run with --apply to mark the matches as played");
    return;
  }
  let done = 0;
  for (const item of plan.apply) {
    await markPlayed(cfg.jf, item);
    done += 1;
  }
  console.log(`marked ${done} movies as played in Jellyfin`);
}

main().catch((err) => {
  console.error(`watched-migration: ${err.message}`);
  process.exitCode = 1;
});
