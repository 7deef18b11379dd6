#!/usr/bin/env -S npx tsx
// Pre-publication checks for datasets before they go to the city's CKAN portal.
//
//   npx tsx tools/prepublish.ts datasets/road-traffic
//   npx tsx tools/prepublish.ts datasets/*  --schema-dir schemas/ --report build/prepublish.md
//   npx tsx tools/prepublish.ts datasets/road-traffic --publish --portal dev
//
// For each dataset folder (containing datapackage.json):
//   1. `frictionless validate --json` on the package (schema + data errors)
//   2. metadata checks: licence from the allowed list, title/description
//      length, keywords, contact e-mail on the city's domain
//   3. personal-data scan of CSV headers and a sample of values (e-mail,
//      phone, IBAN patterns) – a hit blocks publishing
// --publish creates/updates the dataset via ckanapi on the portal chosen with
// --portal (dev = http://localhost:5000, staging = https://data-staging.internal),
// using the API token for that portal from .env.  Production is not offered.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");

const PORTALS = {
  dev: { url: "http://localhost:5000", tokenVar: "CKAN_DEV_TOKEN" },
  staging: { url: "https://data-staging.internal", tokenVar: "CKAN_STAGING_TOKEN" },
} as const;
type PortalName = keyof typeof PORTALS;

const ALLOWED_LICENSES = new Set(["cc-by-4.0", "cc-zero", "odc-odbl", "dl-de-by-2.0"]);
const PII_PATTERNS: [string, RegExp][] = [
  ["email", /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/],
  ["phone", /(?:\+|00)\d{2}[\s/-]?\d{2,4}[\s/-]?\d{3,}/],
  ["iban", /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}\b/],
];
const PII_HEADERS = /^(e-?mail|phone|telefon|name|vorname|surname|iban|birth|geburt)/i;

interface Finding {
  level: "error" | "warning";
  message: string;
}

interface PackageDescriptor {
  name: string;
  title?: string;
  description?: string;
  licenses?: { name: string }[];
  keywords?: string[];
  contributors?: { title: string; email?: string; role?: string }[];
  resources: { name: string; path: string; format?: string }[];
}

function args() {
  const a = process.argv.slice(2);
  const val = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  const flagsWithValue = new Set(["--portal", "--report", "--schema-dir"]);
  const dirs = a.filter((x, i) => !x.startsWith("--") && !flagsWithValue.has(a[i - 1] ?? ""));
  const portal = (val("--portal") ?? "dev") as PortalName;
  if (!(portal in PORTALS)) throw new Error(`--portal must be one of ${Object.keys(PORTALS).join(", ")}`);
  return { dirs, publish: a.includes("--publish"), portal, report: val("--report") };
}

function dotenv(): Record<string, string> {
  const file = path.join(ROOT, ".env");
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .map((l) => /^([A-Z0-9_]+)=(.*)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

async function frictionless(descriptor: string): Promise<Finding[]> {
  try {
    await run("frictionless", ["validate", "--json", descriptor], { maxBuffer: 64 << 20 });
    return [];
  } catch (err) {
    const out = (err as { stdout?: string }).stdout ?? "";
    try {
      const report = JSON.parse(out) as { tasks?: { resource?: { name?: string }; errors: { message: string }[] }[] };
      return (report.tasks ?? []).flatMap((t) => t.errors.slice(0, 10).map((e) => ({ level: "error" as const, message: `${t.resource?.name ?? "?"}: ${e.message}` })));
    } catch {
      return [{ level: "error", message: `frictionless failed: ${String((err as Error).message).slice(0, 200)}` }];
    }
  }
}

function metadataChecks(pkg: PackageDescriptor): Finding[] {
  const f: Finding[] = [];
  const lic = pkg.licenses?.[0]?.name?.toLowerCase();
  if (!lic || !ALLOWED_LICENSES.has(lic)) f.push({ level: "error", message: `licence "${lic ?? "none"}" is not in the allowed list` });
  if (!pkg.title || pkg.title.length < 8) f.push({ level: "error", message: "title missing or shorter than 8 characters" });
  if (!pkg.description || pkg.description.length < 80) f.push({ level: "warning", message: "description shorter than 80 characters" });
  if (!pkg.keywords?.length) f.push({ level: "warning", message: "no keywords" });
  const contact = pkg.contributors?.find((c) => c.role === "contact" || c.role === "publisher");
  if (!contact?.email?.endsWith("@city.internal")) f.push({ level: "error", message: "contact e-mail must be a city.internal address" });
  return f;
}

async function piiScan(dir: string, pkg: PackageDescriptor): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const res of pkg.resources.filter((r) => r.path.endsWith(".csv"))) {
    const text = await readFile(path.join(dir, res.path), "utf8");
    const lines = text.split(/\r?\n/).slice(0, 500);
    const header = lines[0]?.split(",") ?? [];
    for (const h of header) if (PII_HEADERS.test(h.trim().replace(/"/g, ""))) findings.push({ level: "error", message: `${res.name}: column "${h}" looks personal` });
    for (const [kind, re] of PII_PATTERNS) {
      const hit = lines.slice(1).findIndex((l) => re.test(l));
      if (hit >= 0) findings.push({ level: "error", message: `${res.name}: ${kind} pattern on data line ${hit + 2}` });
    }
  }
  return findings;
}

async function publish(dir: string, pkg: PackageDescriptor, portal: PortalName): Promise<void> {
  const env = { ...dotenv(), ...process.env } as Record<string, string | undefined>;
  const { url, tokenVar } = PORTALS[portal];
  const token = env[tokenVar];
  if (!token) throw new Error(`${tokenVar} missing in .env`);
  const dataset = {
    name: pkg.name,
    title: pkg.title,
    notes: pkg.description,
    license_id: pkg.licenses?.[0]?.name,
    tags: (pkg.keywords ?? []).map((k) => ({ name: k })),
    owner_org: env.CKAN_OWNER_ORG ?? "open-data",
  };
  const exists = await run("ckanapi", ["action", "package_show", `id=${pkg.name}`, "-r", url, "-a", token]).then(() => true, () => false);
  const action = exists ? "package_patch" : "package_create";
  const payloadFile = path.join(ROOT, "build", `${pkg.name}.ckan.json`);
  await writeFile(payloadFile, JSON.stringify(exists ? { id: pkg.name, ...dataset } : dataset));
  await run("ckanapi", ["action", action, "-I", payloadFile, "-r", url, "-a", token]);
  console.error(`[prepublish] ${action} ${pkg.name} on ${portal}`);
}

async function main(): Promise<number> {
  const o = args();
  const dirs = o.dirs.length ? o.dirs : (await readdir(path.join(ROOT, "datasets"))).map((d) => path.join("datasets", d));
  await mkdir(path.join(ROOT, "build"), { recursive: true });
  const report: string[] = [`# Pre-publication report (${new Date().toISOString().slice(0, 10)})`, ""];
  let blocked = 0;

  for (const d of dirs) {
    const dir = path.resolve(ROOT, d);
    const descriptor = path.join(dir, "datapackage.json");
    if (!existsSync(descriptor)) continue;
    const pkg = JSON.parse(await readFile(descriptor, "utf8")) as PackageDescriptor;
    const findings = [...(await frictionless(descriptor)), ...metadataChecks(pkg), ...(await piiScan(dir, pkg))];
    const errors = findings.filter((f) => f.level === "error");
    report.push(`## ${pkg.name} — ${errors.length ? "BLOCKED" : "ok"}`, "", ...findings.map((f) => `- ${f.level}: ${f.message}`), "");
    console.error(`[prepublish] ${pkg.name}: ${errors.length} error(s), ${findings.length - errors.length} warning(s)`);
    if (errors.length) {
      blocked++;
      continue;
    }
    if (o.publish) await publish(dir, pkg, o.portal);
  }

  const reportFile = path.resolve(ROOT, o.report ?? "build/prepublish.md");
  if (!reportFile.startsWith(ROOT + path.sep)) throw new Error("--report must be inside the repository");
  report.push(
    "---",
    `${dirs.length} dataset folder(s) checked, ${blocked} blocked.`,
    o.publish ? `Published to: ${o.portal} (${PORTALS[o.portal].url})` : "Dry run: nothing published.",
    "",
  );
  await writeFile(reportFile, report.join("\n"));
  console.error(`[prepublish] report: ${path.relative(ROOT, reportFile)}`);
  return blocked ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[prepublish] ${e.message}`);
    process.exit(1);
  },
);
