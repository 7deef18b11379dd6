#!/usr/bin/env -S npx tsx
// Static checks for Opentrons Python protocols (no robot, no simulation).
//
//   npx tsx tools/protocol-lint.ts                         # protocols/**/*.py
//   npx tsx tools/protocol-lint.ts protocols/qpcr/*.py --format github
//
// Reads protocol source files as text and checks the lab's conventions:
//   * metadata/requirements declare apiLevel ≥ config minimum and robotType
//   * every load_labware() name is either an Opentrons definition known to
//     the pinned library version (config/opentrons-labware.txt) or a custom
//     definition in labware/*.json
//   * pipette volumes are within the loaded pipette's range
//   * no network/process modules are imported (protocols run on the robot)
//   * run() contains at least one home()/pause()/comment() marking the steps
// Output is human readable or GitHub annotation format for CI.  The script
// only reads files; it never imports or executes the protocols.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type Level = "error" | "warning";
interface Finding {
  file: string;
  line: number;
  level: Level;
  rule: string;
  message: string;
}

const ROOT = path.resolve(__dirname, "..");
const FORBIDDEN_IMPORTS = ["subprocess", "socket", "requests", "urllib", "http.client", "ftplib", "paramiko"];
const PIPETTE_RANGES: Record<string, [number, number]> = {
  p20_single_gen2: [1, 20],
  p300_single_gen2: [20, 300],
  p1000_single_gen2: [100, 1000],
  p20_multi_gen2: [1, 20],
  p300_multi_gen2: [20, 300],
  flex_1channel_50: [1, 50],
  flex_1channel_1000: [5, 1000],
  flex_8channel_1000: [5, 1000],
};

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return e.name.endsWith(".py") && !e.name.startsWith("_") ? [full] : [];
  });
}

function knownLabware(): Set<string> {
  const names = new Set<string>();
  const list = path.join(ROOT, "config", "opentrons-labware.txt");
  if (existsSync(list)) for (const l of readFileSync(list, "utf8").split("\n")) if (l.trim()) names.add(l.trim());
  const custom = path.join(ROOT, "labware");
  if (existsSync(custom)) {
    for (const f of readdirSync(custom).filter((x) => x.endsWith(".json"))) {
      try {
        const def = JSON.parse(readFileSync(path.join(custom, f), "utf8"));
        if (def?.parameters?.loadName) names.add(def.parameters.loadName);
      } catch {
        /* reported by protocol-ci */
      }
    }
  }
  return names;
}

function minApiLevel(): number {
  const cfg = path.join(ROOT, "config", "protocol-lint.json");
  if (!existsSync(cfg)) return 2.15;
  return Number(JSON.parse(readFileSync(cfg, "utf8")).minApiLevel ?? 2.15);
}

function lineOf(src: string, index: number): number {
  return src.slice(0, index).split("\n").length;
}

function lint(file: string, labware: Set<string>, minApi: number): Finding[] {
  const src = readFileSync(file, "utf8");
  const rel = path.relative(ROOT, file);
  const out: Finding[] = [];
  const add = (index: number, level: Level, rule: string, message: string) => out.push({ file: rel, line: lineOf(src, index), level, rule, message });

  const api = /["']apiLevel["']\s*:\s*["'](\d+\.\d+)["']/.exec(src);
  if (!api) add(0, "error", "api-level", "no apiLevel in metadata/requirements");
  else if (Number(api[1]) < minApi) add(api.index, "error", "api-level", `apiLevel ${api[1]} is below the lab minimum ${minApi}`);
  if (!/["']robotType["']\s*:/.test(src)) add(0, "warning", "robot-type", "requirements should declare robotType (OT-2 or Flex)");

  for (const m of src.matchAll(/^\s*(?:import|from)\s+([\w.]+)/gm)) {
    const mod = m[1];
    if (FORBIDDEN_IMPORTS.some((f) => mod === f || mod.startsWith(`${f}.`))) add(m.index, "error", "forbidden-import", `imports ${mod}`);
  }

  for (const m of src.matchAll(/load_labware\(\s*["']([^"']+)["']/g)) {
    if (labware.size && !labware.has(m[1])) add(m.index, "error", "unknown-labware", `labware "${m[1]}" is neither an Opentrons definition nor in labware/`);
  }

  const pipettes = new Map<string, string>();
  for (const m of src.matchAll(/(\w+)\s*=\s*\w+\.load_instrument\(\s*["']([^"']+)["']/g)) pipettes.set(m[1], m[2]);
  for (const m of src.matchAll(/(\w+)\.(aspirate|dispense|transfer|distribute|consolidate)\(\s*([\d.]+)/g)) {
    const model = pipettes.get(m[1]);
    const range = model ? PIPETTE_RANGES[model] : undefined;
    const vol = Number(m[3]);
    if (range && (vol < range[0] || vol > range[1])) {
      add(m.index, m[2] === "transfer" ? "warning" : "error", "volume-range", `${m[2]} ${vol} µL outside ${model} range ${range[0]}–${range[1]} µL`);
    }
  }

  const runBody = /def run\([^)]*\):([\s\S]*)$/.exec(src)?.[1] ?? "";
  if (!runBody) add(0, "error", "no-run", "no run(protocol) function");
  else if (!/\.(comment|pause|home)\(/.test(runBody)) add(src.indexOf("def run"), "warning", "no-markers", "run() has no comment()/pause()/home() step markers");

  if (/time\.sleep\(/.test(src)) add(src.indexOf("time.sleep("), "warning", "sleep", "use protocol.delay() instead of time.sleep()");
  return out;
}

// baseline: known findings accepted by the lab lead, stored in the repo as
// "file:rule" lines; they are reported as notes instead of failing CI
function loadBaseline(): Set<string> {
  const file = path.join(ROOT, "config", "protocol-lint.baseline");
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
}

function applyBaseline(findings: Finding[], baseline: Set<string>): { active: Finding[]; accepted: Finding[] } {
  const active: Finding[] = [];
  const accepted: Finding[] = [];
  for (const f of findings) (baseline.has(`${f.file}:${f.rule}`) ? accepted : active).push(f);
  return { active, accepted };
}

const HINTS: Record<string, string> = {
  "api-level": 'set requirements = {"robotType": "OT-2", "apiLevel": "2.15"} (or newer)',
  "forbidden-import": "move data loading to the protocol's parameters or labware files",
  "unknown-labware": "add the definition JSON to labware/ or fix the load name",
  "volume-range": "use a different pipette or split the transfer",
  "no-markers": "add protocol.comment() lines so operators can follow the run",
  sleep: "protocol.delay(seconds=…) is simulated correctly, time.sleep() is not",
};

function summary(findings: Finding[]): string {
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
  return [...byRule.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([rule, n]) => `  ${rule.padEnd(18)} ${String(n).padStart(3)}  ${HINTS[rule] ?? ""}`)
    .join("\n");
}

function render(findings: Finding[], format: string): string {
  if (format === "github") {
    return findings.map((f) => `::${f.level} file=${f.file},line=${f.line},title=${f.rule}::${f.message}`).join("\n");
  }
  return findings.map((f) => `${f.file}:${f.line}: ${f.level} [${f.rule}] ${f.message}`).join("\n");
}

function main(): number {
  const argv = process.argv.slice(2);
  const format = argv.includes("--format") ? argv[argv.indexOf("--format") + 1] : "text";
  const files = argv.filter((a) => a.endsWith(".py")).map((a) => path.resolve(a));
  const targets = files.length ? files : walk(path.join(ROOT, "protocols"));
  const labware = knownLabware();
  const minApi = minApiLevel();
  const { active: findings, accepted } = applyBaseline(targets.flatMap((f) => lint(f, labware, minApi)), loadBaseline());
  const text = render(findings, format);
  if (text) console.log(text);
  if (findings.length && format !== "github") console.log(`\nby rule:\n${summary(findings)}`);
  if (accepted.length) console.error(`[protocol-lint] ${accepted.length} finding(s) accepted by the baseline`);
  const errors = findings.filter((f) => f.level === "error").length;
  console.error(`[protocol-lint] ${targets.length} file(s), ${errors} error(s), ${findings.length - errors} warning(s)`);
  return errors ? 1 : 0;
}

process.exitCode = main();
