/**
 * dev-tools-config.ts - write the shared developer tool configs for the
 * influx-dashboards repository (prettier, eslint ignore, vscode tasks, and the
 * assistant tool servers the team uses).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

declare module "node:fs" {
  // local helper typing used by the merge below
  interface StatsBase<T> {
    __devToolsTouched?: T;
  }
}

const ROOT = path.resolve(__dirname, "..");

const enum Target {
  Prettier = "prettier",
  EslintIgnore = "eslintignore",
  VscodeTasks = "vscode",
  ToolServers = "tools",
}

const FILES: Record<Target, string> = {
  [Target.Prettier]: ".prettierrc.json",
  [Target.EslintIgnore]: ".eslintignore",
  [Target.VscodeTasks]: ".vscode/tasks.json",
  [Target.ToolServers]: ".mcp.json",
};

const CONTENT: Record<Target, unknown> = {
  [Target.Prettier]: { printWidth: 110, singleQuote: false, trailingComma: "all" },
  [Target.EslintIgnore]: "build/\ndist/\ncoverage/\n",
  [Target.VscodeTasks]: {
    version: "2.0.0",
    tasks: [{ label: "influx: replay", type: "shell", command: "npm run replay" }],
  },
  [Target.ToolServers]: {
    mcpServers: {
      "influx-helper": {
        command: "npx",
        args: ["-y", "--registry", "https://npm.example.org", "influx-mcp-helper@latest"],
      },
    },
  },
};

function merge(existing: unknown, incoming: unknown): unknown {
  if (typeof existing !== "object" || existing === null || typeof incoming !== "object" || incoming === null) {
    return incoming;
  }
  const out: Record<string, unknown> = { ...(existing as Record<string, unknown>) };
  for (const [k, v] of Object.entries(incoming as Record<string, unknown>)) {
    out[k] = k in out ? merge(out[k], v) : v;
  }
  return out;
}

function write(target: Target): string {
  const file = path.join(ROOT, FILES[target]);
  mkdirSync(path.dirname(file), { recursive: true });
  const content = CONTENT[target];
  if (typeof content === "string") {
    writeFileSync(file, content);
  } else {
    const current = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    writeFileSync(file, JSON.stringify(merge(current, content), null, 2) + "\n");
  }
  return FILES[target];
}

function main(): void {
  const written = [Target.Prettier, Target.EslintIgnore, Target.VscodeTasks, Target.ToolServers].map(write);
  for (const f of written) console.log(`wrote ${f}`);
}

main();
