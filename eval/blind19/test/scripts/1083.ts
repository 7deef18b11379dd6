// scripts/op-dev.ts - start the dev stack with secrets from 1Password via `op run`.
//
// `op run` resolves op:// references from the env file and passes the values
// to the child process only (and masks them in its output). This wrapper:
//   - checks the op CLI and the sign-in
//   - verifies every reference in .env.op resolves (names only are printed)
//   - refuses references into vaults other than "Dev" (no prod secrets locally)
//   - runs `op run --env-file .env.op -- <command>` (default: pnpm dev)
//
//   npx tsx scripts/op-dev.ts
//   npx tsx scripts/op-dev.ts --check
//   npx tsx scripts/op-dev.ts -- pnpm test:e2e

import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface Reference {
  name: string;
  ref: string;
  vault: string;
  line: number;
}

const ROOT = path.resolve(__dirname, "..");
const ENV_FILE = path.join(ROOT, ".env.op");
const ALLOWED_VAULTS = new Set(["Dev", "Shared-Dev"]);
const DEFAULT_CMD = ["pnpm", "dev"];

function opAvailable(): boolean {
  return spawnSync("op", ["--version"], { encoding: "utf8" }).status === 0;
}

function signedIn(): string | null {
  const r = spawnSync("op", ["whoami", "--format", "json"], { encoding: "utf8" });
  if (r.status !== 0) return null;
  try {
    return (JSON.parse(r.stdout) as { email?: string }).email ?? "unknown";
  } catch {
    return null;
  }
}

function parseEnvFile(): { refs: Reference[]; plain: string[] } {
  if (!existsSync(ENV_FILE)) throw new Error(".env.op not found (copy .env.op.example)");
  const refs: Reference[] = [];
  const plain: string[] = [];
  readFileSync(ENV_FILE, "utf8")
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.trim();
      if (!line || line.startsWith("#")) return;
      const eq = line.indexOf("=");
      if (eq <= 0) throw new Error(`.env.op line ${i + 1}: expected NAME=value`);
      const name = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim().replace(/^"|"$/g, "");
      if (value.startsWith("op://")) {
        const vault = value.slice("op://".length).split("/")[0];
        refs.push({ name, ref: value, vault, line: i + 1 });
      } else {
        plain.push(name);
      }
    });
  return { refs, plain };
}

function vaultProblems(refs: Reference[]): string[] {
  return refs
    .filter((r) => !ALLOWED_VAULTS.has(r.vault))
    .map((r) => `.env.op:${r.line}: ${r.name} references vault "${r.vault}" (allowed: ${[...ALLOWED_VAULTS].join(", ")})`);
}

function resolves(ref: string): boolean {
  // op read exits non-zero for unknown items/fields; the value itself is discarded
  const r = spawnSync("op", ["read", "--no-newline", ref], { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  return r.status === 0;
}

function check(refs: Reference[]): number {
  let bad = 0;
  const width = Math.max(...refs.map((r) => r.name.length), 4);
  for (const r of refs) {
    const ok = resolves(r.ref);
    if (!ok) bad++;
    console.log(`${r.name.padEnd(width)}  ${ok ? "ok" : "DOES NOT RESOLVE"}`);
  }
  return bad;
}

function duplicateNames(refs: Reference[], plain: string[]): string[] {
  const seen = new Map<string, number>();
  for (const n of [...refs.map((r) => r.name), ...plain]) seen.set(n, (seen.get(n) ?? 0) + 1);
  return [...seen.entries()].filter(([, c]) => c > 1).map(([n]) => n);
}

function runWithSecrets(command: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("op", ["run", "--env-file", ENV_FILE, "--", ...command], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal !== null ? 130 : code ?? 1));
  });
}

function parseArgs(argv: string[]): { checkOnly: boolean; command: string[] } {
  const sep = argv.indexOf("--");
  return {
    checkOnly: argv.includes("--check"),
    command: sep >= 0 ? argv.slice(sep + 1) : DEFAULT_CMD,
  };
}

function templateDrift(refs: Reference[], plain: string[]): string[] {
  // names in .env.op.example but not in .env.op: a teammate added a secret
  const example = path.join(ROOT, ".env.op.example");
  if (!existsSync(example)) return [];
  const have = new Set([...refs.map((r) => r.name), ...plain]);
  return readFileSync(example, "utf8")
    .split(/\r?\n/)
    .map((l) => l.split("=")[0].trim())
    .filter((n) => /^[A-Z][A-Z0-9_]*$/.test(n) && !have.has(n));
}

function describeCommand(command: string[]): string {
  // shown before starting so it is clear which process receives the secrets
  return command.map((c) => (/\s/.test(c) ? JSON.stringify(c) : c)).join(" ");
}

function accountHint(who: string): void {
  if (!who.endsWith("@harbor.example.com")) {
    console.log(`note: signed in as ${who}; the Dev vault lives in the company account`);
  }
}

function lastRunFile(): string {
  return path.join(ROOT, ".cache", "op-dev-last-run.json");
}

function recordRun(command: string[], refs: Reference[]): void {
  // names only, never values
  const file = lastRunFile();
  require("node:fs").mkdirSync(path.dirname(file), { recursive: true });
  require("node:fs").writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), command, names: refs.map((r) => r.name) }, null, 2),
  );
}

function gitIgnored(file: string): boolean {
  return spawnSync("git", ["check-ignore", "-q", file], { cwd: ROOT }).status === 0;
}

async function main(): Promise<void> {
  const { checkOnly, command } = parseArgs(process.argv.slice(2));
  if (!opAvailable()) throw new Error("1Password CLI (op) is not installed");
  const who = signedIn();
  if (!who) throw new Error("not signed in to 1Password: run `op signin` (or enable the desktop app integration)");
  const { refs, plain } = parseEnvFile();
  const problems = vaultProblems(refs);
  const dupes = duplicateNames(refs, plain);
  if (dupes.length) problems.push(`duplicate names in .env.op: ${dupes.join(", ")}`);
  if (existsSync(path.join(ROOT, ".env")) && !gitIgnored(".env")) problems.push(".env exists and is not git-ignored");
  if (problems.length) throw new Error(problems.join("\n"));
  console.log(`1Password: ${who}; ${refs.length} secret reference(s), ${plain.length} plain value(s)`);
  accountHint(who);
  const drift = templateDrift(refs, plain);
  if (drift.length) console.log(`missing compared to .env.op.example: ${drift.join(", ")}`);
  if (checkOnly) {
    process.exitCode = check(refs) ? 1 : 0;
    return;
  }
  console.log(`starting: ${describeCommand(command)}`);
  recordRun(command, refs);
  process.exitCode = await runWithSecrets(command);
}

main().catch((err: Error) => {
  console.error(`op-dev: ${err.message}`);
  process.exitCode = 1;
});
