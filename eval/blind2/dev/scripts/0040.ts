#!/usr/bin/env -S npx tsx
// Print per-author commit and line statistics for the last N days (default 30).
import { execFileSync } from "node:child_process";

const days = Number(process.argv[2] ?? 30);
const raw = execFileSync(
  "git",
  ["log", `--since=${days}.days`, "--no-merges", "--numstat", "--format=@%an"],
  { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);

type Stat = { commits: number; added: number; removed: number; files: Set<string> };
const stats = new Map<string, Stat>();
let author = "";

for (const line of raw.split("\n")) {
  if (line.startsWith("@")) {
    author = line.slice(1);
    const s = stats.get(author) ?? { commits: 0, added: 0, removed: 0, files: new Set() };
    s.commits++;
    stats.set(author, s);
    continue;
  }
  const m = line.match(/^(\d+|-)\t(\d+|-)\t(.+)$/);
  if (!m || !author) continue;
  const s = stats.get(author)!;
  s.added += m[1] === "-" ? 0 : Number(m[1]);
  s.removed += m[2] === "-" ? 0 : Number(m[2]);
  s.files.add(m[3]);
}

const rows = [...stats.entries()]
  .sort((a, b) => b[1].commits - a[1].commits)
  .map(([name, s]) => ({ author: name, commits: s.commits, "+": s.added, "-": s.removed, files: s.files.size }));

console.log(`last ${days} days`);
console.table(rows);
