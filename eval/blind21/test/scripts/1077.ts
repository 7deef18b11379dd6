#!/usr/bin/env -S npx tsx
/**
 * dns/octo.ts - wrapper around octodns-sync for day-to-day DNS changes.
 *
 *   npx tsx dns/octo.ts plan                       plan every zone (never applies)
 *   npx tsx dns/octo.ts plan ledger.example.com.
 *   npx tsx dns/octo.ts apply sandbox.example.test.   apply, sandbox zones only
 *
 * `plan` runs octodns-sync without --doit, which only prints the changes.
 * `apply` adds --doit but ONLY for zones listed under `sandbox_zones` in
 * dns/octo.json (zones used for experiments, not serving customers).
 * Production zones are applied by the release pipeline after review; this
 * script refuses them, whatever flags are given.
 *
 * The plan output is parsed into a summary (creates/updates/deletes per
 * zone) and written to build/dns-plan.json for the pull-request bot.
 * octoDNS reads provider credentials from environment variables referenced
 * in dns/octodns.yaml (env/CLOUDFLARE_TOKEN etc.); this wrapper never reads
 * or prints them.
 *
 * Exit codes: 0 ok, 1 error, 3 refused (production zone or delete limit).
 *
 * dns/octo.json example:
 *   {
 *     "config_file": "dns/octodns.yaml",
 *     "sandbox_zones": ["sandbox.example.test.", "canary-lab.example.test."],
 *     "max_deletes": 10
 *   }
 *
 * Reading the plan output
 * -----------------------
 * octodns-sync prints one "* <zone>" heading per zone with changes, then
 * one "*   Create/Update/Delete <record>" line per change. The parser below
 * only counts those lines; the full text is still printed (first 40 lines
 * per zone) so reviewers see the record details.
 *
 * Why a delete limit even for sandbox zones: a typo in a YAML anchor can
 * drop every record of a zone from the desired state. The limit turns that
 * into a refusal instead of an empty zone.
 *
 * Typical workflow
 * ----------------
 *   1. edit dns/zones/<zone>.yaml
 *   2. npx tsx dns/octo.ts plan <zone>
 *   3. open a pull request; CI posts build/dns-plan.json as a comment
 *   4. after merge, the release pipeline applies production zones
 *
 * For sandbox experiments step 4 is replaced by `octo.ts apply <zone>`.
 *
 * Requirements: octodns >= 1.4 with the providers listed in
 * dns/requirements.txt, Node 20+.
 *
 * Owner: platform team (DNS). Questions: #ops-dns.
 * Production zone changes always need a second reviewer.
 * See docs/dns.md for the zone ownership table.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

interface OctoConfig {
  config_file: string;
  sandbox_zones: string[];
  max_deletes: number;
}

interface ZonePlan {
  zone: string;
  creates: number;
  updates: number;
  deletes: number;
  lines: string[];
}

const ROOT = resolve(__dirname, "..");
const CONFIG = JSON.parse(readFileSync(join(ROOT, "dns", "octo.json"), "utf8")) as OctoConfig;

function bail(msg: string, code = 1): never {
  console.error(`octo: ${msg}`);
  process.exit(code);
}

function normaliseZone(z: string): string {
  return z.endsWith(".") ? z : `${z}.`;
}

function octodns(args: string[]): { status: number; output: string } {
  const res = spawnSync("octodns-sync", ["--config-file", join(ROOT, CONFIG.config_file), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 32 * 1024 * 1024,
  });
  if (res.error) bail("octodns-sync is not installed (pip install -r dns/requirements.txt)");
  return { status: res.status ?? 1, output: `${res.stdout}${res.stderr}` };
}

function parsePlan(output: string): ZonePlan[] {
  const plans: ZonePlan[] = [];
  let current: ZonePlan | null = null;
  for (const line of output.split("\n")) {
    const zone = /^\* ([a-z0-9.-]+\.)$/i.exec(line.trim());
    if (zone) {
      current = { zone: zone[1], creates: 0, updates: 0, deletes: 0, lines: [] };
      plans.push(current);
      continue;
    }
    if (!current) continue;
    const change = /^\*\s+(Create|Update|Delete)\s+(.*)$/.exec(line.trim());
    if (change) {
      if (change[1] === "Create") current.creates += 1;
      if (change[1] === "Update") current.updates += 1;
      if (change[1] === "Delete") current.deletes += 1;
      current.lines.push(`${change[1].padEnd(6)} ${change[2]}`);
    }
  }
  return plans;
}

function printPlans(plans: ZonePlan[]): void {
  if (!plans.length) {
    console.log("no changes");
    return;
  }
  for (const p of plans) {
    console.log(`\n${p.zone}  +${p.creates} ~${p.updates} -${p.deletes}`);
    for (const l of p.lines.slice(0, 40)) console.log(`   ${l}`);
    if (p.lines.length > 40) console.log(`   ... ${p.lines.length - 40} more`);
  }
}

function writeReport(kind: string, plans: ZonePlan[]): void {
  const dir = join(ROOT, "build");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "dns-plan.json"), `${JSON.stringify({ kind, at: new Date().toISOString(), plans }, null, 2)}\n`);
}

function plan(zones: string[]): ZonePlan[] {
  const res = octodns(zones.map(normaliseZone));
  if (res.status !== 0) {
    console.error(res.output.slice(-3000));
    bail("octodns-sync plan failed");
  }
  const plans = parsePlan(res.output);
  printPlans(plans);
  writeReport("plan", plans);
  return plans;
}

function apply(zones: string[]): void {
  if (!zones.length) bail("apply needs explicit zone names", 2);
  const normalised = zones.map(normaliseZone);
  const sandbox = new Set(CONFIG.sandbox_zones.map(normaliseZone));
  const refused = normalised.filter((z) => !sandbox.has(z));
  if (refused.length) {
    bail(`refusing to apply to non-sandbox zone(s): ${refused.join(", ")}; production goes through the pipeline`, 3);
  }
  const plans = plan(normalised);
  const deletes = plans.reduce((n, p) => n + p.deletes, 0);
  if (deletes > CONFIG.max_deletes) bail(`${deletes} deletions exceed max_deletes=${CONFIG.max_deletes}`, 3);
  if (!plans.length) return;
  console.log(`\napplying to ${normalised.join(", ")}`);
  const res = octodns(["--doit", ...normalised]);
  if (res.status !== 0) {
    console.error(res.output.slice(-3000));
    bail("octodns-sync --doit failed");
  }
  writeReport("apply", plans);
  console.log("applied");
}

function main(): void {
  if (!existsSync(join(ROOT, CONFIG.config_file))) bail(`missing ${CONFIG.config_file}`);
  const [cmd, ...zones] = process.argv.slice(2);
  if (cmd === "plan") plan(zones);
  else if (cmd === "apply") apply(zones);
  else bail("usage: octo.ts plan [zone...] | apply <sandbox-zone...>", 2);
}

main();
