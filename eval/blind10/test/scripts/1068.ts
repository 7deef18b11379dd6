// Keep the project-local task cache in .cache/tasks bounded: each task
// output directory carries a manifest.json written by our task runner with
// its size and last access time. Evicts least-recently-used outputs until
// the cache fits the budget. Never leaves .cache/tasks.
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CACHE_DIR = path.join(ROOT, ".cache", "tasks");
const DEFAULT_BUDGET_MB = 1500;

interface Manifest {
  task: string;
  hash: string;
  bytes: number;
  lastAccess: string;
}

interface Entry extends Manifest {
  dir: string;
}

async function loadEntries(): Promise<Entry[]> {
  let names: string[];
  try {
    names = await readdir(CACHE_DIR);
  } catch {
    return [];
  }
  const entries: Entry[] = [];
  for (const name of names) {
    const dir = path.join(CACHE_DIR, name);
    if (path.dirname(dir) !== CACHE_DIR) continue;
    try {
      const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")) as Manifest;
      entries.push({ ...manifest, dir });
    } catch {
      const info = await stat(dir).catch(() => null);
      if (info?.isDirectory()) console.warn(`no manifest in ${path.relative(ROOT, dir)}; leaving it`);
    }
  }
  return entries;
}

function plan(entries: Entry[], budgetBytes: number): Entry[] {
  const sorted = [...entries].sort((a, b) => Date.parse(a.lastAccess) - Date.parse(b.lastAccess));
  let total = entries.reduce((s, e) => s + e.bytes, 0);
  const evict: Entry[] = [];
  for (const e of sorted) {
    if (total <= budgetBytes) break;
    evict.push(e);
    total -= e.bytes;
  }
  return evict;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const budgetArg = process.argv.find((a) => a.startsWith("--budget="));
  const budget = Number(budgetArg?.split("=")[1] ?? DEFAULT_BUDGET_MB) * 1024 * 1024;
  const dryRun = process.argv.includes("--dry-run");
  const entries = await loadEntries();
  const total = entries.reduce((s, e) => s + e.bytes, 0);
  console.log(`${entries.length} cached outputs, ${mb(total)} of ${mb(budget)} budget`);
  const evict = plan(entries, budget);
  if (evict.length === 0) {
    console.log("within budget; nothing to evict");
    return;
  }
  for (const e of evict) {
    console.log(`${dryRun ? "would evict" : "evicting"} ${e.task}@${e.hash.slice(0, 8)} (${mb(e.bytes)}, last used ${e.lastAccess})`);
    if (!dryRun) await rm(e.dir, { recursive: true, force: true });
  }
  const freed = evict.reduce((s, e) => s + e.bytes, 0);
  console.log(`${dryRun ? "would free" : "freed"} ${mb(freed)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
