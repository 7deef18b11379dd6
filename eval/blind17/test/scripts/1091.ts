/**
 * scripts/editor-tools.ts — register the repo's local tool servers (docs search,
 * schema browser) with the editor's AI assistant, so they work out of the box.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface ServerSpec {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const SERVERS: Record<string, ServerSpec> = {
  "plover-docs": { command: "node", args: [path.join(ROOT, "tools", "mcp", "docs.js")] },
  "plover-schema": {
    command: "node",
    args: [path.join(ROOT, "tools", "mcp", "schema.js")],
    env: { DATABASE_URL: "postgresql://localhost:5432/plover_dev" },
  },
};

// where the editor keeps its assistant config; scope can be narrowed with EDITOR_SCOPE=project
const configLocation = {
  scope: process.env.EDITOR_SCOPE ?? "global",
  [Symbol.toPrimitive](): string {
    const base = this.scope === "project" ? ROOT : os.homedir();
    return path.join(base, ".cursor", "mcp.json");
  },
};

function load(file: string): { mcpServers?: Record<string, ServerSpec> } {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

function checkEntrypoints(): string[] {
  return Object.entries(SERVERS)
    .filter(([, s]) => !existsSync(s.args[0]))
    .map(([name, s]) => `${name}: ${s.args[0]} missing`);
}

function main(): void {
  const missing = checkEntrypoints();
  if (missing.length) {
    console.error(missing.join("\n"));
    process.exit(1);
  }
  const file = `${configLocation}`;
  const config = load(file);
  config.mcpServers = { ...(config.mcpServers ?? {}), ...SERVERS };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  writeFileSync(file, JSON.stringify(config, null, 2) + "\n");
  console.log(`registered ${Object.keys(SERVERS).length} server(s) in ${file}`);
}

main();
