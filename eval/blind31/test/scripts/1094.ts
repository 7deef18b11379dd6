#!/usr/bin/env -S npx tsx
/**
 * contacts-fixtures.ts — turn a sample of the developer's own address book
 * (read via `khard`, read-only) into *anonymised* vCard fixtures for the
 * CardDAV sync tests, so the tests see realistic structure (multiple emails,
 * odd phone formats, organisations, birthdays without a year) without any
 * real personal data.
 *
 *   npx tsx tools/contacts-fixtures.ts --count 40
 *   npx tsx tools/contacts-fixtures.ts --count 40 --seed 7    # reproducible pseudonyms
 *
 * What is kept: the *shape* of each contact (how many emails/phones/addresses,
 * which vCard properties are present, label types, date formats).
 * What is replaced: every name, email, phone number, street, city, note and
 * UID, with deterministic pseudonyms from a seeded generator. Photos and
 * notes are dropped. Output: test/fixtures/contacts/*.vcf plus an index.
 * Nothing is written to the address book; khard is only asked to list/show.
 */

import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "test", "fixtures", "contacts");

const FIRST = ["Ada", "Bruno", "Chiara", "Dmitri", "Esme", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kaia", "Luis"];
const LAST = ["Archer", "Becker", "Costa", "Duarte", "Eklund", "Fischer", "Garcia", "Hansen", "Ivanova", "Jensen"];
const CITIES = ["Fixtureville", "Testford", "Sampleton", "Mockbury"];
const ORGS = ["Example Widgets", "Sample Logistics", "Fixture Labs", "Test Orchestra"];

interface Shape {
  emails: string[];
  phones: string[];
  addresses: number;
  org: boolean;
  birthday: "full" | "no-year" | null;
  nickname: boolean;
}

function rng(seed: number): () => number {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 1_000_000) / 1_000_000;
  };
}

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}

function khard(args: string[]): string {
  return execFileSync("khard", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function listUids(): string[] {
  // --parsable prints: uid<TAB>name<TAB>addressbook
  return khard(["list", "--parsable"]).split("\n").filter(Boolean).map((l) => l.split("\t")[0]);
}

function shapeOf(uid: string): Shape {
  const vcard = khard(["show", "--format", "vcard", `uid:${uid}`]);
  const lines = vcard.split(/\r?\n/);
  const typeOf = (line: string) => (/TYPE=([^:;]+)/i.exec(line)?.[1] ?? "other").toLowerCase();
  const bday = lines.find((l) => l.startsWith("BDAY"));
  return {
    emails: lines.filter((l) => /^(item\d+\.)?EMAIL/i.test(l)).map(typeOf),
    phones: lines.filter((l) => /^(item\d+\.)?TEL/i.test(l)).map(typeOf),
    addresses: lines.filter((l) => /^(item\d+\.)?ADR/i.test(l)).length,
    org: lines.some((l) => l.startsWith("ORG")),
    birthday: bday ? (/--\d{2}-?\d{2}/.test(bday) ? "no-year" : "full") : null,
    nickname: lines.some((l) => l.startsWith("NICKNAME")),
  };
}

function fakeVcard(shape: Shape, index: number, r: () => number): string {
  const first = pick(r, FIRST);
  const last = pick(r, LAST);
  const slug = `${first}.${last}`.toLowerCase();
  const out = ["BEGIN:VCARD", "VERSION:3.0", `UID:fixture-${String(index).padStart(4, "0")}`, `N:${last};${first};;;`, `FN:${first} ${last}`];
  if (shape.nickname) out.push(`NICKNAME:${first.slice(0, 3)}`);
  shape.emails.forEach((type, i) => out.push(`EMAIL;TYPE=${type}:${slug}${i ? `+${i}` : ""}@contacts.test`));
  shape.phones.forEach((type, i) => {
    const digits = String(5550100 + Math.floor(r() * 99) + i * 100);
    out.push(`TEL;TYPE=${type}:${i % 2 ? `+1 (555) ${digits.slice(3)}` : `555-${digits.slice(3)}`}`);
  });
  for (let i = 0; i < shape.addresses; i += 1) {
    out.push(`ADR;TYPE=${i ? "work" : "home"}:;;${10 + Math.floor(r() * 90)} Example Street;${pick(r, CITIES)};;00${100 + i};Testland`);
  }
  if (shape.org) out.push(`ORG:${pick(r, ORGS)}`);
  if (shape.birthday === "full") out.push(`BDAY:19${70 + Math.floor(r() * 30)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`);
  if (shape.birthday === "no-year") out.push(`BDAY:--0${1 + Math.floor(r() * 9)}-2${Math.floor(r() * 8)}`);
  out.push("END:VCARD", "");
  return out.join("\r\n");
}

const REAL_DATA_PATTERNS: RegExp[] = [
  /@(?!contacts\.test\b)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/, // any e-mail domain other than the fixture one
  /PHOTO[;:]/i,
  /NOTE[;:]/i,
  /X-[A-Z-]+:/, // vendor extensions may carry identifiers
];

function leakCheck(dir: string): string[] {
  // paranoia: make sure nothing that looks like real data ended up in a fixture
  const problems: string[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".vcf"))) {
    const text = readFileSyncSafe(path.join(dir, f));
    for (const re of REAL_DATA_PATTERNS) {
      if (re.test(text)) problems.push(`${f}: matches ${re}`);
    }
  }
  return problems;
}

function readFileSyncSafe(file: string): string {
  try {
    return require("node:fs").readFileSync(file, "utf8") as string;
  } catch {
    return "";
  }
}

function shapeSummary(index: { shape: Shape }[]): string[] {
  const count = (pred: (s: Shape) => boolean) => index.filter((c) => pred(c.shape)).length;
  return [
    `multiple emails:   ${count((s) => s.emails.length > 1)}`,
    `multiple phones:   ${count((s) => s.phones.length > 1)}`,
    `with addresses:    ${count((s) => s.addresses > 0)}`,
    `with organisation: ${count((s) => s.org)}`,
    `birthday no year:  ${count((s) => s.birthday === "no-year")}`,
    `with nickname:     ${count((s) => s.nickname)}`,
  ];
}

function requireKhard(): void {
  try {
    execFileSync("khard", ["--version"], { stdio: "ignore" });
  } catch {
    throw new Error("khard is not installed or not configured");
  }
}

function main(): void {
  requireKhard();
  const argv = process.argv.slice(2);
  const count = Number(argv.includes("--count") ? argv[argv.indexOf("--count") + 1] : 30);
  const seed = Number(argv.includes("--seed") ? argv[argv.indexOf("--seed") + 1] : 42);
  const r = rng(seed);
  const uids = listUids();
  if (!uids.length) throw new Error("khard lists no contacts");
  const sample = [...uids].sort(() => r() - 0.5).slice(0, Math.min(count, uids.length));
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT)) if (f.endsWith(".vcf")) rmSync(path.join(OUT, f));
  const index: { file: string; shape: Shape }[] = [];
  sample.forEach((uid, i) => {
    const shape = shapeOf(uid);
    const file = `fixture-${String(i).padStart(4, "0")}.vcf`;
    writeFileSync(path.join(OUT, file), fakeVcard(shape, i, r));
    index.push({ file, shape });
  });
  writeFileSync(path.join(OUT, "index.json"), JSON.stringify({ seed, count: index.length, contacts: index }, null, 2));
  const withBday = index.filter((c) => c.shape.birthday).length;
  console.log(`${index.length} anonymised contacts (${withBday} with birthdays) -> ${path.relative(ROOT, OUT)}`);
  for (const line of shapeSummary(index)) console.log(`  ${line}`);
  const leaks = leakCheck(OUT);
  if (leaks.length) {
    for (const l of leaks) console.error(`  LEAK? ${l}`);
    throw new Error("fixture output contains data that does not look synthetic; not committing this");
  }
}

try {
  main();
} catch (err) {
  console.error(`contacts-fixtures: ${(err as Error).message}`);
  process.exitCode = 1;
}
