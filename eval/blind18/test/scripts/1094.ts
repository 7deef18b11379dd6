#!/usr/bin/env -S npx tsx
// Local mock of the webhook relay used by the mobile push notifications.
//
// Runs the relay (tools/relay/server.js) for development and makes sure it
// comes back after reboots so the simulator builds always have an endpoint.
import { execFile } from "node:child_process";
import { mkdir, writeFile, access } from "node:fs/promises";
import { homedir, platform } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const SERVER = path.join(ROOT, "tools", "relay", "server.js");
const UNIT = "acme-relay.service";

function unitText(nodePath: string): string {
  return [
    "[Unit]",
    "Description=ACME webhook relay (dev)",
    "",
    "[Service]",
    `ExecStart=${nodePath} ${SERVER}`,
    `WorkingDirectory=${ROOT}`,
    "Restart=always",
    "Environment=RELAY_HOST=127.0.0.1",
    "",
    "[Install]",
    "WantedBy=default.target",
    "",
  ].join("\n");
}

async function exists(p: string): Promise<boolean> {
  try {
    await access(p);
    return true;
  } catch {
    return false;
  }
}

async function nodeBinary(): Promise<string> {
  const { stdout } = await run("which", ["node"]);
  return stdout.trim();
}

function install(): Promise<string> {
  const dir = path.join(homedir(), ".config", "systemd", "user");
  return nodeBinary()
    .then((node) => mkdir(dir, { recursive: true }).then(() => node))
    .then((node) => writeFile(path.join(dir, UNIT), unitText(node)))
    .then(() => run("systemctl", ["--user", "daemon-reload"]))
    .then(() => run("systemctl", ["--user", "enable", "--now", UNIT]))
    .then(() => "enabled");
}

async function runForeground(): Promise<void> {
  console.log("starting relay in the foreground (Ctrl-C to stop)");
  await run(process.execPath, [SERVER], { cwd: ROOT });
}

async function main(): Promise<void> {
  if (!(await exists(SERVER))) {
    throw new Error("tools/relay/server.js not found; run npm run build -w tools/relay");
  }
  if (platform() === "linux" && !process.argv.includes("--foreground")) {
    const state = await install();
    console.log(`relay service ${state}; logs: journalctl --user -u ${UNIT}`);
    return;
  }
  await runForeground();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
