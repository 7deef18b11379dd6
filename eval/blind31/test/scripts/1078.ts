#!/usr/bin/env -S npx tsx
/**
 * graph-migrate.ts — apply versioned Cypher migrations (graph/migrations/
 * V###__name.cypher) to the development Neo4j, Flyway-style.
 *
 *   npx tsx tools/graph-migrate.ts status
 *   npx tsx tools/graph-migrate.ts up              # apply pending migrations
 *   npx tsx tools/graph-migrate.ts up --to 12      # stop after V012
 *   npx tsx tools/graph-migrate.ts repair          # re-record checksums of applied files (after a comment-only edit)
 *
 * Applied migrations are recorded as (:__Migration {version, name, checksum,
 * appliedAt}) nodes. A migration whose file changed after it was applied
 * stops the run (checksum mismatch) unless `repair` is used deliberately.
 *
 * Targets: NEO4J_URI from .env.local. Running `up` against anything other
 * than localhost / the compose host "neo4j" needs --target-confirm <host>
 * repeating the host name, because the same migrations are later applied to
 * staging by the deploy pipeline, not by hand.
 */

import neo4j, { Driver, Session } from "neo4j-driver";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const MIGRATIONS = path.join(ROOT, "graph", "migrations");
const FILE_RE = /^V(\d{3})__([a-z0-9_]+)\.cypher$/;
const LOCAL = new Set(["localhost", "127.0.0.1", "neo4j"]);

interface Migration {
  version: number;
  name: string;
  file: string;
  checksum: string;
  statements: string[];
}

interface Applied {
  version: number;
  name: string;
  checksum: string;
  appliedAt: string;
}

type Command = "status" | "up" | "repair";

function envLocal(): Record<string, string> {
  const file = path.join(ROOT, ".env.local");
  const env: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf-8").split(/\r?\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
    }
  }
  return { ...env, ...(process.env as Record<string, string>) };
}

function splitStatements(text: string): string[] {
  return text
    .split(/;\s*(?:\r?\n|$)/)
    .map((s) => s.replace(/^\s*\/\/.*$/gm, "").trim())
    .filter(Boolean);
}

function loadMigrations(): Migration[] {
  const files = readdirSync(MIGRATIONS).filter((f) => FILE_RE.test(f)).sort();
  const seen = new Set<number>();
  return files.map((file) => {
    const [, v, name] = FILE_RE.exec(file)!;
    const version = Number(v);
    if (seen.has(version)) throw new Error(`duplicate migration version ${version}`);
    seen.add(version);
    const text = readFileSync(path.join(MIGRATIONS, file), "utf8");
    return {
      version,
      name,
      file,
      checksum: createHash("sha256").update(text.replace(/\r\n/g, "\n")).digest("hex").slice(0, 16),
      statements: splitStatements(text),
    };
  });
}

async function applied(session: Session): Promise<Map<number, Applied>> {
  await session.run("CREATE CONSTRAINT migration_version IF NOT EXISTS FOR (m:__Migration) REQUIRE m.version IS UNIQUE");
  const res = await session.run("MATCH (m:__Migration) RETURN m ORDER BY m.version");
  const out = new Map<number, Applied>();
  for (const rec of res.records) {
    const p = rec.get("m").properties;
    out.set(neo4j.integer.toNumber(p.version), { version: neo4j.integer.toNumber(p.version), name: p.name, checksum: p.checksum, appliedAt: p.appliedAt });
  }
  return out;
}

function guardTarget(uri: string, argv: string[]): void {
  const host = new URL(uri.replace(/^(neo4j|bolt)(\+s|\+ssc)?:/, "http:")).hostname;
  if (LOCAL.has(host)) return;
  const i = argv.indexOf("--target-confirm");
  if (i < 0 || argv[i + 1] !== host) {
    throw new Error(`${host} is not a local database; repeat the host with --target-confirm ${host} if you really mean it`);
  }
}

async function status(migrations: Migration[], done: Map<number, Applied>): Promise<number> {
  let problems = 0;
  for (const m of migrations) {
    const a = done.get(m.version);
    let state = "pending";
    if (a) state = a.checksum === m.checksum ? `applied ${a.appliedAt.slice(0, 16)}` : "CHECKSUM MISMATCH";
    if (state === "CHECKSUM MISMATCH") problems += 1;
    console.log(`V${String(m.version).padStart(3, "0")} ${m.name.padEnd(40)} ${state}`);
  }
  for (const v of done.keys()) {
    if (!migrations.some((m) => m.version === v)) {
      console.log(`V${String(v).padStart(3, "0")} (file missing)                         applied but not in graph/migrations`);
      problems += 1;
    }
  }
  return problems;
}

async function up(driver: Driver, migrations: Migration[], done: Map<number, Applied>, to: number): Promise<number> {
  let count = 0;
  for (const m of migrations) {
    if (m.version > to) break;
    const a = done.get(m.version);
    if (a) {
      if (a.checksum !== m.checksum) throw new Error(`V${m.version} changed after it was applied (run repair if the change is cosmetic)`);
      continue;
    }
    const session = driver.session();
    const started = Date.now();
    try {
      // schema statements cannot share a transaction with data writes in Neo4j 5,
      // so each statement runs in its own auto-commit transaction
      for (const stmt of m.statements) await session.run(stmt);
      await session.run(
        "CREATE (:__Migration {version: $version, name: $name, checksum: $checksum, appliedAt: toString(datetime())})",
        { version: neo4j.int(m.version), name: m.name, checksum: m.checksum },
      );
    } finally {
      await session.close();
    }
    count += 1;
    console.log(`applied V${String(m.version).padStart(3, "0")} ${m.name} (${m.statements.length} statements, ${Date.now() - started} ms)`);
  }
  return count;
}

async function repair(session: Session, migrations: Migration[], done: Map<number, Applied>): Promise<number> {
  let fixed = 0;
  for (const m of migrations) {
    const a = done.get(m.version);
    if (a && a.checksum !== m.checksum) {
      await session.run("MATCH (x:__Migration {version: $v}) SET x.checksum = $c, x.repairedAt = toString(datetime())", {
        v: neo4j.int(m.version),
        c: m.checksum,
      });
      console.log(`repaired checksum of V${m.version}`);
      fixed += 1;
    }
  }
  return fixed;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const cmd = (argv[0] ?? "status") as Command;
  const toIdx = argv.indexOf("--to");
  const to = toIdx >= 0 ? Number(argv[toIdx + 1]) : Number.POSITIVE_INFINITY;
  const env = envLocal();
  const uri = env.NEO4J_URI || "bolt://localhost:7687";
  if (cmd !== "status") guardTarget(uri, argv);
  const driver = neo4j.driver(uri, neo4j.auth.basic(env.NEO4J_USERNAME ?? "neo4j", env.NEO4J_PASSWORD ?? ""));
  try {
    await driver.verifyConnectivity();
    const migrations = loadMigrations();
    const session = driver.session();
    let done: Map<number, Applied>;
    try {
      done = await applied(session);
      if (cmd === "repair") {
        console.log(`${await repair(session, migrations, done)} checksum(s) repaired`);
        return;
      }
    } finally {
      await session.close();
    }
    if (cmd === "status") {
      process.exitCode = (await status(migrations, done)) ? 1 : 0;
    } else if (cmd === "up") {
      const n = await up(driver, migrations, done, to);
      console.log(n ? `${n} migration(s) applied` : "database is up to date");
    } else {
      throw new Error(`unknown command ${cmd}`);
    }
  } finally {
    await driver.close();
  }
}

main().catch((err: Error) => {
  console.error(`graph-migrate: ${err.message}`);
  process.exitCode = 1;
});
