/**
 * scripts/deps-report.ts — dependency hygiene report for this repository.
 *
 * Reads package.json + pnpm-lock.yaml, asks the public npm registry
 * (registry.npmjs.org) for each direct dependency's metadata, and reports:
 *   - deprecated versions
 *   - licenses outside the allow-list
 *   - packages whose latest publish is older than 2 years (maybe abandoned)
 *   - install scripts (preinstall/install/postinstall) in the resolved versions
 * Also runs `pnpm audit --json` locally. Registry responses are cached for a day
 * in ~/.cache/deps-report/. No credentials are used or sent.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const REGISTRY = "https://registry.npmjs.org";
const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "deps-report");
const DAY = 86400000;
const LICENSE_ALLOW = new Set(["MIT", "ISC", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "0BSD", "BlueOak-1.0.0", "CC0-1.0", "Unlicense"]);
const REPORT = path.join(ROOT, "reports", "deps.json");

interface Packument {
  name: string;
  "dist-tags": Record<string, string>;
  time: Record<string, string>;
  versions: Record<string, {
    license?: string | { type: string };
    deprecated?: string;
    scripts?: Record<string, string>;
  }>;
}

interface Finding {
  pkg: string;
  version: string;
  kind: "deprecated" | "license" | "stale" | "install-script" | "audit";
  detail: string;
}

function directDeps(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  return { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
}

function resolvedVersions(): Map<string, string> {
  // pnpm can tell us what is installed without parsing the lockfile by hand
  const out = execFileSync("pnpm", ["list", "--depth", "0", "--json"], { cwd: ROOT, encoding: "utf8" });
  const [root] = JSON.parse(out) as { dependencies?: Record<string, { version: string }>; devDependencies?: Record<string, { version: string }> }[];
  const map = new Map<string, string>();
  for (const group of [root.dependencies ?? {}, root.devDependencies ?? {}]) {
    for (const [name, info] of Object.entries(group)) map.set(name, info.version);
  }
  return map;
}

async function packument(name: string): Promise<Packument> {
  const file = path.join(CACHE, `${name.replace("/", "__")}.json`);
  if (existsSync(file) && Date.now() - statSync(file).mtimeMs < DAY) {
    return JSON.parse(readFileSync(file, "utf8")) as Packument;
  }
  const res = await fetch(`${REGISTRY}/${name.replace("/", "%2f")}`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`registry ${name}: ${res.status}`);
  const body = (await res.json()) as Packument;
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(file, JSON.stringify(body));
  return body;
}

/** Package names are used in cache file names; reject anything odd early. */
function validName(name: string): boolean {
  return /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/.test(name);
}

export { validName };

function licenseOf(v: Packument["versions"][string]): string {
  if (!v.license) return "UNKNOWN";
  return typeof v.license === "string" ? v.license : v.license.type;
}

function analyse(name: string, version: string, p: Packument): Finding[] {
  const out: Finding[] = [];
  const v = p.versions[version];
  if (!v) return [{ pkg: name, version, kind: "stale", detail: "resolved version not in registry metadata" }];
  if (v.deprecated) out.push({ pkg: name, version, kind: "deprecated", detail: v.deprecated });
  const lic = licenseOf(v);
  const parts = lic.replace(/[()]/g, "").split(/\s+OR\s+/);
  if (!parts.some((x) => LICENSE_ALLOW.has(x))) out.push({ pkg: name, version, kind: "license", detail: lic });
  const latest = p["dist-tags"].latest;
  const published = p.time[latest];
  if (published && Date.now() - Date.parse(published) > 730 * DAY) {
    out.push({ pkg: name, version, kind: "stale", detail: `latest ${latest} published ${published.slice(0, 10)}` });
  }
  for (const hook of ["preinstall", "install", "postinstall"]) {
    if (v.scripts?.[hook]) out.push({ pkg: name, version, kind: "install-script", detail: `${hook}: ${v.scripts[hook].slice(0, 80)}` });
  }
  return out;
}

function audit(): Finding[] {
  let raw = "";
  try {
    raw = execFileSync("pnpm", ["audit", "--json", "--prod"], { cwd: ROOT, encoding: "utf8" });
  } catch (err) {
    raw = (err as { stdout?: string }).stdout ?? "";
  }
  if (!raw) return [];
  const data = JSON.parse(raw) as { advisories?: Record<string, { module_name: string; severity: string; title: string; findings: { version: string }[] }> };
  return Object.values(data.advisories ?? {}).map((a) => ({
    pkg: a.module_name,
    version: a.findings[0]?.version ?? "?",
    kind: "audit" as const,
    detail: `${a.severity}: ${a.title}`,
  }));
}

/** Compare with the previous report so the CI comment only lists new findings. */
function diffWithPrevious(findings: Finding[]): { added: Finding[]; resolved: Finding[] } {
  if (!existsSync(REPORT)) return { added: findings, resolved: [] };
  const prev = (JSON.parse(readFileSync(REPORT, "utf8")) as { findings: Finding[] }).findings;
  const key = (f: Finding) => `${f.kind}|${f.pkg}|${f.detail}`;
  const prevKeys = new Set(prev.map(key));
  const nowKeys = new Set(findings.map(key));
  return {
    added: findings.filter((f) => !prevKeys.has(key(f))),
    resolved: prev.filter((f) => !nowKeys.has(key(f))),
  };
}

function markdown(added: Finding[], resolved: Finding[]): string {
  const lines = ["## Dependency report", ""];
  if (!added.length && !resolved.length) lines.push("No changes since the last report.");
  if (added.length) {
    lines.push("### New findings", "");
    for (const f of added) lines.push(`- **${f.kind}** \`${f.pkg}@${f.version}\`: ${f.detail}`);
    lines.push("");
  }
  if (resolved.length) {
    lines.push("### Resolved", "");
    for (const f of resolved) lines.push(`- ~~${f.kind} \`${f.pkg}\`~~`);
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const deps = directDeps();
  const resolved = resolvedVersions();
  const findings: Finding[] = [];
  const names = Object.keys(deps).sort();
  for (let i = 0; i < names.length; i += 8) {
    const batch = names.slice(i, i + 8);
    const results = await Promise.all(
      batch.map(async (n) => {
        const version = resolved.get(n);
        if (!version) return [] as Finding[];
        try {
          return analyse(n, version, await packument(n));
        } catch (err) {
          return [{ pkg: n, version, kind: "stale" as const, detail: (err as Error).message }];
        }
      }),
    );
    findings.push(...results.flat());
  }
  findings.push(...audit());
  mkdirSync(path.dirname(REPORT), { recursive: true });
  const { added, resolved } = diffWithPrevious(findings);
  writeFileSync(path.join(path.dirname(REPORT), "deps.md"), markdown(added, resolved));
  writeFileSync(REPORT, JSON.stringify({ generated: new Date().toISOString(), findings }, null, 2) + "\n");
  const byKind = findings.reduce<Record<string, number>>((acc, f) => ((acc[f.kind] = (acc[f.kind] ?? 0) + 1), acc), {});
  console.table(findings.map((f) => ({ kind: f.kind, pkg: `${f.pkg}@${f.version}`, detail: f.detail.slice(0, 70) })));
  console.log(byKind, `\nreport: ${path.relative(ROOT, REPORT)}`);
  if (byKind.audit || byKind.license) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
