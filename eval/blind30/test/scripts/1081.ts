/**
 * openpgp-card-report.ts - structured report of the OpenPGP card(s) used for release signing
 *
 *   npx tsx tools/openpgp-card-report.ts [--json reports/cards.json]
 *
 * Runs `gpg --card-status --with-colons` and, when ykman is present,
 * `ykman openpgp info` and `ykman openpgp keys info sig` - all of them read-only
 * informational commands (argv arrays via execFile, allow-listed in run()). The report
 * contains fingerprints, key attributes, touch policies, PIN retry counters and the
 * signature counter, so the release managers can see whether a card is about to lock.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");

const ALLOW: ReadonlyArray<readonly string[]> = [
  ["gpg", "--card-status", "--with-colons"],
  ["ykman", "openpgp", "info"],
  ["ykman", "openpgp", "keys", "info", "sig"],
  ["ykman", "list", "--serials"],
];

interface CardReport {
  reader?: string;
  serial?: string;
  vendor?: string;
  version?: string;
  name?: string;
  fingerprints: { sig?: string; enc?: string; aut?: string };
  keyAttributes: string[];
  pinRetries?: { user: number; reset: number; admin: number };
  signatureCount?: number;
  touchPolicies: Record<string, string>;
  warnings: string[];
}

async function run(argv: readonly string[]): Promise<string | null> {
  const allowed = ALLOW.some((a) => a.length === argv.length && a.every((x, i) => x === argv[i]));
  if (!allowed) throw new Error(`not an allowed read-only command: ${argv.join(" ")}`);
  try {
    const { stdout } = await execFileP(argv[0], argv.slice(1), { timeout: 20000 });
    return stdout;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stdout?: string };
    if (e.code === "ENOENT") return null;
    return e.stdout ?? "";
  }
}

function parseColons(text: string): CardReport {
  const r: CardReport = { fingerprints: {}, keyAttributes: [], touchPolicies: {}, warnings: [] };
  for (const line of text.split("\n")) {
    const f = line.split(":");
    switch (f[0]) {
      case "Reader": r.reader = f[1]; break;
      case "serial": r.serial = f[1]; break;
      case "vendor": r.vendor = f[2]; break;
      case "version": r.version = f[1]; break;
      case "name": r.name = [f[1], f[2]].filter(Boolean).join(" "); break;
      case "keyattr": r.keyAttributes.push(`${f[1]}:${f[3] || f[2]}`); break;
      case "fpr": r.fingerprints = { sig: f[1] || undefined, enc: f[2] || undefined, aut: f[3] || undefined }; break;
      case "pinretry": r.pinRetries = { user: Number(f[1]), reset: Number(f[2]), admin: Number(f[3]) }; break;
      case "sigcount": r.signatureCount = Number(f[1]); break;
      default:
    }
  }
  return r;
}

function parseYkmanInfo(text: string, r: CardReport): void {
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (/^(Signature|Decryption|Authentication|Attestation) key/.test(line)) section = line.split(" ")[0].toLowerCase();
    const touch = /^Touch policy:\s+(.*)$/.exec(line);
    if (touch && section) r.touchPolicies[section] = touch[1];
  }
}

function assess(r: CardReport): void {
  if (!r.fingerprints.sig) r.warnings.push("no signature key on the card");
  if (r.pinRetries && r.pinRetries.user <= 1) r.warnings.push(`user PIN has ${r.pinRetries.user} retry left`);
  if (r.pinRetries && r.pinRetries.admin <= 1) r.warnings.push(`admin PIN has ${r.pinRetries.admin} retry left`);
  if (r.touchPolicies.signature && r.touchPolicies.signature.toLowerCase() === "off") r.warnings.push("signature key does not require touch");
  if (r.keyAttributes.some((a) => /rsa1024|rsa2048/.test(a))) r.warnings.push("RSA key size below our 3072-bit policy");
}

function printReport(r: CardReport): void {
  console.log(`card ${r.serial ?? "?"} (${r.vendor ?? "?"}, OpenPGP ${r.version ?? "?"}) in ${r.reader ?? "?"}`);
  console.log(`  holder:        ${r.name || "-"}`);
  console.log(`  signature:     ${r.fingerprints.sig ?? "-"}`);
  console.log(`  encryption:    ${r.fingerprints.enc ?? "-"}`);
  console.log(`  auth:          ${r.fingerprints.aut ?? "-"}`);
  console.log(`  attributes:    ${r.keyAttributes.join(", ") || "-"}`);
  if (r.pinRetries) console.log(`  PIN retries:   user ${r.pinRetries.user}, reset ${r.pinRetries.reset}, admin ${r.pinRetries.admin}`);
  if (r.signatureCount !== undefined) console.log(`  signatures:    ${r.signatureCount}`);
  for (const [k, v] of Object.entries(r.touchPolicies)) console.log(`  touch ${k.padEnd(8)} ${v}`);
  for (const w of r.warnings) console.log(`  warning: ${w}`);
}

interface History {
  host: string;
  at: string;
  report: CardReport;
}

function loadHistory(file: string): History | null {
  try {
    const { readFileSync } = require("node:fs") as typeof import("node:fs");
    return JSON.parse(readFileSync(file, "utf8")) as History;
  } catch {
    return null;
  }
}

function compareHistory(prev: History | null, now: CardReport): string[] {
  // explain what changed since the last saved report of this host
  if (!prev) return [];
  const notes: string[] = [];
  if (prev.report.serial !== now.serial) notes.push(`card changed: ${prev.report.serial ?? "?"} -> ${now.serial ?? "?"}`);
  if (prev.report.fingerprints.sig !== now.fingerprints.sig) notes.push("signature key fingerprint changed");
  if (prev.report.signatureCount !== undefined && now.signatureCount !== undefined) {
    notes.push(`${now.signatureCount - prev.report.signatureCount} signature(s) since ${prev.at.slice(0, 10)}`);
  }
  if (prev.report.pinRetries && now.pinRetries && now.pinRetries.user < prev.report.pinRetries.user) {
    notes.push(`user PIN retries dropped from ${prev.report.pinRetries.user} to ${now.pinRetries.user}`);
  }
  return notes;
}

async function cardCount(): Promise<number> {
  const out = await run(["ykman", "list", "--serials"]);
  if (out === null) return 0;
  return out.split("\n").filter((l) => /^\d+$/.test(l.trim())).length;
}

async function main(): Promise<void> {
  const keys = await cardCount();
  if (keys > 1) console.log(`note: ${keys} YubiKeys attached; gpg reports only the first card`);
  const status = await run(["gpg", "--card-status", "--with-colons"]);
  if (status === null) throw new Error("gpg not installed");
  if (!status.trim()) {
    console.log("no OpenPGP card detected");
    process.exitCode = 1;
    return;
  }
  const report = parseColons(status);
  const yk = await run(["ykman", "openpgp", "info"]);
  if (yk) parseYkmanInfo(yk, report);
  const sigInfo = await run(["ykman", "openpgp", "keys", "info", "sig"]);
  if (sigInfo) {
    const m = /Touch policy:\s+(.*)/.exec(sigInfo);
    if (m) report.touchPolicies.signature = m[1].trim();
  }
  assess(report);
  printReport(report);
  const ji = process.argv.indexOf("--json");
  if (ji > 0) {
    const out = path.resolve(ROOT, process.argv[ji + 1] ?? `reports/cards/${os.hostname()}.json`);
    if (!out.startsWith(ROOT + path.sep)) throw new Error("--json must be inside the repository");
    for (const n of compareHistory(loadHistory(out), report)) console.log(`  since last report: ${n}`);
    mkdirSync(path.dirname(out), { recursive: true, mode: 0o750 });
    writeFileSync(out, JSON.stringify({ host: os.hostname(), at: new Date().toISOString(), report }, null, 2));
    console.log(`saved ${path.relative(ROOT, out)}`);
  }
  process.exitCode = report.warnings.length ? 1 : 0;
  if (report.warnings.length) {
    console.log("see docs/release-signing.md for how to unblock a PIN or renew keys");
  } else {
    console.log("card ready for release signing");
  }
}

main().catch((err: Error) => {
  console.error(`openpgp-card-report: ${err.message}`);
  process.exit(2);
});
