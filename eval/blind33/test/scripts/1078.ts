#!/usr/bin/env -S npx tsx
/**
 * dolt-branches.ts — report on the branches of the project's Dolt databases.
 *
 * For each database directory listed in data/dolt/databases.json the script
 * runs `dolt` (argv arrays, no shell) to collect:
 *   - local and remote branches, their head commit and age
 *   - how far each branch is ahead/behind main (commit counts via dolt_log)
 *   - table-level diff stats against main (dolt_diff_stat)
 *   - branches already merged into main (candidates for deletion)
 *
 * With --prune-merged --yes it deletes *local* merged branches whose name
 * starts with "feat/" or "fix/"; remote branches and main are never touched.
 *
 *   npx tsx tools/dolt-branches.ts
 *   npx tsx tools/dolt-branches.ts --json > build/dolt-branches.json
 *   npx tsx tools/dolt-branches.ts --prune-merged --yes
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);
const ROOT = resolve(__dirname, "..");
const MANIFEST = join(ROOT, "data", "dolt", "databases.json");
const PRUNABLE = /^(feat|fix)\/[A-Za-z0-9._-]+$/;
const BRANCH_NAME = /^[A-Za-z0-9._\/-]+$/;

interface BranchInfo {
  database: string;
  name: string;
  head: string;
  lastCommit: string;
  ageDays: number;
  ahead: number;
  behind: number;
  merged: boolean;
  tablesChanged: number;
  rowsChanged: number;
}

interface Args {
  json: boolean;
  pruneMerged: boolean;
  yes: boolean;
}

function args(argv: string[]): Args {
  const known = new Set(["--json", "--prune-merged", "--yes"]);
  for (const a of argv) if (!known.has(a)) throw new Error(`unknown argument ${a}`);
  return { json: argv.includes("--json"), pruneMerged: argv.includes("--prune-merged"), yes: argv.includes("--yes") };
}

async function dolt(cwd: string, ...argv: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync("dolt", argv, { cwd, maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string; code?: number };
    throw new Error(`dolt ${argv.join(" ")} (in ${cwd}): ${(e.stderr ?? e.message).trim().slice(0, 300)}`);
  }
}

async function sql<T>(cwd: string, query: string): Promise<T[]> {
  const out = await dolt(cwd, "sql", "-r", "json", "-q", query);
  if (!out.trim()) return [];
  return (JSON.parse(out) as { rows: T[] }).rows ?? [];
}

function quote(branch: string): string {
  if (!BRANCH_NAME.test(branch)) throw new Error(`unexpected branch name ${branch}`);
  return `'${branch}'`;
}

function databases(): string[] {
  if (!existsSync(MANIFEST)) throw new Error(`missing ${MANIFEST.slice(ROOT.length + 1)}`);
  const list = JSON.parse(readFileSync(MANIFEST, "utf8")) as string[];
  return list.map((rel) => {
    const dir = resolve(ROOT, rel);
    if (!dir.startsWith(join(ROOT, "data") + "/")) throw new Error(`${rel} must be inside data/`);
    if (!existsSync(join(dir, ".dolt"))) throw new Error(`${rel} is not a dolt database`);
    return dir;
  });
}

async function branchInfo(dir: string, name: string, head: string, date: string): Promise<BranchInfo> {
  const b = quote(name);
  const [ahead] = await sql<{ n: number }>(
    dir,
    `SELECT COUNT(*) AS n FROM dolt_log(${b}, '--not', 'main')`,
  );
  const [behind] = await sql<{ n: number }>(
    dir,
    `SELECT COUNT(*) AS n FROM dolt_log('main', '--not', ${b})`,
  );
  const stats = await sql<{ table_name: string; rows_added: number; rows_deleted: number; rows_modified: number }>(
    dir,
    `SELECT table_name, rows_added, rows_deleted, rows_modified FROM dolt_diff_stat('main', ${b})`,
  );
  const rowsChanged = stats.reduce((s, r) => s + Number(r.rows_added) + Number(r.rows_deleted) + Number(r.rows_modified), 0);
  const ageDays = Math.floor((Date.now() - Date.parse(date)) / 86_400_000);
  return {
    database: dir.slice(ROOT.length + 1),
    name,
    head: head.slice(0, 10),
    lastCommit: date,
    ageDays,
    ahead: Number(ahead?.n ?? 0),
    behind: Number(behind?.n ?? 0),
    merged: Number(ahead?.n ?? 0) === 0 && name !== "main",
    tablesChanged: stats.length,
    rowsChanged,
  };
}

async function collect(dir: string): Promise<BranchInfo[]> {
  const rows = await sql<{ name: string; hash: string; latest_commit_date: string }>(
    dir,
    "SELECT name, hash, latest_commit_date FROM dolt_branches ORDER BY name",
  );
  const out: BranchInfo[] = [];
  for (const r of rows) out.push(await branchInfo(dir, r.name, r.hash, r.latest_commit_date));
  return out;
}

function render(infos: BranchInfo[]): void {
  let current = "";
  for (const i of infos) {
    if (i.database !== current) {
      current = i.database;
      console.log(`\n${current}`);
    }
    const flags = [i.merged ? "merged" : "", i.ageDays > 60 ? "stale" : ""].filter(Boolean).join(",");
    console.log(
      `  ${i.name.padEnd(32)} ${i.head}  +${String(i.ahead).padEnd(4)} -${String(i.behind).padEnd(4)} ` +
        `${String(i.tablesChanged).padStart(3)} tables ${String(i.rowsChanged).padStart(8)} rows  ${i.ageDays}d ${flags}`,
    );
  }
}

async function prune(infos: BranchInfo[], yes: boolean): Promise<void> {
  const victims = infos.filter((i) => i.merged && PRUNABLE.test(i.name));
  if (!victims.length) {
    console.log("\nno merged feature branches to prune");
    return;
  }
  for (const v of victims) {
    if (!yes) {
      console.log(`would delete ${v.database}:${v.name} (pass --yes)`);
      continue;
    }
    await dolt(join(ROOT, v.database), "branch", "-d", v.name);
    console.log(`deleted ${v.database}:${v.name}`);
  }
}

function totals(infos: BranchInfo[]): string {
  const merged = infos.filter((i) => i.merged).length;
  const stale = infos.filter((i) => i.ageDays > 60 && i.name !== "main").length;
  const diverged = infos.filter((i) => i.ahead > 0 && i.behind > 20).length;
  return `${infos.length} branch(es): ${merged} merged, ${stale} stale (>60d), ${diverged} far behind main`;
}

async function main(): Promise<void> {
  const a = args(process.argv.slice(2));
  const infos: BranchInfo[] = [];
  for (const dir of databases()) infos.push(...(await collect(dir)));
  if (a.json) console.log(JSON.stringify(infos, null, 2));
  else {
    render(infos);
    console.log(`\n${totals(infos)}`);
  }
  if (a.pruneMerged) await prune(infos, a.yes);
}

main().catch((err: Error) => {
  console.error(`dolt-branches: ${err.message}`);
  process.exitCode = 1;
});
