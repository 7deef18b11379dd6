#!/usr/bin/env -S npx tsx
/**
 * satnogs-fetch.ts — download our ground station's recent observations from
 * the SatNOGS Network API (read-only) for the decoder regression tests.
 *
 * For each observation of our station (station id in config/station.json)
 * with status "good" it saves the metadata JSON, the demodulated data frames
 * and, with --waterfalls, the waterfall PNG into data/satnogs/<obs-id>/.
 * A SATNOGS_API_TOKEN from .env is sent in the Authorization header as the
 * API documents (needed for higher rate limits only).
 *
 *   npx tsx tools/satnogs-fetch.ts --days 3
 *   npx tsx tools/satnogs-fetch.ts --days 1 --norad 98765 --waterfalls
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve, basename } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const API = "https://network.satnogs.org/api";
const OUT = join(ROOT, "data", "satnogs");
const ALLOWED_FILE_HOSTS = new Set(["network.satnogs.org", "db.satnogs.org"]);

interface Observation {
  id: number;
  start: string;
  end: string;
  norad_cat_id: number;
  status: string;
  waterfall: string | null;
  demoddata: Array<{ payload_demod: string }>;
  transmitter_mode: string;
}

interface Args {
  days: number;
  norad?: number;
  waterfalls: boolean;
}

function parse(argv: string[]): Args {
  const a: Args = { days: 2, waterfalls: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--days") a.days = Number(argv[++i]);
    else if (argv[i] === "--norad") a.norad = Number(argv[++i]);
    else if (argv[i] === "--waterfalls") a.waterfalls = true;
    else throw new Error(`unknown flag ${argv[i]}`);
  }
  if (!(a.days > 0 && a.days <= 30)) throw new Error("--days must be 1..30");
  return a;
}

function stationId(): number {
  const cfg = JSON.parse(readFileSync(join(ROOT, "config", "station.json"), "utf8")) as { satnogsStationId: number };
  if (!Number.isInteger(cfg.satnogsStationId)) throw new Error("config/station.json: satnogsStationId missing");
  return cfg.satnogsStationId;
}

function token(): string | null {
  if (process.env.SATNOGS_API_TOKEN) return process.env.SATNOGS_API_TOKEN;
  const file = join(ROOT, ".env");
  if (!existsSync(file)) return null;
  return readFileSync(file, "utf8").match(/^SATNOGS_API_TOKEN=(.+)$/m)?.[1]?.trim() ?? null;
}

async function getJson<T>(url: string, auth: string | null): Promise<{ body: T; next: string | null }> {
  let delay = 2000;
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(url, { headers: auth ? { Authorization: `Token ${auth}` } : {} });
    if (res.status === 429) {
      const wait = Number(res.headers.get("retry-after") ?? 0) * 1000 || delay;
      console.error(`rate limited, waiting ${Math.round(wait / 1000)} s`);
      await new Promise((r) => setTimeout(r, wait));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    const link = res.headers.get("link") ?? "";
    const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
    return { body: (await res.json()) as T, next };
  }
  throw new Error(`GET ${url}: rate limited too long`);
}

async function observations(station: number, args: Args, auth: string | null): Promise<Observation[]> {
  const since = new Date(Date.now() - args.days * 86400000).toISOString().slice(0, 19);
  const params = new URLSearchParams({ ground_station: String(station), status: "good", start: since });
  if (args.norad) params.set("satellite__norad_cat_id", String(args.norad));
  const all: Observation[] = [];
  let url: string | null = `${API}/observations/?${params}`;
  while (url) {
    const page: { body: Observation[]; next: string | null } = await getJson<Observation[]>(url, auth);
    all.push(...page.body);
    url = page.next;
  }
  return all;
}

async function download(url: string, target: string): Promise<boolean> {
  const host = new URL(url).hostname;
  if (!ALLOWED_FILE_HOSTS.has(host) && !host.endsWith(".satnogs.org")) {
    console.error(`  skipping file on unexpected host ${host}`);
    return false;
  }
  if (existsSync(target)) return false;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download ${basename(target)}: ${res.status}`);
  writeFileSync(target, Buffer.from(await res.arrayBuffer()));
  return true;
}

async function save(obs: Observation, args: Args): Promise<number> {
  const dir = join(OUT, String(obs.id));
  mkdirSync(join(dir, "frames"), { recursive: true });
  writeFileSync(join(dir, "observation.json"), JSON.stringify(obs, null, 2));
  let files = 0;
  for (const [i, d] of obs.demoddata.entries()) {
    if (await download(d.payload_demod, join(dir, "frames", `${String(i).padStart(4, "0")}.bin`))) files++;
  }
  if (args.waterfalls && obs.waterfall) {
    if (await download(obs.waterfall, join(dir, "waterfall.png"))) files++;
  }
  return files;
}

/**
 * Frames are stored as downloaded; a quick look at the first bytes tells
 * whether the demodulator produced AX.25 (address field of shifted ASCII)
 * or something else, which the regression tests treat differently.
 */
function classifyFrames(dir: string): { ax25: number; other: number } {
  const framesDir = join(dir, "frames");
  let ax25 = 0;
  let other = 0;
  if (!existsSync(framesDir)) return { ax25, other };
  for (const f of readdirSync(framesDir)) {
    const buf = readFileSync(join(framesDir, f));
    const looksAx25 = buf.length > 16 && [...buf.subarray(0, 6)].every((b) => (b >> 1) >= 0x20 && (b >> 1) <= 0x5a);
    if (looksAx25) ax25++;
    else other++;
  }
  return { ax25, other };
}

function writeIndex(list: Observation[]): void {
  const rows = list.map((o) => {
    const kinds = classifyFrames(join(OUT, String(o.id)));
    return { id: o.id, start: o.start, norad: o.norad_cat_id, mode: o.transmitter_mode, ...kinds };
  });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "index.json"), JSON.stringify(rows, null, 2));
}

function existingIds(): Set<string> {
  return existsSync(OUT) ? new Set(readdirSync(OUT)) : new Set();
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  const station = stationId();
  const auth = token();
  console.error(`station ${station}, last ${args.days} day(s)${auth ? `, token ${auth.slice(0, 4)}…` : ", anonymous"}`);
  const have = existingIds();
  const list = await observations(station, args, auth);
  let newObs = 0;
  let files = 0;
  for (const obs of list) {
    if (!have.has(String(obs.id))) newObs++;
    files += await save(obs, args);
    console.log(`${obs.id} ${obs.start} NORAD ${obs.norad_cat_id} ${obs.transmitter_mode} frames=${obs.demoddata.length}`);
  }
  writeIndex(list);
  const bySat = new Map<number, number>();
  for (const o of list) bySat.set(o.norad_cat_id, (bySat.get(o.norad_cat_id) ?? 0) + 1);
  for (const [norad, n] of bySat) console.log(`  NORAD ${norad}: ${n} observation(s)`);
  console.log(`${list.length} observation(s), ${newObs} new, ${files} file(s) downloaded into data/satnogs/`);
}

main().catch((err: Error) => {
  console.error(`satnogs-fetch: ${err.message}`);
  process.exitCode = 1;
});
