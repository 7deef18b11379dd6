#!/usr/bin/env -S npx tsx
// EDIFACT D.96A INVOIC builder + validator for the outbound invoice feed.
//
//   npx tsx edi/invoic.ts build invoices/2024-06/*.json     # JSON → EDIFACT in outbound/
//   npx tsx edi/invoic.ts check outbound/ACME/INVOIC_*.edi   # structural validation
//
// Every partner has a profile in config/edifact/<partner>.json with its GLNs,
// the syntax identifier (UNOA/UNOC) and whether it wants a UNA service string.
// Text that cannot be represented in UNOA is transliterated; release
// characters (?) are applied to : + ' and ? inside data.  Interchange control
// references come from state/<partner>.icr and are only advanced after the
// file was written (write to .tmp, then rename).
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

interface Profile {
  partner: string;
  senderGln: string;
  receiverGln: string;
  syntax: "UNOA" | "UNOC";
  una: boolean;
  testIndicator?: boolean;
}

interface InvoiceLine {
  ean: string;
  description: string;
  qty: number;
  unitPrice: number;
  vatRate: number;
}

interface Invoice {
  partner: string;
  number: string;
  date: string;
  orderRef?: string;
  currency: string;
  buyerGln: string;
  lines: InvoiceLine[];
}

const ROOT = path.resolve(__dirname, "..");
const OUTBOUND = path.join(ROOT, "outbound");
const STATE = path.join(ROOT, "state");

function escapeValue(v: string, syntax: Profile["syntax"]): string {
  let s = v.normalize("NFC");
  if (syntax === "UNOA") {
    s = s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "SS").toUpperCase();
    s = s.replace(/[^A-Z0-9 .,\-()/=!"%&*;<>:+'?]/g, " ");
  }
  return s.replace(/([?:+'])/g, "?$1");
}

function seg(tag: string, ...elements: (string | string[])[]): string {
  return [tag, ...elements.map((e) => (Array.isArray(e) ? e.join(":") : e))].join("+").replace(/\+*$/, "") + "'";
}

function money(n: number): string {
  // EDIFACT decimal mark is "." (declared in UNA); no thousands separators
  return n.toFixed(2);
}

function assertGln(gln: string, what: string): void {
  if (!/^\d{13}$/.test(gln)) throw new Error(`${what} GLN "${gln}" must have 13 digits`);
  const digits = gln.split("").map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
  if ((10 - (sum % 10)) % 10 !== digits[12]) throw new Error(`${what} GLN ${gln} has a bad check digit`);
}

async function nextIcr(partner: string): Promise<number> {
  const file = path.join(STATE, `${partner}.icr`);
  const current = existsSync(file) ? Number((await readFile(file, "utf8")).trim()) : 0;
  return (current % 99999999999999) + 1;
}

async function commitIcr(partner: string, icr: number): Promise<void> {
  await mkdir(STATE, { recursive: true });
  const file = path.join(STATE, `${partner}.icr`);
  await writeFile(`${file}.tmp`, String(icr));
  await rename(`${file}.tmp`, file);
}

function buildMessage(inv: Invoice, p: Profile, msgRef: string): string[] {
  const e = (v: string) => escapeValue(v, p.syntax);
  const body: string[] = [
    seg("UNH", msgRef, ["INVOIC", "D", "96A", "UN", "EAN008"]),
    seg("BGM", "380", e(inv.number), "9"),
    seg("DTM", ["137", inv.date.replace(/-/g, ""), "102"]),
  ];
  if (inv.orderRef) body.push(seg("RFF", ["ON", e(inv.orderRef)]));
  body.push(seg("NAD", "BY", [inv.buyerGln, "", "9"]), seg("NAD", "SU", [p.senderGln, "", "9"]), seg("CUX", ["2", inv.currency, "4"]));
  let net = 0;
  const vat = new Map<number, number>();
  inv.lines.forEach((l, i) => {
    const amount = l.qty * l.unitPrice;
    net += amount;
    vat.set(l.vatRate, (vat.get(l.vatRate) ?? 0) + amount);
    body.push(
      seg("LIN", String(i + 1), "", [l.ean, "EN"]),
      seg("IMD", "F", "", ["", "", "", e(l.description.slice(0, 35))]),
      seg("QTY", ["47", String(l.qty)]),
      seg("MOA", ["203", money(amount)]),
      seg("PRI", ["AAA", money(l.unitPrice)]),
      seg("TAX", "7", "VAT", "", "", ["", "", "", String(l.vatRate)]),
    );
  });
  const vatTotal = [...vat].reduce((s, [rate, base]) => s + (base * rate) / 100, 0);
  body.push(seg("UNS", "S"), seg("MOA", ["79", money(net)]), seg("MOA", ["176", money(vatTotal)]), seg("MOA", ["77", money(net + vatTotal)]));
  for (const [rate, base] of vat) body.push(seg("TAX", "7", "VAT", "", "", ["", "", "", String(rate)]), seg("MOA", ["125", money(base)]));
  body.push(seg("UNT", String(body.length + 1), msgRef));
  return body;
}

async function build(files: string[]): Promise<number> {
  let written = 0;
  for (const f of files) {
    const inv = JSON.parse(await readFile(f, "utf8")) as Invoice;
    const profileFile = path.join(ROOT, "config", "edifact", `${inv.partner}.json`);
    if (!existsSync(profileFile)) throw new Error(`${path.basename(f)}: no profile for partner ${inv.partner}`);
    const p = JSON.parse(await readFile(profileFile, "utf8")) as Profile;
    assertGln(p.senderGln, "sender");
    assertGln(p.receiverGln, "receiver");
    const icr = await nextIcr(p.partner);
    const now = new Date();
    const ymd = now.toISOString().slice(2, 10).replace(/-/g, "");
    const hm = now.toISOString().slice(11, 16).replace(":", "");
    const lines = [
      ...(p.una ? ["UNA:+.? '"] : []),
      seg("UNB", [p.syntax, "3"], [p.senderGln, "14"], [p.receiverGln, "14"], [ymd, hm], String(icr), "", "", "", "", p.testIndicator ? "1" : ""),
      ...buildMessage(inv, p, "1"),
      seg("UNZ", "1", String(icr)),
    ];
    const dir = path.join(OUTBOUND, p.partner);
    await mkdir(dir, { recursive: true });
    const target = path.join(dir, `INVOIC_${inv.number.replace(/[^\w-]/g, "_")}.edi`);
    await writeFile(`${target}.tmp`, lines.join("\n") + "\n", p.syntax === "UNOA" ? "ascii" : "latin1");
    await rename(`${target}.tmp`, target);
    await commitIcr(p.partner, icr);
    console.error(`[invoic] ${inv.number} → ${path.relative(ROOT, target)} (ICR ${icr})`);
    written++;
  }
  return written;
}

async function check(files: string[]): Promise<number> {
  let bad = 0;
  for (const f of files) {
    const text = (await readFile(f, "latin1")).replace(/^UNA.{6}/, "");
    const segs = text.split(/(?<!\?)'/).map((s) => s.trim()).filter(Boolean);
    const problems: string[] = [];
    const unh = segs.findIndex((s) => s.startsWith("UNH+"));
    const unt = segs.findIndex((s) => s.startsWith("UNT+"));
    if (unh < 0 || unt < 0) problems.push("UNH/UNT missing");
    else {
      const declared = Number(segs[unt].split("+")[1]);
      if (declared !== unt - unh + 1) problems.push(`UNT says ${declared} segments, counted ${unt - unh + 1}`);
    }
    const unb = segs.find((s) => s.startsWith("UNB+"))?.split("+")[5];
    const unz = segs.find((s) => s.startsWith("UNZ+"))?.split("+")[2];
    if (unb !== unz) problems.push(`UNB/UNZ control references differ (${unb} vs ${unz})`);
    if (problems.length) {
      bad++;
      console.error(`[invoic] ${path.basename(f)}: ${problems.join("; ")}`);
    }
  }
  console.error(`[invoic] ${files.length} file(s) checked, ${bad} with problems`);
  return bad;
}

async function main(): Promise<number> {
  const [cmd, ...files] = process.argv.slice(2);
  if (!files.length) throw new Error("usage: invoic.ts build|check <files…>");
  if (cmd === "build") return (await build(files)) ? 0 : 1;
  if (cmd === "check") return (await check(files)) ? 1 : 0;
  throw new Error(`unknown command ${cmd}`);
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[invoic] ${e.message}`);
    process.exit(1);
  },
);
