// tools/osv-report.ts - query the OSV database API for every package pinned in
// package-lock.json (npm ecosystem) and Cargo.lock (crates.io), and write a
// vulnerability report. Only package names and versions are sent, in batches,
// to api.osv.dev's documented /v1/querybatch endpoint.
//
//   npx tsx tools/osv-report.ts
//   npx tsx tools/osv-report.ts --fail-on HIGH --json reports/osv.json
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

interface PkgRef {
  ecosystem: "npm" | "crates.io";
  name: string;
  version: string;
}

interface Vuln {
  id: string;
  summary?: string;
  severity?: Array<{ type: string; score: string }>;
  database_specific?: { severity?: string };
  aliases?: string[];
}

const ROOT = process.cwd();
const API = "https://api.osv.dev/v1";
const BATCH = 500;
const LEVELS = ["LOW", "MODERATE", "HIGH", "CRITICAL"];

function args(argv: string[]) {
  const get = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const failOn = (get("--fail-on") ?? "CRITICAL").toUpperCase();
  if (!LEVELS.includes(failOn)) throw new Error(`--fail-on one of ${LEVELS.join(", ")}`);
  const json = get("--json");
  if (json) {
    const abs = resolve(json);
    if (!abs.startsWith(ROOT + sep)) throw new Error("--json must be inside the repository");
  }
  return { failOn, json };
}

function npmPackages(): PkgRef[] {
  const file = join(ROOT, "package-lock.json");
  if (!existsSync(file)) return [];
  const lock = JSON.parse(readFileSync(file, "utf8")) as { packages?: Record<string, { version?: string; link?: boolean }> };
  const out = new Map<string, PkgRef>();
  for (const [key, meta] of Object.entries(lock.packages ?? {})) {
    if (!key || meta.link || !meta.version) continue;
    const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    out.set(`${name}@${meta.version}`, { ecosystem: "npm", name, version: meta.version });
  }
  return [...out.values()];
}

function cratePackages(): PkgRef[] {
  const file = join(ROOT, "Cargo.lock");
  if (!existsSync(file)) return [];
  const out: PkgRef[] = [];
  const blocks = readFileSync(file, "utf8").split("[[package]]").slice(1);
  for (const b of blocks) {
    const name = /name = "([^"]+)"/.exec(b)?.[1];
    const version = /version = "([^"]+)"/.exec(b)?.[1];
    const fromRegistry = /source = "registry\+/.test(b);
    if (name && version && fromRegistry) out.push({ ecosystem: "crates.io", name, version });
  }
  return out;
}

async function queryBatch(pkgs: PkgRef[]): Promise<string[][]> {
  const res = await fetch(`${API}/querybatch`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ queries: pkgs.map((p) => ({ package: { ecosystem: p.ecosystem, name: p.name }, version: p.version })) }),
  });
  if (!res.ok) throw new Error(`OSV querybatch ${res.status}`);
  const data = (await res.json()) as { results: Array<{ vulns?: Array<{ id: string }> }> };
  return data.results.map((r) => (r.vulns ?? []).map((v) => v.id));
}

const vulnCache = new Map<string, Vuln>();
async function details(id: string): Promise<Vuln> {
  const hit = vulnCache.get(id);
  if (hit) return hit;
  if (!/^[A-Z]+-[\w-]+$/.test(id)) throw new Error(`unexpected vuln id ${id}`);
  const res = await fetch(`${API}/vulns/${id}`);
  if (!res.ok) throw new Error(`OSV vuln ${id}: ${res.status}`);
  const v = (await res.json()) as Vuln;
  vulnCache.set(id, v);
  return v;
}

function level(v: Vuln): string {
  const s = v.database_specific?.severity?.toUpperCase();
  if (s && LEVELS.includes(s)) return s;
  return "MODERATE";
}

function fixedIn(vuln: Vuln & { affected?: Array<{ ranges?: Array<{ events?: Array<{ fixed?: string }> }> }> }): string {
  const fixes = new Set<string>();
  for (const a of vuln.affected ?? []) {
    for (const r of a.ranges ?? []) {
      for (const e of r.events ?? []) if (e.fixed) fixes.add(e.fixed);
    }
  }
  return fixes.size ? [...fixes].join(", ") : "no fix yet";
}

function writeMarkdown(findings: Array<{ pkg: PkgRef; vuln: Vuln; level: string }>): void {
  const dir = join(ROOT, "reports");
  mkdirSync(dir, { recursive: true });
  const rows = findings.map(
    (f) => `| ${f.level} | ${f.pkg.ecosystem} | \`${f.pkg.name}@${f.pkg.version}\` | ${f.vuln.id} | ${fixedIn(f.vuln)} |`,
  );
  const md = [
    "# OSV report",
    "",
    `${findings.length} finding(s) on ${new Date().toISOString().slice(0, 10)}`,
    "",
    "| severity | ecosystem | package | advisory | fixed in |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
  writeFileSync(join(dir, "osv.md"), md);
}

async function main(): Promise<void> {
  const opts = args(process.argv.slice(2));
  const pkgs = [...npmPackages(), ...cratePackages()];
  console.log(`checking ${pkgs.length} pinned package(s) against OSV`);
  const findings: Array<{ pkg: PkgRef; vuln: Vuln; level: string }> = [];
  for (let i = 0; i < pkgs.length; i += BATCH) {
    const slice = pkgs.slice(i, i + BATCH);
    const ids = await queryBatch(slice);
    for (let j = 0; j < slice.length; j++) {
      for (const id of ids[j]) {
        const vuln = await details(id);
        findings.push({ pkg: slice[j], vuln, level: level(vuln) });
      }
    }
  }
  findings.sort((a, b) => LEVELS.indexOf(b.level) - LEVELS.indexOf(a.level));
  for (const f of findings) {
    console.log(`${f.level.padEnd(9)} ${f.pkg.ecosystem}:${f.pkg.name}@${f.pkg.version}  ${f.vuln.id}  ${f.vuln.summary ?? ""}`);
  }
  console.log(`${findings.length} finding(s)`);
  if (opts.json) {
    mkdirSync(dirname(resolve(opts.json)), { recursive: true });
    writeFileSync(resolve(opts.json), JSON.stringify(findings, null, 2));
  }
  const failIndex = LEVELS.indexOf(opts.failOn);
  if (findings.some((f) => LEVELS.indexOf(f.level) >= failIndex)) process.exitCode = 1;
  writeMarkdown(findings);
}

main().catch((e: Error) => {
  console.error(`osv-report: ${e.message}`);
  process.exit(2);
});
