#!/usr/bin/env -S npx tsx
// Download pinned kubectl binaries for the e2e harness into ./.bin/kubectl-<ver>.
// Each binary is checked against the .sha256 published next to it on dl.k8s.io
// before it is made executable. Nothing is run except `kubectl version --client`.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { arch, platform } from "node:os";
import path from "node:path";

const VERSIONS = ["v1.29.6", "v1.30.2"] as const;
const BIN_DIR = path.resolve(".bin");
const BASE = "https://dl.k8s.io/release";

const OS_NAMES: Record<string, string> = { linux: "linux", darwin: "darwin" };
const ARCH_NAMES: Record<string, string> = { x64: "amd64", arm64: "arm64" };

function target(): { os: string; cpu: string } {
  const os = OS_NAMES[platform()];
  const cpu = ARCH_NAMES[arch()];
  if (!os || !cpu) throw new Error(`unsupported platform ${platform()}/${arch()}`);
  return { os, cpu };
}

async function fetchBuffer(url: string, attempts = 3): Promise<Buffer> {
  for (let i = 1; ; i++) {
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

function sha256(buf: Buffer): string {
  return createHash("sha256").update(buf).digest("hex");
}

async function install(version: string): Promise<string> {
  const { os, cpu } = target();
  const dest = path.join(BIN_DIR, `kubectl-${version}`);
  if (existsSync(dest)) return `${version}: already present`;
  const url = `${BASE}/${version}/bin/${os}/${cpu}/kubectl`;
  const [binary, sumText] = await Promise.all([fetchBuffer(url), fetchBuffer(`${url}.sha256`)]);
  const expected = sumText.toString("utf8").trim().split(/\s+/)[0];
  const actual = sha256(binary);
  if (expected !== actual) {
    throw new Error(`${version}: checksum mismatch (expected ${expected.slice(0, 12)}, got ${actual.slice(0, 12)})`);
  }
  const tmp = `${dest}.partial`;
  writeFileSync(tmp, binary);
  chmodSync(tmp, 0o755);
  renameSync(tmp, dest);
  const reported = execFileSync(dest, ["version", "--client", "-o", "json"], { encoding: "utf8" });
  const gitVersion = JSON.parse(reported).clientVersion?.gitVersion;
  if (gitVersion !== version) {
    rmSync(dest, { force: true });
    throw new Error(`${version}: binary reports ${gitVersion}`);
  }
  return `${version}: installed (${(binary.length / 1048576).toFixed(1)} MiB, sha256 ${actual.slice(0, 12)})`;
}

async function main(): Promise<void> {
  mkdirSync(BIN_DIR, { recursive: true });
  const results = await Promise.allSettled(VERSIONS.map(install));
  let failed = 0;
  results.forEach((r, i) => {
    if (r.status === "fulfilled") {
      console.log(r.value);
    } else {
      failed++;
      console.error(`${VERSIONS[i]}: ${(r.reason as Error).message}`);
    }
  });
  if (failed) process.exitCode = 1;
}

main();
