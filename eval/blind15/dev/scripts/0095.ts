// scripts/run-codemod.ts - apply the "v4 -> v5 router" codemod to src/.
// The codemod runner is versioned separately and cached between runs.
import { execFileSync, fork } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const CODEMOD = {
  name: "router-v5",
  version: "1.4.0",
  source: "https://codemods.example.com/router-v5/1.4.0/runner.cjs",
};

function cachePath(): string {
  const dir = join(tmpdir(), "codemods", CODEMOD.name, CODEMOD.version);
  mkdirSync(dir, { recursive: true });
  return join(dir, "runner.cjs");
}

async function ensureRunner(): Promise<string> {
  const file = cachePath();
  if (existsSync(file)) return file;
  const res = await fetch(CODEMOD.source);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

function dirtyTree(): boolean {
  try {
    return execFileSync("git", ["status", "--porcelain", "src"], { encoding: "utf8" }).trim().length > 0;
  } catch {
    return false;
  }
}

function runCodemod(runner: string, targets: string[], dry: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = [...targets, ...(dry ? ["--dry"] : [])];
    const child = fork(runner, args, { cwd: process.cwd(), stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dry = argv.includes("--dry");
  const targets = argv.filter((a) => !a.startsWith("--"));
  if (!targets.length) targets.push("src");
  if (!dry && dirtyTree()) throw new Error("src/ has uncommitted changes; commit or stash before the codemod");
  for (const t of targets) {
    if (t.includes("..") || t.startsWith("/")) throw new Error(`targets must be inside the repo: ${t}`);
  }
  console.log(`codemod ${CODEMOD.name}@${CODEMOD.version} on ${targets.join(", ")}${dry ? " (dry run)" : ""}`);
  const runner = await ensureRunner();
  const code = await runCodemod(runner, targets, dry);
  if (code !== 0) {
    console.error(`codemod exited with ${code}`);
    process.exit(code);
  }
  console.log(dry ? "dry run complete" : "codemod applied; review with git diff");
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
