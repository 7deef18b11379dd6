/**
 * car-verify-pin.ts - verify CAR files of published datasets and pin them on the lab node
 *
 *   npx tsx tools/car-verify-pin.ts                   # every entry of datasets/cars.json
 *   npx tsx tools/car-verify-pin.ts --only census-2021 --no-pin
 *
 * datasets/cars.json lists public dataset releases: { name, car, root, sha256, bytes }.
 * For each entry: check the CAR's sha256 and size, import it into the local kubo node with
 * `ipfs dag import --pin-roots=false` (execFile, argv array, local API only), check that the
 * root CID in the CAR matches the manifest, then pin the root (unless --no-pin). Finally it
 * prints gateway links on ipfs.io for the data catalogue. Nothing is published beyond
 * adding public, already-released CARs to our own node.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const API = "/ip4/127.0.0.1/tcp/5001";

interface CarEntry {
  name: string;
  car: string;
  root: string;
  sha256: string;
  bytes: number;
  licence: string;
}

interface Outcome {
  name: string;
  ok: boolean;
  steps: string[];
}

function manifest(): CarEntry[] {
  const list = JSON.parse(readFileSync(path.join(ROOT, "datasets", "cars.json"), "utf8")) as CarEntry[];
  for (const e of list) {
    if (!e.licence) throw new Error(`${e.name}: licence missing; only openly licensed datasets may be pinned`);
  }
  return list;
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash("sha256");
    createReadStream(file)
      .on("data", (c) => h.update(c))
      .on("error", reject)
      .on("end", () => resolve(h.digest("hex")));
  });
}

async function ipfs(...args: string[]): Promise<string> {
  const { stdout } = await run("ipfs", ["--api", API, ...args], { maxBuffer: 64 * 1024 * 1024, timeout: 30 * 60 * 1000 });
  return stdout.trim();
}

async function carRoots(file: string): Promise<string[]> {
  const out = await ipfs("dag", "import", "--pin-roots=false", "--stats", "--enc=json", file);
  const roots: string[] = [];
  for (const line of out.split("\n")) {
    try {
      const obj = JSON.parse(line) as { Root?: { Cid?: { "/": string } } };
      if (obj.Root?.Cid?.["/"]) roots.push(obj.Root.Cid["/"]);
    } catch {
      /* stats line */
    }
  }
  return roots;
}

async function isPinned(root: string): Promise<boolean> {
  try {
    await ipfs("pin", "ls", "--type=recursive", root);
    return true;
  } catch {
    return false;
  }
}

async function processEntry(e: CarEntry, pin: boolean): Promise<Outcome> {
  const steps: string[] = [];
  const file = path.resolve(ROOT, e.car);
  if (!file.startsWith(path.join(ROOT, "datasets") + path.sep)) return { name: e.name, ok: false, steps: ["CAR path outside datasets/"] };
  if (!existsSync(file)) return { name: e.name, ok: false, steps: ["CAR file missing (git lfs pull?)"] };
  const size = statSync(file).size;
  if (size !== e.bytes) return { name: e.name, ok: false, steps: [`size ${size} != ${e.bytes}`] };
  steps.push("size ok");
  const digest = await sha256File(file);
  if (digest !== e.sha256) return { name: e.name, ok: false, steps: [...steps, "sha256 mismatch"] };
  steps.push("sha256 ok");
  const roots = await carRoots(file);
  if (!roots.includes(e.root)) return { name: e.name, ok: false, steps: [...steps, `root ${e.root} not in CAR (${roots.join(", ")})`] };
  steps.push("imported, root matches");
  if (pin) {
    if (await isPinned(e.root)) steps.push("already pinned");
    else {
      await ipfs("pin", "add", "--progress=false", e.root);
      steps.push("pinned");
    }
  }
  return { name: e.name, ok: true, steps };
}

async function nodeOk(): Promise<string> {
  try {
    return (await ipfs("id", "-f", "<id>")).slice(0, 16);
  } catch {
    throw new Error("local IPFS node not reachable on 127.0.0.1:5001 (ipfs daemon)");
  }
}

async function repoUsage(): Promise<string> {
  try {
    const out = await ipfs("repo", "stat", "--human");
    const size = /RepoSize:\s+(.*)/.exec(out)?.[1] ?? "?";
    const max = /StorageMax:\s+(.*)/.exec(out)?.[1] ?? "?";
    return `${size} of ${max}`;
  } catch {
    return "unknown";
  }
}

async function orphanPins(entries: CarEntry[]): Promise<string[]> {
  // recursive pins on the node that are labelled as ours but no longer in the manifest
  const known = new Set(entries.map((e) => e.root));
  const ledger = path.join(ROOT, "datasets", "pinned.json");
  if (!existsSync(ledger)) return [];
  const pinnedByUs = JSON.parse(readFileSync(ledger, "utf8")) as string[];
  return pinnedByUs.filter((cid) => !known.has(cid));
}

function recordPins(outcomes: Outcome[], entries: CarEntry[]): void {
  // remember which roots this tool pinned, so orphans can be reported later
  const { writeFileSync } = require("node:fs") as typeof import("node:fs");
  const ledger = path.join(ROOT, "datasets", "pinned.json");
  const previous = existsSync(ledger) ? (JSON.parse(readFileSync(ledger, "utf8")) as string[]) : [];
  const ok = new Set(outcomes.filter((o) => o.ok && o.steps.some((s) => s.includes("pinned"))).map((o) => o.name));
  const roots = entries.filter((e) => ok.has(e.name)).map((e) => e.root);
  const merged = [...new Set([...previous, ...roots])].sort();
  writeFileSync(ledger, `${JSON.stringify(merged, null, 2)}\n`);
}

function summary(outcomes: Outcome[], entries: CarEntry[]): string {
  const bytes = entries.filter((e) => outcomes.find((o) => o.name === e.name)?.ok).reduce((s, e) => s + e.bytes, 0);
  return `${outcomes.filter((o) => o.ok).length}/${outcomes.length} dataset(s) verified, ${(bytes / 1e9).toFixed(2)} GB`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const oi = argv.indexOf("--only");
  const pin = !argv.includes("--no-pin");
  const entries = manifest().filter((e) => oi < 0 || e.name === argv[oi + 1]);
  if (!entries.length) throw new Error("no matching dataset");
  console.log(`node ${await nodeOk()}…, repo ${await repoUsage()}`);
  console.log(`${entries.length} dataset(s) selected; pinning ${pin ? "enabled" : "disabled (--no-pin)"}`);
  console.log("");
  const outcomes: Outcome[] = [];
  for (const e of entries) {
    const o = await processEntry(e, pin).catch((err: Error) => ({ name: e.name, ok: false, steps: [err.message] }));
    outcomes.push(o);
    console.log(`${o.ok ? "ok  " : "FAIL"} ${o.name}: ${o.steps.join(", ")}`);
  }
  console.log("\ncatalogue links:");
  for (const e of entries) console.log(`  ${e.name}: https://ipfs.io/ipfs/${e.root}`);
  console.log(`repo now ${await repoUsage()}`);
  console.log(summary(outcomes, entries));
  if (pin) recordPins(outcomes, entries);
  for (const cid of await orphanPins(manifest())) console.log(`note: ${cid} is pinned by this tool but no longer listed`);
  process.exitCode = outcomes.every((o) => o.ok) ? 0 : 1;
}

main().catch((err: Error) => {
  console.error(`car-verify-pin: ${err.message}`);
  process.exit(2);
});
