#!/usr/bin/env -S npx tsx
/**
 * ecowitt-poll.ts — poll the Ecowitt gateway on the roof LAN and append the
 * readings to data/ecowitt/<date>.csv, for comparison with the WeeWX archive.
 *
 * The gateway's local HTTP API (get_livedata_info) needs no credentials and
 * is reached at ECOWITT_GW from config/station.json (a *.internal name).
 * Optionally, with --cloud, the same reading is cross-checked against the
 * Ecowitt cloud API using the project's application/api keys from .env.
 *
 *   npx tsx tools/ecowitt-poll.ts --once
 *   npx tsx tools/ecowitt-poll.ts --every 60        # until Ctrl+C
 *   npx tsx tools/ecowitt-poll.ts --once --cloud
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DATA = join(ROOT, "data", "ecowitt");
const CLOUD = "https://api.ecowitt.net/api/v3/device/real_time";

interface StationConfig {
  gateway: string;
  mac: string;
  tempUnit: "C" | "F";
}

interface Reading {
  at: string;
  outTempC: number | null;
  humidity: number | null;
  pressureHpa: number | null;
  windMs: number | null;
  gustMs: number | null;
  rainRateMm: number | null;
  solarWm2: number | null;
}

const COLUMNS: Array<keyof Reading> = [
  "at", "outTempC", "humidity", "pressureHpa", "windMs", "gustMs", "rainRateMm", "solarWm2",
];

function loadConfig(): StationConfig {
  const cfg = JSON.parse(readFileSync(join(ROOT, "config", "station.json"), "utf8")) as StationConfig;
  const host = new URL(cfg.gateway).hostname;
  if (!host.endsWith(".internal")) throw new Error(`gateway ${host} is not on the station LAN`);
  return cfg;
}

function num(value: unknown): number | null {
  if (value === undefined || value === null || value === "--") return null;
  const n = Number.parseFloat(String(value));
  return Number.isFinite(n) ? n : null;
}

function fToC(f: number | null): number | null {
  return f === null ? null : Math.round(((f - 32) * 5) / 9 * 10) / 10;
}

type LiveData = {
  common_list?: Array<{ id: string; val: string; unit?: string }>;
  wh25?: Array<{ rel: string; abs: string }>;
  rain?: Array<{ id: string; val: string }>;
};

function pick(list: LiveData["common_list"], id: string): string | undefined {
  return list?.find((e) => e.id === id)?.val;
}

async function pollGateway(cfg: StationConfig): Promise<Reading> {
  const res = await fetch(`${cfg.gateway.replace(/\/$/, "")}/get_livedata_info`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`gateway ${res.status}`);
  const live = (await res.json()) as LiveData;
  const temp = num(pick(live.common_list, "0x02"));
  // wind ids: 0x0B speed, 0x0C gust (m/s on our gateway setting)
  return {
    at: new Date().toISOString(),
    outTempC: cfg.tempUnit === "F" ? fToC(temp) : temp,
    humidity: num(pick(live.common_list, "0x07")),
    pressureHpa: num(live.wh25?.[0]?.rel),
    windMs: num(pick(live.common_list, "0x0B")),
    gustMs: num(pick(live.common_list, "0x0C")),
    rainRateMm: num(live.rain?.find((r) => r.id === "0x0E")?.val),
    solarWm2: num(pick(live.common_list, "0x15")),
  };
}

function env(name: string): string | undefined {
  if (process.env[name]) return process.env[name];
  const file = join(ROOT, ".env");
  if (!existsSync(file)) return undefined;
  return readFileSync(file, "utf8").match(new RegExp(`^${name}=(.+)$`, "m"))?.[1]?.trim();
}

async function pollCloud(cfg: StationConfig): Promise<number | null> {
  const appKey = env("ECOWITT_APPLICATION_KEY");
  const apiKey = env("ECOWITT_API_KEY");
  if (!appKey || !apiKey) throw new Error("ECOWITT_APPLICATION_KEY / ECOWITT_API_KEY missing");
  const url = new URL(CLOUD);
  url.search = new URLSearchParams({
    application_key: appKey,
    api_key: apiKey,
    mac: cfg.mac,
    call_back: "outdoor",
    temp_unitid: "1",
  }).toString();
  const res = await fetch(url, { signal: AbortSignal.timeout(10000) });
  const body = (await res.json()) as { code: number; data?: { outdoor?: { temperature?: { value: string } } } };
  if (body.code !== 0) throw new Error(`ecowitt cloud code ${body.code}`);
  return num(body.data?.outdoor?.temperature?.value);
}

function csvFile(at: string): string {
  mkdirSync(DATA, { recursive: true });
  const file = join(DATA, `${at.slice(0, 10)}.csv`);
  if (!existsSync(file)) writeFileSync(file, `${COLUMNS.join(",")}\n`);
  return file;
}

function append(reading: Reading): void {
  const row = COLUMNS.map((c) => (reading[c] === null ? "" : String(reading[c]))).join(",");
  appendFileSync(csvFile(reading.at), `${row}\n`);
}

function plausible(r: Reading): string[] {
  const issues: string[] = [];
  if (r.outTempC !== null && (r.outTempC < -40 || r.outTempC > 50)) issues.push(`temp ${r.outTempC}`);
  if (r.humidity !== null && (r.humidity < 0 || r.humidity > 100)) issues.push(`humidity ${r.humidity}`);
  if (r.pressureHpa !== null && (r.pressureHpa < 900 || r.pressureHpa > 1080)) issues.push(`pressure ${r.pressureHpa}`);
  if (r.gustMs !== null && r.windMs !== null && r.gustMs < r.windMs) issues.push("gust < wind");
  return issues;
}

/** Rolling daily extremes, printed when the day's CSV already has rows. */
function dailyExtremes(at: string): string | null {
  const file = join(DATA, `${at.slice(0, 10)}.csv`);
  if (!existsSync(file)) return null;
  const temps = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => Number.parseFloat(l.split(",")[1]))
    .filter((t) => Number.isFinite(t));
  if (!temps.length) return null;
  return `today min ${Math.min(...temps)}°C / max ${Math.max(...temps)}°C over ${temps.length} readings`;
}

async function once(cfg: StationConfig, cloud: boolean): Promise<void> {
  const reading = await pollGateway(cfg);
  const issues = plausible(reading);
  append(reading);
  console.log(
    `${reading.at} ${reading.outTempC ?? "-"}°C ${reading.humidity ?? "-"}% ${reading.pressureHpa ?? "-"}hPa ` +
      `wind ${reading.windMs ?? "-"}/${reading.gustMs ?? "-"} m/s${issues.length ? `  ⚠ ${issues.join(", ")}` : ""}`,
  );
  const extremes = dailyExtremes(reading.at);
  if (extremes) console.log(`  ${extremes}`);
  if (cloud) {
    const cloudTemp = await pollCloud(cfg);
    const delta = cloudTemp !== null && reading.outTempC !== null ? (cloudTemp - reading.outTempC).toFixed(1) : "?";
    console.log(`  cloud temp ${cloudTemp ?? "-"}°C (Δ ${delta})`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const cfg = loadConfig();
  const cloud = args.includes("--cloud");
  const everyIdx = args.indexOf("--every");
  if (args.includes("--once") || everyIdx < 0) {
    await once(cfg, cloud);
    return;
  }
  const seconds = Math.max(16, Number(args[everyIdx + 1]));
  let stop = false;
  process.on("SIGINT", () => {
    stop = true;
  });
  while (!stop) {
    try {
      await once(cfg, cloud);
    } catch (err) {
      console.error(`poll failed: ${(err as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, seconds * 1000));
  }
}

main().catch((err: Error) => {
  console.error(`ecowitt-poll: ${err.message}`);
  process.exitCode = 1;
});
