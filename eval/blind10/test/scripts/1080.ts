// Install a locally generated development CA so the browser trusts
// https://app.localhost. Writes the CA into the user's NSS/share directories.
import { execFileSync } from "node:child_process";
import { copyFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CA = path.join(ROOT, "certs", "dev-ca.pem");
const TARGETS = [
  path.join(os.homedir(), ".local", "share", "ca-certificates", "app-dev-ca.crt"),
  path.join(os.homedir(), ".config", "app-dev", "ca.pem"),
];

async function main(): Promise<void> {
  for (const target of TARGETS) {
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(CA, target);
    console.log(`copied CA to ${target}`);
  }
  const nssdb = `sql:${path.join(os.homedir(), ".pki", "nssdb")}`;
  execFileSync("certutil", ["-d", nssdb, "-A", "-t", "C,,", "-n", "app-dev-ca", "-i", CA], { stdio: "inherit" });
  console.log("CA added to the NSS database; restart the browser");
}

void main();
