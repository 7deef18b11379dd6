#!/usr/bin/env -S npx tsx
/**
 * tools/image-scan.ts
 *
 * Scans the container images we build (listed in images.json) with trivy and
 * grype, merges the results, and writes reports/image-scan.md plus a JSON
 * file for the dashboard. Secret scanning of image layers is included; the
 * secret values are masked (first 2 + last 2 characters) before anything is
 * written, and the raw trivy JSON lives in a temp dir removed on exit.
 *
 *   image-scan.ts [--severity HIGH,CRITICAL] [--ignore-unfixed] [--only api]
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const IMAGES_FILE = path.join(ROOT, "images.json");
const REPORT_DIR = path.join(ROOT, "reports");
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), "image-scan-"));
process.on("exit", () => fs.rmSync(TMP, { recursive: true, force: true }));

type Severity = "CRITICAL" | "HIGH" | "MEDIUM" | "LOW" | "UNKNOWN";
const ORDER: Severity[] = ["CRITICAL", "HIGH", "MEDIUM", "LOW", "UNKNOWN"];

interface Finding {
  image: string;
  source: "trivy" | "grype";
  kind: "vuln" | "secret";
  id: string;
  pkg: string;
  installed: string;
  fixed: string;
  severity: Severity;
}

interface ImageSpec {
  name: string;
  ref: string;
}

function mask(secret: string): string {
  if (secret.length <= 6) return "*".repeat(secret.length);
  return secret.slice(0, 2) + "*".repeat(secret.length - 4) + secret.slice(-2);
}

function tool(cmd: string, args: string[]): string | null {
  const res = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (res.error && (res.error as NodeJS.ErrnoException).code === "ENOENT") {
    console.log(`${cmd} is not installed; skipping`);
    return null;
  }
  if (res.status !== 0) throw new Error(`${cmd} failed: ${String(res.stderr).trim().slice(-300)}`);
  return String(res.stdout);
}

function normSeverity(s: string | undefined): Severity {
  const up = (s ?? "UNKNOWN").toUpperCase();
  return (ORDER as string[]).includes(up) ? (up as Severity) : "UNKNOWN";
}

function trivy(img: ImageSpec, ignoreUnfixed: boolean): Finding[] {
  const raw = path.join(TMP, `${img.name}.trivy.json`);
  const args = ["image", "--quiet", "--scanners", "vuln,secret", "--format", "json", "--output", raw];
  if (ignoreUnfixed) args.push("--ignore-unfixed");
  if (tool("trivy", [...args, img.ref]) === null) return [];
  const data = JSON.parse(fs.readFileSync(raw, "utf8")) as {
    Results?: Array<{
      Target: string;
      Vulnerabilities?: Array<{ VulnerabilityID: string; PkgName: string; InstalledVersion: string; FixedVersion?: string; Severity: string }>;
      Secrets?: Array<{ RuleID: string; Category: string; Severity: string; Match: string; StartLine: number }>;
    }>;
  };
  const out: Finding[] = [];
  for (const r of data.Results ?? []) {
    for (const v of r.Vulnerabilities ?? []) {
      out.push({ image: img.name, source: "trivy", kind: "vuln", id: v.VulnerabilityID, pkg: v.PkgName,
        installed: v.InstalledVersion, fixed: v.FixedVersion ?? "", severity: normSeverity(v.Severity) });
    }
    for (const s of r.Secrets ?? []) {
      const value = s.Match.split(/[=:]\s*/).pop() ?? "";
      out.push({ image: img.name, source: "trivy", kind: "secret", id: s.RuleID, pkg: `${r.Target}:${s.StartLine}`,
        installed: mask(value.trim()), fixed: "", severity: normSeverity(s.Severity) });
    }
  }
  return out;
}

function grype(img: ImageSpec): Finding[] {
  const out = tool("grype", [img.ref, "-o", "json", "--quiet"]);
  if (out === null) return [];
  const data = JSON.parse(out) as {
    matches: Array<{ vulnerability: { id: string; severity: string; fix?: { versions?: string[] } }; artifact: { name: string; version: string } }>;
  };
  return data.matches.map((m) => ({
    image: img.name, source: "grype" as const, kind: "vuln" as const, id: m.vulnerability.id, pkg: m.artifact.name,
    installed: m.artifact.version, fixed: m.vulnerability.fix?.versions?.[0] ?? "", severity: normSeverity(m.vulnerability.severity),
  }));
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.image}|${f.kind}|${f.id}|${f.pkg}`;
    const prev = seen.get(key);
    if (!prev || ORDER.indexOf(f.severity) < ORDER.indexOf(prev.severity)) seen.set(key, f);
  }
  return [...seen.values()].sort((a, b) => ORDER.indexOf(a.severity) - ORDER.indexOf(b.severity));
}

function render(findings: Finding[], images: ImageSpec[]): string {
  const lines = ["# Image scan", ""];
  for (const img of images) {
    const mine = findings.filter((f) => f.image === img.name);
    const counts = ORDER.map((s) => `${s[0]}${mine.filter((f) => f.severity === s).length}`).join(" ");
    lines.push(`- **${img.name}** (\`${img.ref}\`): ${counts}`);
  }
  lines.push("", "| image | kind | severity | id | package | installed | fixed |", "|---|---|---|---|---|---|---|");
  for (const f of findings.slice(0, 300)) {
    lines.push(`| ${f.image} | ${f.kind} | ${f.severity} | ${f.id} | ${f.pkg} | ${f.installed} | ${f.fixed} |`);
  }
  return lines.join("\n") + "\n";
}

/**
 * .trivyignore-style allow-list shared by both scanners: one id per line,
 * optionally "id until YYYY-MM-DD". Expired entries are reported so stale
 * exceptions don't linger forever.
 */
function loadIgnores(): Set<string> {
  const file = path.join(ROOT, ".scanignore");
  const keep = new Set<string>();
  if (!fs.existsSync(file)) return keep;
  const today = new Date().toISOString().slice(0, 10);
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    const [id, , until] = line.split(/\s+/);
    if (until && until < today) {
      console.log(`ignore entry for ${id} expired on ${until}; it is no longer applied`);
      continue;
    }
    keep.add(id);
  }
  return keep;
}

/** SBOM per image for the release bundle; syft is optional. */
function sbom(img: ImageSpec): void {
  const out = tool("syft", [img.ref, "-o", "spdx-json", "--quiet"]);
  if (out === null) return;
  const dir = path.join(REPORT_DIR, "sbom");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${img.name}.spdx.json`), out);
}

function main(): void {
  const argv = process.argv.slice(2);
  const ignores = loadIgnores();
  const sevArg = argv[argv.indexOf("--severity") + 1];
  const failOn = new Set((argv.includes("--severity") ? sevArg : "CRITICAL").split(",").map(normSeverity));
  const only = argv.includes("--only") ? argv[argv.indexOf("--only") + 1] : undefined;
  const ignoreUnfixed = argv.includes("--ignore-unfixed");

  let images = JSON.parse(fs.readFileSync(IMAGES_FILE, "utf8")) as ImageSpec[];
  if (only) images = images.filter((i) => i.name === only);
  if (!images.length) throw new Error("no images selected");

  const all = dedupe(images.flatMap((img) => [...trivy(img, ignoreUnfixed), ...grype(img)])).filter(
    (f) => !ignores.has(f.id),
  );
  if (argv.includes("--sbom")) images.forEach(sbom);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.writeFileSync(path.join(REPORT_DIR, "image-scan.md"), render(all, images));
  fs.writeFileSync(path.join(REPORT_DIR, "image-scan.json"), JSON.stringify(all, null, 2));
  const blocking = all.filter((f) => failOn.has(f.severity) || f.kind === "secret");
  console.log(`${all.length} finding(s), ${blocking.length} blocking (${[...failOn].join(",")} or secrets)`);
  process.exitCode = blocking.length ? 1 : 0;
}

try {
  main();
} catch (e) {
  console.error(`image-scan: ${(e as Error).message}`);
  process.exit(2);
}
