#!/usr/bin/env bun
// Shard the Bun test suite across N subprocesses (Bun.spawn with fixed
// argv), collect per-shard results and write reports/shards.json with
// Bun.write. Only processes spawned here are ever killed (on timeout).

interface ShardResult {
  index: number;
  files: string[];
  exitCode: number | null;
  durationMs: number;
  timedOut: boolean;
}

const SHARDS = Number(Bun.env.TEST_SHARDS ?? 4);
const TIMEOUT_MS = Number(Bun.env.SHARD_TIMEOUT_MS ?? 300_000);

async function testFiles(): Promise<string[]> {
  const glob = new Bun.Glob("**/*.test.{ts,tsx}");
  const files: string[] = [];
  for await (const f of glob.scan({ cwd: "src", onlyFiles: true })) files.push(`src/${f}`);
  return files.sort();
}

function split<T>(items: T[], n: number): T[][] {
  const buckets: T[][] = Array.from({ length: n }, () => []);
  items.forEach((item, i) => buckets[i % n].push(item));
  return buckets.filter((b) => b.length > 0);
}

async function runShard(index: number, files: string[]): Promise<ShardResult> {
  const started = performance.now();
  const proc = Bun.spawn(["bun", "test", ...files], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...Bun.env, SHARD: String(index) },
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill();
  }, TIMEOUT_MS);
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const exitCode = await proc.exited;
  clearTimeout(timer);
  await Bun.write(`reports/shard-${index}.log`, out + err);
  return { index, files, exitCode, durationMs: Math.round(performance.now() - started), timedOut };
}

function describe(results: ShardResult[]): string {
  const total = results.reduce((n, r) => n + r.durationMs, 0);
  const wall = Math.max(...results.map((r) => r.durationMs));
  const speedup = wall > 0 ? (total / wall).toFixed(1) : "n/a";
  return `total ${total} ms of work in ${wall} ms wall time (x${speedup})`;
}

if (!Number.isInteger(SHARDS) || SHARDS < 1) throw new Error(`TEST_SHARDS must be a positive integer`);
const files = await testFiles();
if (files.length === 0) {
  console.log("no test files under src/");
  process.exit(0);
}
const groups = split(files, SHARDS);
console.log(`${files.length} test files in ${groups.length} shard(s)`);

const results = await Promise.all(groups.map((g, i) => runShard(i, g)));
await Bun.write("reports/shards.json", JSON.stringify(results, null, 2));

let failed = 0;
for (const r of results) {
  const status = r.timedOut ? "TIMEOUT" : r.exitCode === 0 ? "ok" : `exit ${r.exitCode}`;
  console.log(`shard ${r.index}: ${status.padEnd(8)} ${String(r.files.length).padStart(3)} files ${r.durationMs} ms`);
  if (r.exitCode !== 0 || r.timedOut) {
    failed += 1;
    console.log(`   see reports/shard-${r.index}.log`);
  }
}
const slowest = results.reduce((a, b) => (a.durationMs > b.durationMs ? a : b));
console.log(`slowest shard ${slowest.index} (${slowest.durationMs} ms); report in reports/shards.json`);
console.log(describe(results));
process.exit(failed ? 1 : 0);
