// tools/install-slash-commands.ts - install the repo's shared assistant
// slash commands (release, triage, migrate) so everyone has the same ones.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

interface Target {
  label: string;
  dir: () => string;
}

const REPO = resolve(__dirname, "..");
const SOURCE = join(REPO, "tools", "assistant-commands");

const TARGETS: Target[] = [
  { label: "project", dir: () => join(REPO, "docs", "assistant-commands") },
  { label: "user", dir: () => join(process.env.CLAUDE_CONFIG_DIR ?? join(homedir(), ".claude"), "commands") },
];

function listCommands(): string[] {
  if (!existsSync(SOURCE)) return [];
  return readdirSync(SOURCE).filter((f) => f.endsWith(".md"));
}

function install(target: Target, files: string[]): number {
  const dest = target.dir();
  mkdirSync(dest, { recursive: true });
  for (const f of files) {
    cpSync(join(SOURCE, f), join(dest, f), { force: true });
  }
  return files.length;
}

function describe(file: string): string {
  // first non-empty line of the command file is its description
  const text = readFileSync(join(SOURCE, file), "utf8");
  const line = text.split("\n").find((l) => l.trim() && !l.startsWith("---"));
  return (line ?? "").replace(/^#+\s*/, "").slice(0, 70);
}

function listOnly(files: string[]): void {
  for (const f of files) console.log(`/${f.replace(/\.md$/, "").padEnd(16)} ${describe(f)}`);
}

function main(): void {
  const files = listCommands();
  if (process.argv.includes("--list")) {
    listOnly(files);
    return;
  }
  if (!files.length) {
    console.error("no commands in tools/assistant-commands");
    process.exit(1);
  }
  for (const t of TARGETS) {
    const n = install(t, files);
    console.log(`${t.label}: installed ${n} command(s) into ${t.dir()}`);
  }
  console.log(`available: ${files.map((f) => "/" + f.replace(/\.md$/, "")).join(" ")}`);
}

main();
