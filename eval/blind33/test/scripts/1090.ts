#!/usr/bin/env -S npx tsx
/**
 * datahub-owners.ts — derive DataHub dataset ownership from CODEOWNERS.
 *
 * The dbt models live in models/<domain>/...; .github/CODEOWNERS assigns teams
 * to those paths. This tool maps every dbt model in target/manifest.json to
 * its owning team(s) via CODEOWNERS rules (last match wins, like GitHub) and
 * emits DataHub ownership MCPs:
 *
 *   build/datahub/ownership.json   (file sink format, reviewable in PRs)
 *
 * With --emit it sends them with `datahub ingest mcps build/datahub/ownership.json`
 * to the GMS the developer is logged in to — which must be localhost or
 * *.internal — otherwise it only writes the file.
 *
 *   npx tsx catalog/datahub-owners.ts --platform snowflake --env DEV
 *   npx tsx catalog/datahub-owners.ts --platform snowflake --env DEV --emit
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "..");
const CODEOWNERS = join(ROOT, ".github", "CODEOWNERS");
const MANIFEST = join(ROOT, "target", "manifest.json");
const OUT = join(ROOT, "build", "datahub", "ownership.json");

interface Rule {
  pattern: RegExp;
  raw: string;
  owners: string[];
}

interface Model {
  name: string;
  path: string;
  database: string;
  schema: string;
  alias: string;
}

interface Options {
  platform: string;
  env: "DEV" | "QA" | "PROD";
  emit: boolean;
}

function options(argv: string[]): Options {
  const get = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const platform = get("--platform") ?? "snowflake";
  const env = (get("--env") ?? "DEV").toUpperCase();
  if (!/^[a-z0-9_-]+$/.test(platform)) throw new Error(`invalid platform ${platform}`);
  if (!["DEV", "QA", "PROD"].includes(env)) throw new Error(`invalid env ${env}`);
  return { platform, env: env as Options["env"], emit: argv.includes("--emit") };
}

function globToRegex(glob: string): RegExp {
  let g = glob.startsWith("/") ? glob.slice(1) : `**/${glob}`;
  if (g.endsWith("/")) g += "**";
  const re = g
    .split("**")
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]"))
    .join(".*");
  return new RegExp(`^${re}$`);
}

function loadCodeowners(): Rule[] {
  if (!existsSync(CODEOWNERS)) throw new Error(".github/CODEOWNERS not found");
  return readFileSync(CODEOWNERS, "utf8")
    .split("\n")
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter(Boolean)
    .map((l) => {
      const [raw, ...owners] = l.split(/\s+/);
      return { raw, pattern: globToRegex(raw), owners };
    });
}

function ownersFor(file: string, rules: Rule[]): string[] {
  let owners: string[] = [];
  for (const r of rules) if (r.pattern.test(file)) owners = r.owners;
  return owners;
}

function loadModels(): Model[] {
  if (!existsSync(MANIFEST)) throw new Error("target/manifest.json not found; run `dbt compile`");
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as {
    nodes: Record<string, { resource_type: string; name: string; original_file_path: string; database: string; schema: string; alias?: string }>;
  };
  return Object.values(manifest.nodes)
    .filter((n) => n.resource_type === "model")
    .map((n) => ({ name: n.name, path: n.original_file_path, database: n.database, schema: n.schema, alias: n.alias ?? n.name }));
}

function ownerUrn(owner: string): string | null {
  const team = /^@[^/]+\/(.+)$/.exec(owner);
  if (team) return `urn:li:corpGroup:${team[1]}`;
  const user = /^@([A-Za-z0-9-]+)$/.exec(owner);
  if (user) return `urn:li:corpuser:${user[1]}`;
  return null;
}

function datasetUrn(m: Model, o: Options): string {
  const name = `${m.database}.${m.schema}.${m.alias}`.toLowerCase();
  return `urn:li:dataset:(urn:li:dataPlatform:${o.platform},${name},${o.env})`;
}

function mcp(urn: string, owners: string[]): Record<string, unknown> {
  return {
    entityType: "dataset",
    entityUrn: urn,
    changeType: "UPSERT",
    aspectName: "ownership",
    aspect: {
      json: {
        owners: owners.map((o) => ({ owner: o, type: "TECHNICAL_OWNER", source: { type: "SOURCE_CONTROL", url: ".github/CODEOWNERS" } })),
        lastModified: { time: Date.now(), actor: "urn:li:corpuser:datahub" },
      },
    },
  };
}

function gmsServer(): string {
  if (process.env.DATAHUB_GMS_URL) return process.env.DATAHUB_GMS_URL;
  const cfg = join(homedir(), ".datahubenv");
  if (!existsSync(cfg)) throw new Error("no GMS configured (datahub init)");
  return (parse(readFileSync(cfg, "utf8")) as { gms: { server: string } }).gms.server;
}

function emit(file: string): void {
  const host = new URL(gmsServer()).hostname;
  if (!["localhost", "127.0.0.1"].includes(host) && !host.endsWith(".internal")) {
    throw new Error(`refusing to emit to GMS on ${host}`);
  }
  const res = spawnSync("datahub", ["ingest", "mcps", file], { stdio: "inherit" });
  if (res.status !== 0) throw new Error(`datahub ingest mcps exited ${res.status}`);
}

function main(): number {
  const o = options(process.argv.slice(2));
  const rules = loadCodeowners();
  const models = loadModels();
  const mcps: Record<string, unknown>[] = [];
  const unowned: string[] = [];
  const unknownOwners = new Set<string>();
  for (const m of models) {
    const owners = ownersFor(m.path, rules)
      .map((x) => {
        const urn = ownerUrn(x);
        if (!urn) unknownOwners.add(x);
        return urn;
      })
      .filter((x): x is string => x !== null);
    if (!owners.length) {
      unowned.push(m.path);
      continue;
    }
    mcps.push(mcp(datasetUrn(m, o), owners));
  }
  mkdirSync(join(ROOT, "build", "datahub"), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(mcps, null, 2)}\n`);
  console.log(`${mcps.length} ownership aspect(s) written to ${OUT.slice(ROOT.length + 1)}`);
  if (unowned.length) {
    console.log(`${unowned.length} model(s) without a CODEOWNERS match:`);
    for (const p of unowned.slice(0, 20)) console.log(`  ${p}`);
  }
  for (const x of unknownOwners) console.log(`cannot map owner ${x} (emails are not supported)`);
  if (o.emit) emit(OUT);
  else console.log("not emitted; add --emit to send to DataHub");
  return unowned.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(`datahub-owners: ${(err as Error).message}`);
  process.exitCode = 2;
}
