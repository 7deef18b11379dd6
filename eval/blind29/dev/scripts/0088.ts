#!/usr/bin/env -S npx tsx
// Subset the product's UI fonts per locale and emit a font-loading manifest.
//
//   npx tsx tools/subset-locales.ts                     # locales from locales/*.json
//   npx tsx tools/subset-locales.ts --locales de,pl,tr --font fonts/Inter.var.ttf
//
// For every locale the script collects the characters used in its message
// catalogue (locales/<lang>.json), adds a base Latin range, and runs
// pyftsubset once per font → build/fonts/<font>-<lang>.woff2.  The unicode
// list is passed through a temp file (--text-file) because some catalogues
// exceed the argv limit.  The temp dir is removed at the end.  Finally
// build/fonts/manifest.json maps locale → files for the web app's loader.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const LOCALES = path.join(ROOT, "locales");
const OUT = path.join(ROOT, "build", "fonts");
const BASE_RANGE = "U+0020-007E,U+00A0-00FF,U+2013-2014,U+2018-201E,U+2026,U+20AC";
const FEATURES = ["kern", "liga", "calt", "locl", "ccmp", "mark", "mkmk", "case", "tnum"];

interface Result {
  locale: string;
  font: string;
  file: string;
  bytes: number;
  glyphChars: number;
  sha: string;
}

function parseArgs() {
  const a = process.argv.slice(2);
  const val = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  return {
    locales: val("--locales")?.split(",").map((s) => s.trim()).filter(Boolean),
    fonts: (val("--font") ?? "fonts/Inter.var.ttf,fonts/InterDisplay.var.ttf").split(",").map((f) => path.resolve(ROOT, f)),
    keepHinting: a.includes("--keep-hinting"),
  };
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => collectStrings(v, out));
}

async function localeChars(locale: string): Promise<string> {
  const catalog = JSON.parse(await readFile(path.join(LOCALES, `${locale}.json`), "utf8")) as unknown;
  const strings: string[] = [];
  collectStrings(catalog, strings);
  // ICU placeholders like {count, plural, ...} contain only ASCII already covered by BASE_RANGE
  const chars = new Set<string>();
  for (const s of strings) for (const ch of s.normalize("NFC")) if (ch.codePointAt(0)! > 0x7e) chars.add(ch);
  // both cases: UI strings get uppercased via CSS text-transform
  for (const ch of [...chars]) {
    chars.add(ch.toLocaleUpperCase(locale));
    chars.add(ch.toLocaleLowerCase(locale));
  }
  return [...chars].sort().join("");
}

async function availableLocales(): Promise<string[]> {
  return (await readdir(LOCALES)).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")).sort();
}

async function subset(font: string, locale: string, chars: string, tmp: string, keepHinting: boolean): Promise<Result> {
  const textFile = path.join(tmp, `${locale}.txt`);
  await writeFile(textFile, chars, "utf8");
  const fontName = path.basename(font).replace(/\.(ttf|otf)$/, "").replace(/\.var$/, "");
  const outFile = path.join(OUT, `${fontName}-${locale}.woff2`);
  const args = [
    font,
    `--unicodes=${BASE_RANGE}`,
    `--text-file=${textFile}`,
    `--layout-features=${FEATURES.join(",")}`,
    "--flavor=woff2",
    `--output-file=${outFile}`,
    "--name-IDs=*",
    "--drop-tables+=DSIG",
  ];
  if (!keepHinting) args.push("--no-hinting", "--desubroutinize");
  try {
    await run("pyftsubset", args, { maxBuffer: 16 << 20 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`pyftsubset ${fontName}/${locale}: ${(e.stderr ?? e.message).trim().split("\n").pop()}`);
  }
  const data = await readFile(outFile);
  return {
    locale,
    font: fontName,
    file: path.relative(OUT, outFile),
    bytes: (await stat(outFile)).size,
    glyphChars: [...chars].length,
    sha: createHash("sha256").update(data).digest("hex").slice(0, 12),
  };
}

// @font-face rules per locale so the app can load only what it needs
function cssFor(locale: string, entries: Result[]): string {
  return entries
    .map((r) => {
      const family = r.font.replace(/-/g, " ");
      return [
        `/* ${locale} */`,
        "@font-face {",
        `  font-family: "${family}";`,
        "  font-style: normal;",
        "  font-weight: 100 900;",
        "  font-display: swap;",
        `  src: url("./${r.file}?v=${r.sha}") format("woff2");`,
        "}",
      ].join("\n");
    })
    .join("\n\n");
}

async function writeCss(results: Result[]): Promise<number> {
  const byLocale = new Map<string, Result[]>();
  for (const r of results) {
    const list = byLocale.get(r.locale) ?? [];
    list.push(r);
    byLocale.set(r.locale, list);
  }
  for (const [locale, entries] of byLocale) {
    await writeFile(path.join(OUT, `fonts-${locale}.css`), cssFor(locale, entries) + "\n");
  }
  return byLocale.size;
}

function kib(n: number): string {
  return `${(n / 1024).toFixed(1)} KiB`;
}

async function main(): Promise<number> {
  const opts = parseArgs();
  const locales = opts.locales ?? (await availableLocales());
  if (!locales.length) throw new Error("no locales found");
  for (const f of opts.fonts) await stat(f).catch(() => { throw new Error(`font ${path.relative(ROOT, f)} missing`); });

  await mkdir(OUT, { recursive: true });
  const tmp = await mkdtemp(path.join(tmpdir(), "subset-locales-"));
  const results: Result[] = [];
  try {
    for (const locale of locales) {
      const chars = await localeChars(locale);
      for (const font of opts.fonts) {
        const r = await subset(font, locale, chars, tmp, opts.keepHinting);
        results.push(r);
        console.error(`[subset] ${r.font}-${locale}: ${r.glyphChars} extra chars, ${kib(r.bytes)}`);
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }

  const manifest: Record<string, { file: string; font: string; sha: string }[]> = {};
  for (const r of results) (manifest[r.locale] ??= []).push({ file: r.file, font: r.font, sha: r.sha });
  await writeFile(path.join(OUT, "manifest.json"), JSON.stringify({ generated: new Date().toISOString(), locales: manifest }, null, 2));

  const cssFiles = await writeCss(results);
  console.error(`[subset] ${cssFiles} CSS file(s) written`);

  const total = results.reduce((s, r) => s + r.bytes, 0);
  const biggest = [...results].sort((a, b) => b.bytes - a.bytes)[0];
  console.error(`[subset] ${results.length} file(s), ${kib(total)} total; largest ${biggest.file} (${kib(biggest.bytes)})`);
  const overBudget = results.filter((r) => r.bytes > 120 * 1024);
  for (const r of overBudget) console.error(`[subset] ⚠ ${r.file} exceeds the 120 KiB budget`);
  return overBudget.length ? 2 : 0;
}

main().then(
  (c) => process.exit(c),
  (e: Error) => {
    console.error(`[subset] ${e.message}`);
    process.exit(1);
  },
);
