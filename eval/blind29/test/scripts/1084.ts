#!/usr/bin/env -S npx tsx
// Extract named-entity candidates from TEI letters for the register editors.
//
//   npx tsx tools/entity-candidates.ts                      # whole corpus
//   npx tsx tools/entity-candidates.ts tei/letters/1871-*.xml --min 3
//
// Finds capitalised word sequences in the letter bodies that are *not*
// already tagged as persName/placeName/orgName, counts them across the corpus,
// removes stop words (data/stopwords/*.txt) and sentence-initial words, and
// matches the rest against the existing registers (register/*.xml) by
// normalised name so editors see "probably #p0042" suggestions.  Output:
// build/entities/candidates.csv and a per-letter JSON for the review UI.
// Parsing uses the fast-xml-parser package; no external services are used.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";

interface Candidate {
  text: string;
  count: number;
  letters: Set<string>;
  suggestion?: string;
}

const ROOT = path.resolve(__dirname, "..");
const TAGGED = new Set(["persName", "placeName", "orgName", "rs", "name", "bibl", "title"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  preserveOrder: true,
  trimValues: false,
  processEntities: false,
});

function walkFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walkFiles(full));
    else if (e.name.endsWith(".xml")) out.push(full);
  }
  return out.sort();
}

function loadStopwords(): Set<string> {
  const dir = path.join(ROOT, "data", "stopwords");
  const words = new Set<string>();
  if (!existsSync(dir)) return words;
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".txt"))) {
    for (const w of readFileSync(path.join(dir, f), "utf8").split("\n")) if (w.trim()) words.add(w.trim().toLowerCase());
  }
  return words;
}

function normalise(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ſ/g, "s")
    .replace(/[^\p{L}\s-]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

// untagged text of the <body>, skipping subtrees that are already entities
function untaggedText(nodes: unknown[], inBody = false, out: string[] = []): string[] {
  for (const node of nodes as Record<string, unknown>[]) {
    for (const [key, value] of Object.entries(node)) {
      if (key === ":@") continue;
      if (key === "#text") {
        if (inBody) out.push(String(value));
        continue;
      }
      if (TAGGED.has(key)) {
        if (inBody) out.push(" | ");
        continue;
      }
      if (Array.isArray(value)) untaggedText(value, inBody || key === "body", out);
    }
  }
  return out;
}

function candidatesIn(text: string, stop: Set<string>): string[] {
  const found: string[] = [];
  const sentences = text.split(/(?<=[.!?])\s+|\s\|\s/);
  for (const sentence of sentences) {
    const tokens = sentence.split(/\s+/).filter(Boolean);
    let run: string[] = [];
    tokens.forEach((tok, i) => {
      const word = tok.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
      const capital = /^\p{Lu}\p{Ll}+/u.test(word);
      if (capital && i > 0 && !stop.has(word.toLowerCase())) {
        run.push(word);
      } else {
        if (run.length) found.push(run.join(" "));
        run = [];
      }
    });
    if (run.length) found.push(run.join(" "));
  }
  return found;
}

function registerIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const reg of ["persons", "places", "orgs"]) {
    const file = path.join(ROOT, "register", `${reg}.xml`);
    if (!existsSync(file)) continue;
    const xml = readFileSync(file, "utf8");
    for (const m of xml.matchAll(/xml:id="([^"]+)"[\s\S]*?<(persName|placeName|orgName)[^>]*>([\s\S]*?)<\/\2>/g)) {
      index.set(normalise(m[3].replace(/<[^>]+>/g, " ")), m[1]);
    }
  }
  return index;
}

// very common false positives in 19th-century letters (salutations, months)
const FALSE_POSITIVES = new Set(["lieber", "liebe", "hochverehrter", "januar", "februar", "herr", "frau", "fräulein", "dear", "sir", "madam"]);

function plausible(c: Candidate): boolean {
  const first = normalise(c.text).split(" ")[0];
  return !FALSE_POSITIVES.has(first);
}

function csvEscape(s: string): string {
  return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const min = argv.includes("--min") ? Number(argv[argv.indexOf("--min") + 1]) : 2;
  const files = argv.filter((a) => a.endsWith(".xml")).map((a) => path.resolve(a));
  const inputs = files.length ? files : walkFiles(path.join(ROOT, "tei"));
  const stop = loadStopwords();
  const registry = registerIndex();
  const all = new Map<string, Candidate>();
  const perLetter: Record<string, string[]> = {};

  for (const file of inputs) {
    const rel = path.relative(ROOT, file);
    let tree: unknown[];
    try {
      tree = parser.parse(readFileSync(file, "utf8")) as unknown[];
    } catch (err) {
      console.error(`[entities] ${rel}: ${(err as Error).message}`);
      continue;
    }
    const text = untaggedText(tree).join("");
    const found = candidatesIn(text, stop);
    perLetter[rel] = [...new Set(found)];
    for (const c of found) {
      const key = normalise(c);
      if (!key || key.length < 3) continue;
      const entry = all.get(key) ?? { text: c, count: 0, letters: new Set<string>() };
      entry.count++;
      entry.letters.add(rel);
      all.set(key, entry);
    }
  }

  for (const [key, c] of all) c.suggestion = registry.get(key);
  const ranked = [...all.values()]
    .filter((c) => c.count >= min)
    .filter(plausible)
    .sort((a, b) => b.count - a.count);

  const outDir = path.join(ROOT, "build", "entities");
  await mkdir(outDir, { recursive: true });
  const csv = ["candidate,count,letters,suggestion", ...ranked.map((c) => [csvEscape(c.text), c.count, c.letters.size, c.suggestion ?? ""].join(","))];
  await writeFile(path.join(outDir, "candidates.csv"), csv.join("\n") + "\n");
  await writeFile(path.join(outDir, "per-letter.json"), JSON.stringify(perLetter, null, 1));
  const withSuggestion = ranked.filter((c) => c.suggestion).length;
  console.log(`${inputs.length} letter(s), ${ranked.length} candidate(s) seen ≥ ${min}×, ${withSuggestion} with register suggestion`);
  for (const c of ranked.slice(0, 15)) console.log(`  ${c.text.padEnd(32)} ${String(c.count).padStart(4)}  ${c.suggestion ? `→ #${c.suggestion}` : ""}`);
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[entities] ${e.message}`);
    process.exit(1);
  },
);
