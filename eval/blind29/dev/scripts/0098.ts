#!/usr/bin/env -S npx tsx
// MARCXML → JSON-LD (schema.org Book / CreativeWork) for the discovery layer.
//
//   npx tsx tools/marcxml2jsonld.ts data/export.xml > build/catalog.jsonld
//   npx tsx tools/marcxml2jsonld.ts data/*.xml --out build/jsonld/ --base https://catalog.internal/record/
//
// Streaming-ish: records are split on <record> boundaries so exports of a few
// hundred MB do not need a DOM.  Authority links ($0) pointing to id.loc.gov or
// the GND are kept as sameAs URIs but never dereferenced.  Records without a
// 245 are written to build/jsonld/rejects.xml for the cataloguers.
import { createReadStream, createWriteStream, existsSync, type WriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";

const MARC_NS = "http://www.loc.gov/MARC21/slim";
const ROOT = path.resolve(__dirname, "..");

interface Subfield {
  code: string;
  value: string;
}

interface DataField {
  tag: string;
  ind1: string;
  ind2: string;
  subfields: Subfield[];
}

interface MarcRecord {
  leader: string;
  control: Map<string, string>;
  fields: DataField[];
}

type JsonLd = Record<string, unknown>;

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");
}

function parseRecord(xml: string): MarcRecord {
  const leader = decodeEntities((/<(?:marc:)?leader>([^<]*)<\/(?:marc:)?leader>/.exec(xml) ?? [])[1] ?? "");
  const control = new Map<string, string>();
  for (const m of xml.matchAll(/<(?:marc:)?controlfield tag="(\d{3})">([^<]*)<\/(?:marc:)?controlfield>/g)) {
    control.set(m[1], decodeEntities(m[2]));
  }
  const fields: DataField[] = [];
  for (const m of xml.matchAll(/<(?:marc:)?datafield tag="(\d{3})" ind1="(.)" ind2="(.)">([\s\S]*?)<\/(?:marc:)?datafield>/g)) {
    const subfields: Subfield[] = [];
    for (const s of m[4].matchAll(/<(?:marc:)?subfield code="(.)">([^<]*)<\/(?:marc:)?subfield>/g)) {
      subfields.push({ code: s[1], value: decodeEntities(s[2]) });
    }
    fields.push({ tag: m[1], ind1: m[2], ind2: m[3], subfields });
  }
  return { leader, control, fields };
}

const sub = (f: DataField | undefined, code: string) => f?.subfields.find((s) => s.code === code)?.value;
const subs = (f: DataField, code: string) => f.subfields.filter((s) => s.code === code).map((s) => s.value);
const trimPunct = (s: string | undefined) => s?.replace(/\s*[\/:;,.=]\s*$/, "").trim();

function typeFor(leader: string): string {
  const t = leader[6];
  if (t === "a" || t === "t") return leader[7] === "s" ? "Periodical" : "Book";
  if (t === "c" || t === "d") return "MusicComposition";
  if (t === "e" || t === "f") return "Map";
  if (t === "g") return "VideoObject";
  if (t === "i" || t === "j") return "AudioObject";
  return "CreativeWork";
}

function authorityUris(f: DataField): string[] {
  return subs(f, "0")
    .map((v) => v.replace(/^\(DE-588\)/, "https://d-nb.info/gnd/").replace(/^\(DLC\)/, "http://id.loc.gov/authorities/names/"))
    .filter((v) => /^https?:\/\//.test(v));
}

function toJsonLd(rec: MarcRecord, base: string): JsonLd | null {
  const f245 = rec.fields.find((f) => f.tag === "245");
  if (!f245) return null;
  const id = rec.control.get("001") ?? "";
  const title = [sub(f245, "a"), sub(f245, "b")].filter(Boolean).map(trimPunct).join(": ");
  const people = rec.fields
    .filter((f) => ["100", "700"].includes(f.tag))
    .map((f) => ({ "@type": "Person", name: trimPunct(sub(f, "a")), ...(authorityUris(f).length ? { sameAs: authorityUris(f) } : {}) }));
  const pub = rec.fields.find((f) => f.tag === "264" && f.ind2 === "1") ?? rec.fields.find((f) => f.tag === "260");
  const f008 = rec.control.get("008") ?? "";
  const year = /^\d{4}$/.test(f008.slice(7, 11)) ? f008.slice(7, 11) : trimPunct(sub(pub, "c"))?.replace(/\D/g, "").slice(0, 4);
  const isbns = rec.fields.filter((f) => f.tag === "020").flatMap((f) => subs(f, "a").map((v) => v.split(/\s/)[0]));
  const subjects = rec.fields.filter((f) => /^6[0-5]\d$/.test(f.tag)).map((f) => trimPunct(sub(f, "a"))).filter(Boolean);
  const lang = f008.slice(35, 38).trim();
  return {
    "@context": "https://schema.org/",
    "@type": typeFor(rec.leader),
    "@id": `${base}${encodeURIComponent(id)}`,
    identifier: id,
    name: title,
    ...(people.length ? { author: people.filter((_, i) => i === 0), contributor: people.slice(1) } : {}),
    ...(pub ? { publisher: { "@type": "Organization", name: trimPunct(sub(pub, "b")) }, locationCreated: trimPunct(sub(pub, "a")) } : {}),
    ...(year ? { datePublished: year } : {}),
    ...(isbns.length ? { isbn: isbns } : {}),
    ...(subjects.length ? { about: subjects } : {}),
    ...(lang ? { inLanguage: lang } : {}),
  };
}

async function* records(file: string): AsyncGenerator<string> {
  let buf = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    buf += chunk;
    let end: number;
    while ((end = buf.search(/<\/(?:marc:)?record>/)) >= 0) {
      const closeLen = buf.slice(end).startsWith("</marc:record>") ? 14 : 9;
      const start = buf.search(/<(?:marc:)?record[\s>]/);
      if (start >= 0 && start < end) yield buf.slice(start, end + closeLen);
      buf = buf.slice(end + closeLen);
    }
  }
}

function parseArgs() {
  const a = process.argv.slice(2);
  const val = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  const skip = new Set([val("--out"), val("--base")]);
  return {
    inputs: a.filter((x) => !x.startsWith("--") && !skip.has(x)),
    out: val("--out"),
    base: val("--base") ?? "https://catalog.internal/record/",
  };
}

async function main(): Promise<number> {
  const o = parseArgs();
  if (!o.inputs.length) throw new Error("no MARCXML input files");
  let rejects: WriteStream | null = null;
  let ok = 0;
  let bad = 0;
  for (const input of o.inputs) {
    if (!existsSync(input)) throw new Error(`${input} not found`);
    const head = (await createReadStream(input, { start: 0, end: 2000, encoding: "utf8" }).toArray()).join("");
    if (!head.includes(MARC_NS)) console.error(`[jsonld] warning: ${input} does not declare the MARC21 slim namespace`);
    let sink: WriteStream | NodeJS.WriteStream = process.stdout;
    if (o.out) {
      const dir = path.resolve(ROOT, o.out);
      await mkdir(dir, { recursive: true });
      sink = createWriteStream(path.join(dir, path.basename(input).replace(/\.xml$/i, ".jsonld")));
    }
    for await (const xml of records(input)) {
      const doc = toJsonLd(parseRecord(xml), o.base);
      if (!doc) {
        bad++;
        rejects ??= createWriteStream(path.join(ROOT, "build", "jsonld-rejects.xml"));
        rejects.write(xml + "\n");
        continue;
      }
      sink.write(JSON.stringify(doc) + "\n");
      ok++;
    }
    if (sink !== process.stdout) (sink as WriteStream).end();
  }
  rejects?.end();
  console.error(`[jsonld] ${ok} record(s) converted, ${bad} rejected`);
  return bad && !ok ? 1 : 0;
}

main().then(
  (c) => {
    process.exitCode = c;
  },
  (e: Error) => {
    console.error(`[jsonld] ${e.message}`);
    process.exitCode = 1;
  },
);
