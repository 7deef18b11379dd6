#!/usr/bin/env node
// jellyfin-report.js — metadata quality report for the Jellyfin test server
// that the media-tagging project runs against (docker compose service on
// localhost:8096).
//
//   node tools/jellyfin-report.js                # report into reports/jellyfin/
//   node tools/jellyfin-report.js --refresh      # ask the server to rescan first
//
// JELLYFIN_URL and JELLYFIN_API_KEY come from .env. The API key is sent only
// to that URL, in the Authorization header Jellyfin documents
// (MediaBrowser Token="…"). --refresh is the only call that changes anything,
// and it only triggers a library scan.

import { readFileSync, existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile, rename } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "reports", "jellyfin");
const CLIENT = 'MediaBrowser Client="jellyfin-report", Device="ci", DeviceId="jellyfin-report", Version="1.0.0"';

function env() {
  const file = path.join(ROOT, ".env");
  const values = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const match = /^\s*([\w.]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
      if (match) values[match[1]] = match[2];
    }
  }
  return { ...values, ...process.env };
}

function config() {
  const e = env();
  const base = (e.JELLYFIN_URL ?? "http://localhost:8096").replace(/\/+$/, "");
  const host = new URL(base).hostname;
  if (!["localhost", "127.0.0.1", "jellyfin"].includes(host) && !host.endsWith(".internal")) {
    throw new Error(`JELLYFIN_URL ${base} is not the local test server`);
  }
  if (!e.JELLYFIN_API_KEY) throw new Error("JELLYFIN_API_KEY missing (Dashboard → API Keys)");
  return { base, key: e.JELLYFIN_API_KEY };
}

function makeApi({ base, key }) {
  const headers = { Authorization: `${CLIENT}, Token="${key}"`, Accept: "application/json" };
  return async function api(route, { method = "GET", query = {} } = {}) {
    const url = new URL(base + route);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    let delay = 500;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const res = await fetch(url, { method, headers, signal: AbortSignal.timeout(20_000) });
        if (res.status === 204) return null;
        if (!res.ok) throw Object.assign(new Error(`${method} ${route}: ${res.status}`), { status: res.status });
        return await res.json();
      } catch (err) {
        const retriable = !err.status || err.status >= 500;
        if (!retriable || attempt >= 4) throw err;
        await new Promise((r) => setTimeout(r, delay));
        delay *= 2;
      }
    }
  };
}

async function waitForScan(api) {
  for (let i = 0; i < 120; i += 1) {
    const tasks = await api("/ScheduledTasks", { query: { isHidden: false } });
    const scan = tasks.find((t) => t.Key === "RefreshLibrary");
    if (!scan || scan.State === "Idle") return;
    process.stderr.write(`\rscanning… ${Math.round(scan.CurrentProgressPercentage ?? 0)}%   `);
    await new Promise((r) => setTimeout(r, 2000));
  }
  process.stderr.write("\n");
}

async function items(api, libraryId) {
  const all = [];
  for (let start = 0; ; start += 500) {
    const page = await api("/Items", {
      query: {
        ParentId: libraryId,
        Recursive: true,
        IncludeItemTypes: "Movie,Series,MusicAlbum,Audio,Episode",
        Fields: "ProviderIds,Genres,Overview,Path,ProductionYear,PremiereDate",
        StartIndex: start,
        Limit: 500,
      },
    });
    all.push(...page.Items);
    if (all.length >= page.TotalRecordCount || page.Items.length === 0) return all;
  }
}

function assess(list) {
  const problems = { noProviderIds: [], noOverview: [], noGenres: [], noYear: [], duplicates: [] };
  const seen = new Map();
  for (const it of list) {
    const label = `${it.Name}${it.ProductionYear ? ` (${it.ProductionYear})` : ""} [${it.Type}]`;
    if (!it.ProviderIds || Object.keys(it.ProviderIds).length === 0) problems.noProviderIds.push(label);
    if (["Movie", "Series"].includes(it.Type) && !it.Overview) problems.noOverview.push(label);
    if (!it.Genres?.length && it.Type !== "Episode") problems.noGenres.push(label);
    if (!it.ProductionYear && it.Type !== "Audio") problems.noYear.push(label);
    const key = `${it.Type}:${(it.Name ?? "").toLowerCase()}:${it.ProductionYear ?? ""}`;
    if (seen.has(key)) problems.duplicates.push(`${label}: ${seen.get(key)} | ${it.Path}`);
    else seen.set(key, it.Path);
  }
  return problems;
}

function compareWithPrevious(report) {
  // how many problems were fixed or introduced since the last report file
  let files = [];
  try {
    files = readdirSync(OUT).filter((f) => /^metadata-\d{4}-\d{2}-\d{2}\.json$/.test(f)).sort();
  } catch {
    return null;
  }
  const previous = files.filter((f) => !f.includes(report.generated.slice(0, 10))).pop();
  if (!previous) return null;
  const old = JSON.parse(readFileSync(path.join(OUT, previous), "utf8"));
  const tally = (r) =>
    Object.fromEntries(
      r.libraries.map((lib) => [lib.name, Object.values(lib.problems).reduce((n, list) => n + list.length, 0)]),
    );
  const before = tally(old);
  const after = tally(report);
  return Object.keys({ ...before, ...after }).map((name) => ({
    library: name,
    before: before[name] ?? 0,
    after: after[name] ?? 0,
  }));
}

function render(report) {
  const lines = [`# Jellyfin metadata report (${report.generated.slice(0, 10)})`, ""];
  for (const lib of report.libraries) {
    lines.push(`## ${lib.name} — ${lib.count} items`, "");
    for (const [kind, list] of Object.entries(lib.problems)) {
      lines.push(`- ${kind}: ${list.length}`);
      for (const entry of list.slice(0, 15)) lines.push(`  - ${entry}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

async function main() {
  const refresh = process.argv.includes("--refresh");
  const cfg = config();
  const api = makeApi(cfg);
  const info = await api("/System/Info");
  console.error(`Jellyfin ${info.Version} "${info.ServerName}" at ${cfg.base}`);
  if (refresh) {
    await api("/Library/Refresh", { method: "POST" });
    await waitForScan(api);
  }
  const folders = await api("/Library/MediaFolders");
  const report = { generated: new Date().toISOString(), server: info.Version, libraries: [] };
  for (const folder of folders.Items) {
    const list = await items(api, folder.Id);
    report.libraries.push({ name: folder.Name, count: list.length, problems: assess(list) });
    console.error(`  ${folder.Name}: ${list.length} items`);
  }
  await mkdir(OUT, { recursive: true });
  const trend = compareWithPrevious(report);
  if (trend) {
    for (const t of trend) console.error(`  ${t.library}: ${t.before} -> ${t.after} problems`);
  }
  const stamp = report.generated.slice(0, 10);
  const md = path.join(OUT, `metadata-${stamp}.md`);
  await writeFile(`${md}.tmp`, render(report));
  await rename(`${md}.tmp`, md);
  await writeFile(path.join(OUT, `metadata-${stamp}.json`), JSON.stringify(report, null, 2));
  console.error(`report: ${path.relative(ROOT, md)}`);
}

main().catch((err) => {
  console.error(`jellyfin-report: ${err.message}`);
  process.exitCode = 1;
});
