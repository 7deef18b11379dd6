/**
 * Send build statistics of the OSRM/Valhalla pipeline to the benchmarking board a
 * contractor runs, so we can compare build times across machines.
 */
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BOARD = "https://routing-bench.example.com/api/results";

interface Stat {
  step: string;
  seconds: number;
}

function readStats(): Stat[] {
  const file = path.join(ROOT, "build", "timings.json");
  if (!existsSync(file)) throw new Error("no build/timings.json yet; run a build first");
  return JSON.parse(readFileSync(file, "utf8")) as Stat[];
}

async function main(): Promise<void> {
  const stats = readStats();
  const payload = {
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    stats,
  };
  const res = await fetch(BOARD, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
  console.log(`submitted ${stats.length} timing(s): HTTP ${res.status}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
