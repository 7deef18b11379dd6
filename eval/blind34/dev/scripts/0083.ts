#!/usr/bin/env -S npx tsx
/**
 * cosmos-export.ts — export telemetry from the local OpenC3 COSMOS dev
 * instance (docker compose, http://localhost:2900) for the FlatSat test
 * campaign.
 *
 * Only read-style JSON-RPC methods are used (get_target_names,
 * get_all_tlm_names, get_tlm_buffer, tlm); the script contains no `cmd`
 * calls and refuses to run against anything but localhost, because the
 * ops COSMOS talks to the real spacecraft.
 *
 *   npx tsx tools/cosmos-export.ts --target FLATSAT --packet HEALTH_STATUS --samples 60
 *   npx tsx tools/cosmos-export.ts --list
 */
import { mkdirSync, writeFileSync, existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "build", "telemetry");
const READ_ONLY = new Set(["get_target_names", "get_all_tlm_names", "get_tlm_buffer", "tlm", "get_all_tlm_item_names"]);

interface Options {
  url: string;
  scope: string;
  target?: string;
  packet?: string;
  samples: number;
  intervalMs: number;
  list: boolean;
}

let rpcId = 0;

function password(): string {
  const fromEnv = process.env.OPENC3_DEV_PASSWORD;
  if (fromEnv) return fromEnv;
  const envFile = join(ROOT, ".env");
  const m = existsSync(envFile) ? readFileSync(envFile, "utf8").match(/^OPENC3_DEV_PASSWORD=(.+)$/m) : null;
  if (!m) throw new Error("OPENC3_DEV_PASSWORD not set (.env)");
  return m[1].trim();
}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    url: process.env.OPENC3_URL ?? "http://localhost:2900",
    scope: "DEFAULT",
    samples: 30,
    intervalMs: 1000,
    list: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    switch (argv[i]) {
      case "--url": opts.url = v; i++; break;
      case "--scope": opts.scope = v; i++; break;
      case "--target": opts.target = v; i++; break;
      case "--packet": opts.packet = v; i++; break;
      case "--samples": opts.samples = Number(v); i++; break;
      case "--interval": opts.intervalMs = Number(v) * 1000; i++; break;
      case "--list": opts.list = true; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  const host = new URL(opts.url).hostname;
  if (host !== "localhost" && host !== "127.0.0.1") {
    throw new Error(`${host} is not the local dev instance; this tool never talks to ops COSMOS`);
  }
  return opts;
}

async function rpc<T>(opts: Options, method: string, params: unknown[], auth: string): Promise<T> {
  if (!READ_ONLY.has(method)) throw new Error(`method ${method} is not on the read-only list`);
  const res = await fetch(`${opts.url}/openc3-api/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json-rpc", Authorization: auth },
    body: JSON.stringify({
      jsonrpc: "2.0",
      method,
      params,
      id: ++rpcId,
      keyword_params: { scope: opts.scope },
    }),
    signal: AbortSignal.timeout(10000),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function list(opts: Options, auth: string): Promise<void> {
  const targets = await rpc<string[]>(opts, "get_target_names", [], auth);
  for (const t of targets) {
    const packets = await rpc<string[]>(opts, "get_all_tlm_names", [t], auth);
    console.log(`${t}: ${packets.join(", ")}`);
  }
}

function csvEscape(v: unknown): string {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

async function sample(opts: Options, auth: string): Promise<string> {
  if (!opts.target || !opts.packet) throw new Error("--target and --packet are required");
  const items = await rpc<string[]>(opts, "get_all_tlm_item_names", [opts.target, opts.packet], auth);
  const wanted = items.filter((i) => !["PACKET_TIMESECONDS", "RECEIVED_TIMESECONDS", "RECEIVED_COUNT"].includes(i));
  const rows: string[] = [["time", ...wanted].join(",")];
  let lastCount = -1;
  for (let n = 0; n < opts.samples; n++) {
    const buffer = await rpc<{ received_count: number; time: number }>(
      opts,
      "get_tlm_buffer",
      [opts.target, opts.packet],
      auth,
    );
    if (buffer.received_count === lastCount) {
      await new Promise((r) => setTimeout(r, opts.intervalMs));
      continue;
    }
    lastCount = buffer.received_count;
    const values: unknown[] = [];
    for (const item of wanted) {
      values.push(await rpc<unknown>(opts, "tlm", [`${opts.target} ${opts.packet} ${item}`], auth));
    }
    rows.push([new Date().toISOString(), ...values].map(csvEscape).join(","));
    process.stdout.write(`\rsample ${n + 1}/${opts.samples} (count ${lastCount})`);
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
  process.stdout.write("\n");
  return rows.join("\n") + "\n";
}

function summarise(csv: string): Record<string, { min: number; max: number }> {
  const [header, ...lines] = csv.trim().split("\n");
  const cols = header.split(",");
  const stats: Record<string, { min: number; max: number }> = {};
  for (const line of lines) {
    line.split(",").forEach((cell, i) => {
      const v = Number(cell);
      if (i === 0 || !Number.isFinite(v)) return;
      const s = (stats[cols[i]] ??= { min: v, max: v });
      s.min = Math.min(s.min, v);
      s.max = Math.max(s.max, v);
    });
  }
  return stats;
}

/**
 * Limits from the FlatSat test procedure; values outside are flagged in the
 * summary so the test conductor can look at them before signing off.
 */
const LIMITS: Record<string, [number, number]> = {
  BATTERY_VOLTAGE: [6.8, 8.4],
  BOARD_TEMP: [-10, 45],
  BUS_CURRENT: [0, 1.5],
};

function limitViolations(stats: Record<string, { min: number; max: number }>): string[] {
  const out: string[] = [];
  for (const [item, [lo, hi]] of Object.entries(LIMITS)) {
    const s = stats[item];
    if (!s) continue;
    if (s.min < lo) out.push(`${item} min ${s.min} < ${lo}`);
    if (s.max > hi) out.push(`${item} max ${s.max} > ${hi}`);
  }
  return out;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const auth = password();
  if (opts.list) {
    await list(opts, auth);
    return;
  }
  const csv = await sample(opts, auth);
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${opts.target}-${opts.packet}-${new Date().toISOString().replace(/[:.]/g, "-")}.csv`);
  writeFileSync(file, csv);
  const stats = summarise(csv);
  console.table(stats);
  const violations = limitViolations(stats);
  for (const v of violations) console.log(`LIMIT ${v}`);
  if (violations.length) process.exitCode = 3;
  console.log(`wrote ${file.slice(ROOT.length + 1)}`);
}

main().catch((err: Error) => {
  console.error(`cosmos-export: ${err.message}`);
  process.exitCode = 1;
});
