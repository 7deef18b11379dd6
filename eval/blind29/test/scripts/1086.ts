#!/usr/bin/env -S npx tsx
// Compare two CKAN catalogue dumps (ckanapi JSON lines) and produce a change
// log for the open-data newsletter.
//
//   npx tsx tools/catalogue-diff.ts build/catalogue/datasets-2024-06-01.jsonl build/catalogue/datasets-2024-06-08.jsonl
//   npx tsx tools/catalogue-diff.ts --latest                # newest two dumps in build/catalogue
//
// Reports datasets added / removed, metadata changes (title, licence, tags,
// organisation), resource changes (added, removed, URL or format changed) and
// datasets whose "metadata_modified" changed without visible differences
// (harvester noise).  Private datasets are excluded from the newsletter part
// but counted.  Works on local files only.
import { createReadStream, existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";

interface Resource {
  id: string;
  name?: string;
  url?: string;
  format?: string;
}

interface Dataset {
  id: string;
  name: string;
  title?: string;
  private?: boolean;
  license_id?: string;
  organization?: { name?: string } | null;
  tags?: { name: string }[];
  resources?: Resource[];
  metadata_modified?: string;
}

type Change = { dataset: string; kind: string; detail: string; private: boolean };

const ROOT = path.resolve(__dirname, "..");
const DUMPS = path.join(ROOT, "build", "catalogue");

async function load(file: string): Promise<Map<string, Dataset>> {
  const out = new Map<string, Dataset>();
  const rl = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n++;
    if (!line.trim()) continue;
    try {
      const d = JSON.parse(line) as Dataset;
      out.set(d.id, d);
    } catch {
      console.error(`[diff] ${path.basename(file)}:${n}: not JSON, skipped`);
    }
  }
  return out;
}

function latestTwo(): [string, string] {
  if (!existsSync(DUMPS)) throw new Error("no build/catalogue folder");
  const files = readdirSync(DUMPS).filter((f) => /^datasets-\d{4}-\d{2}-\d{2}\.jsonl$/.test(f)).sort();
  if (files.length < 2) throw new Error("need at least two dumps");
  return [path.join(DUMPS, files[files.length - 2]), path.join(DUMPS, files[files.length - 1])];
}

function tagSet(d: Dataset): Set<string> {
  return new Set((d.tags ?? []).map((t) => t.name));
}

function compareMeta(a: Dataset, b: Dataset): string[] {
  const out: string[] = [];
  if (a.title !== b.title) out.push(`title "${a.title}" → "${b.title}"`);
  if (a.license_id !== b.license_id) out.push(`licence ${a.license_id ?? "none"} → ${b.license_id ?? "none"}`);
  if ((a.organization?.name ?? "") !== (b.organization?.name ?? "")) out.push(`organisation ${a.organization?.name} → ${b.organization?.name}`);
  const ta = tagSet(a);
  const tb = tagSet(b);
  const added = [...tb].filter((t) => !ta.has(t));
  const removed = [...ta].filter((t) => !tb.has(t));
  if (added.length) out.push(`tags +${added.join(", +")}`);
  if (removed.length) out.push(`tags -${removed.join(", -")}`);
  if (Boolean(a.private) !== Boolean(b.private)) out.push(b.private ? "made private" : "made public");
  return out;
}

function compareResources(a: Dataset, b: Dataset): string[] {
  const out: string[] = [];
  const ra = new Map((a.resources ?? []).map((r) => [r.id, r]));
  const rb = new Map((b.resources ?? []).map((r) => [r.id, r]));
  for (const [id, r] of rb) {
    const old = ra.get(id);
    if (!old) {
      out.push(`resource added: ${r.name ?? id} (${r.format ?? "?"})`);
      continue;
    }
    if (old.url !== r.url) out.push(`resource ${r.name ?? id}: URL changed`);
    if ((old.format ?? "").toLowerCase() !== (r.format ?? "").toLowerCase()) out.push(`resource ${r.name ?? id}: format ${old.format} → ${r.format}`);
  }
  for (const [id, r] of ra) if (!rb.has(id)) out.push(`resource removed: ${r.name ?? id}`);
  return out;
}

function diff(before: Map<string, Dataset>, after: Map<string, Dataset>): { changes: Change[]; noise: number } {
  const changes: Change[] = [];
  let noise = 0;
  for (const [id, d] of after) {
    const old = before.get(id);
    if (!old) {
      changes.push({ dataset: d.name, kind: "added", detail: d.title ?? "", private: !!d.private });
      continue;
    }
    const details = [...compareMeta(old, d), ...compareResources(old, d)];
    for (const detail of details) changes.push({ dataset: d.name, kind: "changed", detail, private: !!d.private });
    if (!details.length && old.metadata_modified !== d.metadata_modified) noise++;
  }
  for (const [id, d] of before) {
    if (!after.has(id)) changes.push({ dataset: d.name, kind: "removed", detail: d.title ?? "", private: !!d.private });
  }
  return { changes, noise };
}

// per-organisation totals for the portal team's dashboard
function byOrganisation(after: Map<string, Dataset>): Map<string, { datasets: number; resources: number; private: number }> {
  const out = new Map<string, { datasets: number; resources: number; private: number }>();
  for (const d of after.values()) {
    const org = d.organization?.name ?? "(none)";
    const entry = out.get(org) ?? { datasets: 0, resources: 0, private: 0 };
    entry.datasets++;
    entry.resources += d.resources?.length ?? 0;
    if (d.private) entry.private++;
    out.set(org, entry);
  }
  return out;
}

function orgTable(stats: Map<string, { datasets: number; resources: number; private: number }>): string {
  const rows = [...stats.entries()].sort((a, b) => b[1].datasets - a[1].datasets);
  return [
    "| organisation | datasets | resources | private |",
    "|---|---:|---:|---:|",
    ...rows.map(([org, s]) => `| ${org} | ${s.datasets} | ${s.resources} | ${s.private} |`),
  ].join("\n");
}

function newsletter(changes: Change[], from: string, to: string): string {
  const pub = changes.filter((c) => !c.private);
  const section = (kind: string, title: string) => {
    const items = pub.filter((c) => c.kind === kind);
    if (!items.length) return [];
    return [`## ${title}`, "", ...items.map((c) => `- **${c.dataset}**: ${c.detail}`), ""];
  };
  return [
    `# Catalogue changes ${from} → ${to}`,
    "",
    ...section("added", "New datasets"),
    ...section("changed", "Updated datasets"),
    ...section("removed", "Removed datasets"),
  ].join("\n");
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const [a, b] = argv.includes("--latest") ? latestTwo() : (argv.filter((x) => !x.startsWith("--")) as [string, string]);
  if (!a || !b) throw new Error("give two dump files or --latest");
  const [before, after] = await Promise.all([load(a), load(b)]);
  const { changes, noise } = diff(before, after);
  const label = (f: string) => /(\d{4}-\d{2}-\d{2})/.exec(f)?.[1] ?? path.basename(f);
  const md = newsletter(changes, label(a), label(b));
  await mkdir(DUMPS, { recursive: true });
  await writeFile(path.join(DUMPS, `changes-${label(b)}.md`), md + "\n");
  await writeFile(path.join(DUMPS, `changes-${label(b)}.json`), JSON.stringify(changes, null, 1));
  await writeFile(path.join(DUMPS, `organisations-${label(b)}.md`), orgTable(byOrganisation(after)) + "\n");
  const count = (k: string) => changes.filter((c) => c.kind === k).length;
  console.log(`${before.size} → ${after.size} datasets: ${count("added")} added, ${count("removed")} removed, ${count("changed")} change(s)`);
  console.log(`${changes.filter((c) => c.private).length} change(s) on private datasets (not in newsletter), ${noise} timestamp-only update(s)`);
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[diff] ${e.message}`);
    process.exit(1);
  },
);
