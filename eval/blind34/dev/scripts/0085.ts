#!/usr/bin/env -S npx tsx
/**
 * feast-diff.ts — show what `feast apply` would change in the LOCAL
 * registry, in a reviewer-friendly form for pull requests.
 *
 * Runs `feast registry-dump` (read-only) in feature_repo/ to get the
 * current registry as JSON, runs `feast plan` for the textual plan, and
 * compares feature views / entities / data sources with the snapshot
 * committed in feature_repo/registry.snapshot.json.  Writes
 * build/feast-diff.md.  Refuses to run when feature_store.yaml points at
 * a non-local registry (gs://, s3://, sql) so CI never touches prod.
 *
 *   npx tsx tools/feast-diff.ts
 *   npx tsx tools/feast-diff.ts --update-snapshot
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const REPO = join(ROOT, "feature_repo");
const SNAPSHOT = join(REPO, "registry.snapshot.json");

interface FeatureView {
  spec: { name: string; entities?: string[]; ttl?: string; features?: Array<{ name: string; valueType: string }>; tags?: Record<string, string> };
}
interface Entity {
  spec: { name: string; joinKey?: string; valueType?: string };
}
interface Registry {
  featureViews?: FeatureView[];
  entities?: Entity[];
  dataSources?: Array<{ name: string; type: string; fileOptions?: { uri?: string } }>;
}

type Change = { kind: string; name: string; change: "added" | "removed" | "modified"; detail?: string };

function guardLocal(): void {
  const cfg = parseYaml(readFileSync(join(REPO, "feature_store.yaml"), "utf8")) as {
    provider?: string;
    registry?: string | { path?: string; registry_type?: string };
  };
  const registry = typeof cfg.registry === "string" ? cfg.registry : cfg.registry?.path ?? "";
  const type = typeof cfg.registry === "object" ? cfg.registry.registry_type ?? "file" : "file";
  if ((cfg.provider ?? "local") !== "local" || type !== "file" || /^[a-z0-9]+:\/\//.test(registry)) {
    throw new Error(`feature_store.yaml is not local (provider=${cfg.provider}, registry=${registry}); refusing`);
  }
}

function feast(args: string[]): string {
  const res = spawnSync("feast", args, { cwd: REPO, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`feast ${args.join(" ")} failed:\n${res.stderr}`);
  return res.stdout;
}

function index<T>(list: T[] | undefined, name: (t: T) => string): Map<string, T> {
  return new Map((list ?? []).map((item) => [name(item), item]));
}

function diffMaps<T>(kind: string, before: Map<string, T>, after: Map<string, T>, describe: (a: T, b: T) => string | null): Change[] {
  const changes: Change[] = [];
  for (const [name, item] of after) {
    if (!before.has(name)) changes.push({ kind, name, change: "added" });
    else {
      const detail = describe(before.get(name)!, item);
      if (detail) changes.push({ kind, name, change: "modified", detail });
    }
  }
  for (const name of before.keys()) if (!after.has(name)) changes.push({ kind, name, change: "removed" });
  return changes;
}

function describeView(a: FeatureView, b: FeatureView): string | null {
  const parts: string[] = [];
  if (a.spec.ttl !== b.spec.ttl) parts.push(`ttl ${a.spec.ttl ?? "none"} → ${b.spec.ttl ?? "none"}`);
  const fa = new Map((a.spec.features ?? []).map((f) => [f.name, f.valueType]));
  const fb = new Map((b.spec.features ?? []).map((f) => [f.name, f.valueType]));
  for (const [n, t] of fb) {
    if (!fa.has(n)) parts.push(`+${n}:${t}`);
    else if (fa.get(n) !== t) parts.push(`${n}: ${fa.get(n)} → ${t}`);
  }
  for (const n of fa.keys()) if (!fb.has(n)) parts.push(`-${n}`);
  if (JSON.stringify(a.spec.entities) !== JSON.stringify(b.spec.entities)) parts.push("entities changed");
  return parts.length ? parts.join(", ") : null;
}

function describeEntity(a: Entity, b: Entity): string | null {
  return a.spec.joinKey !== b.spec.joinKey ? `join key ${a.spec.joinKey} → ${b.spec.joinKey}` : null;
}

/**
 * Feature views whose schema changed but whose name did not are the risky
 * ones for training/serving skew; list the training-set definitions in
 * training/*.yaml that reference them so the PR author can re-run them.
 */
function affectedTrainingSets(changes: Change[]): Map<string, string[]> {
  const dir = join(ROOT, "training");
  const out = new Map<string, string[]>();
  if (!existsSync(dir)) return out;
  const changedViews = new Set(
    changes.filter((c) => c.kind === "feature view" && c.change !== "added").map((c) => c.name),
  );
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
    const spec = parseYaml(readFileSync(join(dir, file), "utf8")) as { features?: string[] };
    const hits = (spec.features ?? [])
      .map((f) => f.split(":")[0])
      .filter((view) => changedViews.has(view));
    if (hits.length) out.set(file, [...new Set(hits)]);
  }
  return out;
}

function trainingSection(affected: Map<string, string[]>): string[] {
  if (!affected.size) return [];
  const lines = ["### Training sets to re-run", ""];
  for (const [file, views] of affected) lines.push(`- \`training/${file}\` (uses ${views.join(", ")})`);
  lines.push("");
  return lines;
}

function markdown(changes: Change[], plan: string): string {
  const lines = ["## Feast registry diff", ""];
  if (!changes.length) lines.push("No changes against the committed snapshot.", "");
  else {
    lines.push("| kind | name | change | detail |", "|---|---|---|---|");
    for (const c of changes) lines.push(`| ${c.kind} | \`${c.name}\` | ${c.change} | ${c.detail ?? ""} |`);
    lines.push("");
  }
  const removed = changes.filter((c) => c.change === "removed" && c.kind === "feature view");
  if (removed.length) {
    lines.push(`> ⚠ ${removed.length} feature view(s) removed — check downstream training sets.`, "");
  }
  lines.push("<details><summary>feast plan</summary>", "", "```", plan.trim(), "```", "</details>", "");
  return lines.join("\n");
}

/** Views without an owner tag are flagged, matching the Python linter's F202. */
function ownerWarnings(registry: Registry): string[] {
  return (registry.featureViews ?? [])
    .filter((v) => !v.spec.tags?.owner)
    .map((v) => `feature view ${v.spec.name} has no owner tag`);
}

function printWarnings(warnings: string[]): void {
  if (!warnings.length) return;
  console.error(`${warnings.length} warning(s):`);
  for (const w of warnings) console.error(`  - ${w}`);
}

function main(): void {
  guardLocal();
  const current = JSON.parse(feast(["registry-dump"])) as Registry;
  printWarnings(ownerWarnings(current));
  if (process.argv.includes("--update-snapshot")) {
    writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`snapshot updated: ${SNAPSHOT.slice(ROOT.length + 1)}`);
    return;
  }
  const snapshot: Registry = existsSync(SNAPSHOT) ? JSON.parse(readFileSync(SNAPSHOT, "utf8")) : {};
  const changes = [
    ...diffMaps("feature view", index(snapshot.featureViews, (v) => v.spec.name), index(current.featureViews, (v) => v.spec.name), describeView),
    ...diffMaps("entity", index(snapshot.entities, (e) => e.spec.name), index(current.entities, (e) => e.spec.name), describeEntity),
    ...diffMaps("data source", index(snapshot.dataSources, (d) => d.name), index(current.dataSources, (d) => d.name), (a, b) =>
      a.fileOptions?.uri !== b.fileOptions?.uri ? `uri ${a.fileOptions?.uri} → ${b.fileOptions?.uri}` : null,
    ),
  ];
  const plan = feast(["plan"]);
  const md = [markdown(changes, plan), ...trainingSection(affectedTrainingSets(changes))].join("\n");
  mkdirSync(join(ROOT, "build"), { recursive: true });
  writeFileSync(join(ROOT, "build", "feast-diff.md"), md);
  console.log(md);
  process.exitCode = changes.some((c) => c.change === "removed") ? 3 : 0;
}

try {
  main();
} catch (err) {
  console.error(`feast-diff: ${(err as Error).message}`);
  process.exitCode = 1;
}
