/**
 * softlist-manifest.ts - build the fixture manifest for the MAME software-list
 * loader tests.
 *
 * MAME software lists (hash/*.xml in the MAME source) describe cartridge and
 * disk images.  Our loader is tested against a handful of homebrew entries; the
 * test needs a manifest with expected sizes and CRCs.  This tool:
 *   - reads the softlists named in test/fixtures/softlists/lists.txt from the
 *     local MAME hash directory (MAME_HASH_DIR, default /usr/share/games/mame/hash)
 *   - extracts the entries listed in test/fixtures/softlists/entries.txt
 *   - checks which fixture files exist and whether their CRC32 matches
 *   - writes test/fixtures/softlists/manifest.json (sorted, stable)
 * Read-only towards the MAME installation; writes only the manifest.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "softlists");
const HASH_DIR = process.env.MAME_HASH_DIR ?? "/usr/share/games/mame/hash";
const MANIFEST = path.join(FIXTURES, "manifest.json");

interface RomEntry {
  name: string;
  size: number;
  crc: string;
}
interface SoftwareEntry {
  list: string;
  name: string;
  description: string;
  year: string;
  publisher: string;
  roms: RomEntry[];
}
interface ManifestEntry extends SoftwareEntry {
  files: { name: string; present: boolean; crcOk: boolean | null }[];
}

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let crc = 0xffffffff;
    createReadStream(file)
      .on("data", (chunk: Buffer | string) => {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        for (const byte of buf) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
      })
      .on("end", () => resolve(((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0")))
      .on("error", reject);
  });
}

function readList(file: string): string[] {
  return readFileSync(file, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
}

function decode(s: string): string {
  return s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'");
}

function parseSoftlist(listName: string, wanted: Set<string>): SoftwareEntry[] {
  const file = path.join(HASH_DIR, `${listName}.xml`);
  if (!existsSync(file)) throw new Error(`softlist ${listName} not found in ${HASH_DIR}`);
  const xml = readFileSync(file, "utf8");
  const entries: SoftwareEntry[] = [];
  for (const m of xml.matchAll(/<software name="([^"]+)"[^>]*>([\s\S]*?)<\/software>/g)) {
    const name = m[1];
    if (!wanted.has(`${listName}:${name}`)) continue;
    const body = m[2];
    const text = (tag: string) => decode(new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(body)?.[1] ?? "");
    const roms: RomEntry[] = [];
    for (const r of body.matchAll(/<rom name="([^"]+)" size="(\d+)" crc="([0-9a-f]{8})"/gi)) {
      roms.push({ name: decode(r[1]), size: Number(r[2]), crc: r[3].toLowerCase() });
    }
    entries.push({ list: listName, name, description: text("description"), year: text("year"), publisher: text("publisher"), roms });
  }
  return entries;
}

async function checkFiles(entry: SoftwareEntry): Promise<ManifestEntry["files"]> {
  const files: ManifestEntry["files"] = [];
  for (const rom of entry.roms) {
    const file = path.join(FIXTURES, entry.list, entry.name, rom.name);
    if (!existsSync(file)) {
      files.push({ name: rom.name, present: false, crcOk: null });
      continue;
    }
    files.push({ name: rom.name, present: true, crcOk: (await crc32File(file)) === rom.crc });
  }
  return files;
}

function notFound(wanted: Set<string>, entries: SoftwareEntry[]): string[] {
  const found = new Set(entries.map((e) => `${e.list}:${e.name}`));
  return [...wanted].filter((w) => !found.has(w)).sort();
}

/**
 * Sizes of the fixture files must match the softlist, independently of the
 * CRC: a truncated download has a wrong size and a wrong CRC, but a size check
 * gives the clearer message.
 */
function sizeProblems(entry: SoftwareEntry): string[] {
  const problems: string[] = [];
  for (const rom of entry.roms) {
    const file = path.join(FIXTURES, entry.list, entry.name, rom.name);
    if (!existsSync(file)) continue;
    const size = readFileSync(file).length;
    if (size !== rom.size) problems.push(`${entry.list}/${entry.name}/${rom.name}: ${size} bytes, softlist says ${rom.size}`);
  }
  return problems;
}

/** Files in the fixture tree that no manifest entry refers to. */
function strayFiles(manifest: ManifestEntry[]): string[] {
  const known = new Set<string>();
  for (const e of manifest) for (const f of e.files) known.add(path.join(e.list, e.name, f.name));
  const stray: string[] = [];
  const walk = (dir: string, rel: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const r = path.join(rel, name);
      if (statSync(full).isDirectory()) walk(full, r);
      else if (!r.endsWith(".txt") && !r.endsWith(".json") && !known.has(r)) stray.push(r);
    }
  };
  walk(FIXTURES, "");
  return stray.sort();
}

function stable(manifest: ManifestEntry[]): string {
  const sorted = [...manifest].sort((a, b) => `${a.list}:${a.name}`.localeCompare(`${b.list}:${b.name}`));
  return JSON.stringify({ generatedFrom: "mame softlists", entries: sorted }, null, 2) + "\n";
}

function report(manifest: ManifestEntry[]): { missing: number; bad: number } {
  let missing = 0;
  let bad = 0;
  for (const e of manifest) {
    for (const f of e.files) {
      if (!f.present) missing++;
      else if (f.crcOk === false) bad++;
      const state = !f.present ? "missing" : f.crcOk ? "ok" : "CRC MISMATCH";
      if (state !== "ok") console.log(`${e.list}/${e.name}/${f.name}: ${state}`);
    }
  }
  return { missing, bad };
}

async function main(): Promise<void> {
  const lists = readList(path.join(FIXTURES, "lists.txt"));
  const wanted = new Set(readList(path.join(FIXTURES, "entries.txt")));
  const entries = lists.flatMap((l) => parseSoftlist(l, wanted));
  for (const w of notFound(wanted, entries)) console.warn(`not in any softlist: ${w}`);
  const manifest: ManifestEntry[] = [];
  for (const e of entries) manifest.push({ ...e, files: await checkFiles(e) });
  const text = stable(manifest);
  const previous = existsSync(MANIFEST) ? readFileSync(MANIFEST, "utf8") : "";
  if (text !== previous) {
    writeFileSync(MANIFEST, text);
    console.log(`manifest updated: ${path.relative(ROOT, MANIFEST)}`);
  } else {
    console.log("manifest unchanged");
  }
  for (const e of entries) for (const p of sizeProblems(e)) console.log(`size: ${p}`);
  for (const s of strayFiles(manifest)) console.warn(`stray fixture file: ${s}`);
  const { missing, bad } = report(manifest);
  console.log(`${manifest.length} entries, ${missing} missing file(s), ${bad} CRC mismatch(es)`);
  if (bad || (missing && process.argv.includes("--strict"))) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`softlist-manifest: ${err.message}`);
  process.exitCode = 2;
});
