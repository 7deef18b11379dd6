#!/usr/bin/env -S npx tsx
/**
 * offer-picker.ts — choose a vast.ai offer for a training job spec.
 *
 * Reads jobs/<name>.yaml (GPU model, count, VRAM, disk, max $/h, region
 * preferences), queries the vast.ai search API (read-only) and prints the
 * ranked offers plus the exact `vastai create instance` command to run.
 * It never creates instances itself: renting is a human decision.
 *
 *   npx tsx tools/offer-picker.ts jobs/lora-sdxl.yaml
 *   npx tsx tools/offer-picker.ts jobs/lora-sdxl.yaml --json --top 5
 */
import { readFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { resolve, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SEARCH_URL = "https://console.vast.ai/api/v0/bundles/";

interface JobSpec {
  name: string;
  image: string;
  gpu: { model: string; count: number; minVramGb: number };
  diskGb: number;
  maxDollarsPerHour: number;
  minReliability?: number;
  preferRegions?: string[];
  avoidHosts?: number[];
}

interface Offer {
  id: number;
  host_id: number;
  gpu_name: string;
  num_gpus: number;
  gpu_ram: number;
  dph_total: number;
  reliability2: number;
  geolocation?: string;
  inet_down?: number;
  disk_space: number;
  cuda_max_good?: number;
}

interface Ranked extends Offer {
  score: number;
  reasons: string[];
}

function loadSpec(file: string): JobSpec {
  const raw = parseYaml(readFileSync(file, "utf8")) as Partial<JobSpec>;
  const missing = (["name", "image", "gpu", "diskGb", "maxDollarsPerHour"] as const).filter(
    (k) => raw[k] === undefined,
  );
  if (missing.length) throw new Error(`${basename(file)}: missing ${missing.join(", ")}`);
  return { minReliability: 0.97, preferRegions: [], avoidHosts: [], ...raw } as JobSpec;
}

function apiKey(): string {
  if (process.env.VAST_API_KEY) return process.env.VAST_API_KEY;
  const env = resolve(ROOT, ".env");
  if (existsSync(env)) {
    const m = readFileSync(env, "utf8").match(/^VAST_API_KEY=(.+)$/m);
    if (m) return m[1].trim();
  }
  throw new Error("VAST_API_KEY not set (env or .env)");
}

function buildQuery(spec: JobSpec): Record<string, unknown> {
  return {
    gpu_name: { eq: spec.gpu.model.replace(/ /g, "_") },
    num_gpus: { eq: spec.gpu.count },
    gpu_ram: { gte: spec.gpu.minVramGb * 1000 },
    disk_space: { gte: spec.diskGb },
    reliability2: { gte: spec.minReliability },
    dph_total: { lte: spec.maxDollarsPerHour },
    rentable: { eq: true },
    verified: { eq: true },
    order: [["dph_total", "asc"]],
    type: "on-demand",
    limit: 64,
  };
}

async function search(spec: JobSpec, key: string): Promise<Offer[]> {
  const url = `${SEARCH_URL}?q=${encodeURIComponent(JSON.stringify(buildQuery(spec)))}`;
  let delay = 500;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    if (res.ok) {
      const body = (await res.json()) as { offers?: Offer[] };
      return body.offers ?? [];
    }
    if (res.status !== 429 && res.status < 500) {
      throw new Error(`vast search failed: ${res.status} ${await res.text()}`);
    }
    await new Promise((r) => setTimeout(r, delay));
    delay *= 2;
  }
  throw new Error("vast search kept failing");
}

function rank(offers: Offer[], spec: JobSpec): Ranked[] {
  const avoid = new Set(spec.avoidHosts ?? []);
  const prefer = (spec.preferRegions ?? []).map((r) => r.toLowerCase());
  return offers
    .filter((o) => !avoid.has(o.host_id))
    .map((o) => {
      const reasons: string[] = [];
      // cheaper is better; normalised against the budget
      let score = 100 * (1 - o.dph_total / spec.maxDollarsPerHour);
      if (o.reliability2 >= 0.995) {
        score += 10;
        reasons.push("very reliable");
      }
      const region = (o.geolocation ?? "").toLowerCase();
      if (prefer.some((p) => region.includes(p))) {
        score += 15;
        reasons.push(`preferred region ${o.geolocation}`);
      }
      if ((o.inet_down ?? 0) > 1000) {
        score += 5;
        reasons.push("fast download");
      }
      if ((o.cuda_max_good ?? 0) < 12) {
        score -= 20;
        reasons.push("old CUDA driver");
      }
      return { ...o, score: Math.round(score * 10) / 10, reasons };
    })
    .sort((a, b) => b.score - a.score);
}

function createCommand(offer: Offer, spec: JobSpec): string {
  const label = `${spec.name}-${new Date().toISOString().slice(0, 10)}`;
  return [
    "vastai create instance",
    String(offer.id),
    `--image ${spec.image}`,
    `--disk ${spec.diskGb}`,
    `--label ${label}`,
    "--ssh --direct",
  ].join(" ");
}

function table(rows: Ranked[]): string {
  const head = ["id", "gpu", "n", "$/h", "rel", "region", "score", "notes"];
  const lines = rows.map((r) => [
    String(r.id),
    r.gpu_name,
    String(r.num_gpus),
    r.dph_total.toFixed(3),
    r.reliability2.toFixed(3),
    r.geolocation ?? "?",
    String(r.score),
    r.reasons.join(", "),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  return [fmt(head), fmt(widths.map((w) => "-".repeat(w))), ...lines.map(fmt)].join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) throw new Error("usage: offer-picker.ts jobs/<name>.yaml [--json] [--top N]");
  const topIdx = args.indexOf("--top");
  const top = topIdx >= 0 ? Number(args[topIdx + 1]) : 8;
  const spec = loadSpec(resolve(file));
  const key = apiKey();
  console.error(`searching for ${spec.gpu.count}x ${spec.gpu.model} ≤ $${spec.maxDollarsPerHour}/h (key ${key.slice(0, 4)}…)`);

  const ranked = rank(await search(spec, key), spec).slice(0, top);
  const outDir = resolve(ROOT, "build", "offers");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, `${spec.name}.json`), JSON.stringify(ranked, null, 2));

  if (args.includes("--json")) {
    console.log(JSON.stringify(ranked, null, 2));
    return;
  }
  if (!ranked.length) {
    console.log("no offers match; raise maxDollarsPerHour or relax minReliability");
    return;
  }
  console.log(table(ranked));
  console.log("\nto rent the best offer (costs money, run it yourself):");
  console.log(`  ${createCommand(ranked[0], spec)}`);
}

main().catch((err: Error) => {
  console.error(`offer-picker: ${err.message}`);
  process.exitCode = 1;
});
