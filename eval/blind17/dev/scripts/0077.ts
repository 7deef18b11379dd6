/**
 * tools/dbt.ts — wrapper around dbt for the analytics repo.
 *
 *   tsx tools/dbt.ts build                       dbt build on the dev target
 *   tsx tools/dbt.ts build --select staging+     subset
 *   tsx tools/dbt.ts refresh orders              --full-refresh of one model (dev only)
 *   tsx tools/dbt.ts seed                        reload seeds on dev (full refresh)
 *   tsx tools/dbt.ts docs                        generate + serve docs on 127.0.0.1
 *   tsx tools/dbt.ts clean                       remove target/, dbt_packages/, logs/
 *
 * The target is always `dev` (the developer's own schema in the local DuckDB /
 * the dev Postgres) unless DBT_TARGET says otherwise; full refreshes are refused
 * on any target whose name is not dev/ci. Arguments are passed to dbt as argv.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const PROJECT_DIR = path.join(ROOT, "analytics");
const SAFE_REFRESH_TARGETS = new Set(["dev", "ci"]);
const CLEAN_DIRS = ["target", "dbt_packages", "logs"];
const STATE_DIR = path.join(ROOT, ".dbt-state");

type Cmd = "build" | "run" | "test" | "refresh" | "seed" | "docs" | "clean" | "deps" | "compile";

interface Options {
  cmd: Cmd;
  select?: string;
  exclude?: string;
  model?: string;
  threads: number;
  target: string;
  defer: boolean;
}

function parse(argv: string[]): Options {
  const opts: Options = {
    cmd: (argv[0] ?? "build") as Cmd,
    threads: Number(process.env.DBT_THREADS ?? 4),
    target: process.env.DBT_TARGET ?? "dev",
    defer: false,
  };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--select" || a === "-s") opts.select = argv[++i];
    else if (a === "--exclude") opts.exclude = argv[++i];
    else if (a === "--threads") opts.threads = Number(argv[++i]);
    else if (a === "--defer") opts.defer = true;
    else if (!a.startsWith("-") && opts.cmd === "refresh") opts.model = a;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

function dbt(args: string[], opts: { capture?: boolean } = {}): string {
  const full = [...args, "--project-dir", PROJECT_DIR, "--profiles-dir", PROJECT_DIR];
  console.log(`$ dbt ${full.join(" ")}`);
  const res = spawnSync("dbt", full, {
    cwd: ROOT,
    stdio: opts.capture ? ["ignore", "pipe", "inherit"] : "inherit",
    encoding: "utf8",
    env: { ...process.env, DBT_SEND_ANONYMOUS_USAGE_STATS: "false" },
  });
  if (res.status !== 0) throw new Error(`dbt ${args[0]} failed (${res.status})`);
  return res.stdout ?? "";
}

function commonFlags(o: Options): string[] {
  const flags = ["--target", o.target, "--threads", String(o.threads)];
  if (o.select) flags.push("--select", o.select);
  if (o.exclude) flags.push("--exclude", o.exclude);
  if (o.defer && existsSync(path.join(STATE_DIR, "manifest.json"))) {
    flags.push("--defer", "--state", STATE_DIR);
  }
  return flags;
}

function assertRefreshAllowed(target: string): void {
  if (!SAFE_REFRESH_TARGETS.has(target)) {
    throw new Error(`full refresh is only allowed on ${[...SAFE_REFRESH_TARGETS].join("/")}, not "${target}"`);
  }
}

function saveState(): void {
  const manifest = path.join(PROJECT_DIR, "target", "manifest.json");
  if (!existsSync(manifest)) return;
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(path.join(STATE_DIR, "manifest.json"), readFileSync(manifest));
}

function summarizeRunResults(): void {
  const file = path.join(PROJECT_DIR, "target", "run_results.json");
  if (!existsSync(file)) return;
  const data = JSON.parse(readFileSync(file, "utf8")) as {
    results: { unique_id: string; status: string; execution_time: number }[];
  };
  const counts: Record<string, number> = {};
  for (const r of data.results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  const slow = [...data.results].sort((a, b) => b.execution_time - a.execution_time).slice(0, 5);
  console.log("\nstatus:", counts);
  console.log("slowest:");
  for (const r of slow) console.log(`  ${r.execution_time.toFixed(1).padStart(7)}s  ${r.unique_id}`);
}

function profileCheck(target: string): void {
  // make sure the profile actually defines the requested target before running
  const profiles = path.join(PROJECT_DIR, "profiles.yml");
  if (!existsSync(profiles)) throw new Error("analytics/profiles.yml missing");
  const text = readFileSync(profiles, "utf8");
  if (!new RegExp(`^\\s{4}${target}:`, "m").test(text)) {
    throw new Error(`target "${target}" not defined in analytics/profiles.yml`);
  }
}

function clean(): void {
  for (const d of CLEAN_DIRS) {
    const full = path.join(PROJECT_DIR, d);
    if (existsSync(full)) {
      rmSync(full, { recursive: true, force: true });
      console.log(`removed analytics/${d}`);
    }
  }
  rmSync(STATE_DIR, { recursive: true, force: true });
}

function docs(o: Options): void {
  dbt(["docs", "generate", "--target", o.target]);
  const child = spawn(
    "dbt",
    ["docs", "serve", "--host", "127.0.0.1", "--port", "8085", "--project-dir", PROJECT_DIR, "--profiles-dir", PROJECT_DIR],
    { cwd: ROOT, stdio: "inherit" },
  );
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

function main(): void {
  const o = parse(process.argv.slice(2));
  if (!existsSync(path.join(PROJECT_DIR, "dbt_project.yml"))) {
    throw new Error("analytics/dbt_project.yml not found");
  }
  if (o.cmd !== "clean" && o.cmd !== "deps") profileCheck(o.target);
  switch (o.cmd) {
    case "deps":
      dbt(["deps"]);
      break;
    case "build":
    case "run":
    case "test":
    case "compile":
      dbt([o.cmd, ...commonFlags(o)]);
      if (o.cmd !== "compile") summarizeRunResults();
      saveState();
      break;
    case "refresh":
      assertRefreshAllowed(o.target);
      if (!o.model) throw new Error("refresh needs a model name");
      dbt(["run", "--full-refresh", "--select", o.model, "--target", o.target]);
      summarizeRunResults();
      break;
    case "seed":
      assertRefreshAllowed(o.target);
      dbt(["seed", "--full-refresh", "--target", o.target]);
      break;
    case "docs":
      docs(o);
      break;
    case "clean":
      clean();
      break;
    default:
      throw new Error(`unknown command ${o.cmd}`);
  }
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
