#!/usr/bin/env node
// make-ebook.js — build the handbook as EPUB 3 (pandoc), validate it
// (epubcheck), and derive AZW3 + KEPUB-ready EPUB (ebook-convert).
//
//   node tools/make-ebook.js               # all formats
//   node tools/make-ebook.js --epub-only
//   node tools/make-ebook.js --strict      # warnings count as failures
//
// Inputs:  handbook/book.json (title, authors, language, identifier, chapters[])
//          handbook/chapters/*.md, handbook/cover.jpg, handbook/epub.css
// Outputs: build/ebook/handbook.{epub,azw3}, build/ebook/epubcheck.json,
//          build/ebook/metadata.opf (for the distributor upload form)

"use strict";

const { execFile } = require("node:child_process");
const { promisify } = require("node:util");
const fs = require("node:fs/promises");
const { existsSync } = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const SRC = path.join(ROOT, "handbook");
const OUT = path.join(ROOT, "build", "ebook");

const flags = new Set(process.argv.slice(2));
const EPUB_ONLY = flags.has("--epub-only");
const STRICT = flags.has("--strict");

function step(msg) {
  console.log(`\n▶ ${msg}`);
}

async function tool(cmd, args, opts = {}) {
  try {
    const { stdout, stderr } = await run(cmd, args, { maxBuffer: 64 * 1024 * 1024, ...opts });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    if (err.code === "ENOENT") throw new Error(`${cmd} is not installed`);
    if (opts.allowFailure) return { stdout: err.stdout ?? "", stderr: err.stderr ?? "", code: err.code };
    throw new Error(`${cmd} failed (${err.code}): ${(err.stderr || err.message).slice(-1500)}`);
  }
}

async function loadBook() {
  const book = JSON.parse(await fs.readFile(path.join(SRC, "book.json"), "utf8"));
  for (const key of ["title", "authors", "language", "identifier", "chapters"]) {
    if (!book[key]) throw new Error(`book.json: missing "${key}"`);
  }
  book.chapters = book.chapters.map((c) => path.join(SRC, "chapters", c));
  const missing = book.chapters.filter((c) => !existsSync(c));
  if (missing.length) throw new Error(`missing chapters: ${missing.map((m) => path.basename(m)).join(", ")}`);
  return book;
}

function xmlEscape(s) {
  return String(s).replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]);
}

function opf(book, modified) {
  const creators = book.authors.map((a, i) => `    <dc:creator id="author${i}">${xmlEscape(a)}</dc:creator>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="bookid">${xmlEscape(book.identifier)}</dc:identifier>
    <dc:title>${xmlEscape(book.title)}</dc:title>
${creators}
    <dc:language>${xmlEscape(book.language)}</dc:language>
    <dc:publisher>${xmlEscape(book.publisher ?? "")}</dc:publisher>
    <meta property="dcterms:modified">${modified}</meta>
  </metadata>
</package>
`;
}

async function pandoc(book, workdir) {
  const metaFile = path.join(workdir, "meta.yaml");
  const yaml = [
    `title: ${JSON.stringify(book.title)}`,
    `author: ${JSON.stringify(book.authors)}`,
    `lang: ${book.language}`,
    `identifier: ${JSON.stringify(book.identifier)}`,
    `rights: ${JSON.stringify(book.rights ?? "All rights reserved")}`,
  ].join("\n");
  await fs.writeFile(metaFile, yaml);
  const out = path.join(workdir, "handbook.epub");
  const args = [
    ...book.chapters,
    "--from", "markdown+smart+footnotes",
    "--to", "epub3",
    "--metadata-file", metaFile,
    "--css", path.join(SRC, "epub.css"),
    "--toc", "--toc-depth", "2",
    "--split-level", "1",
    "--resource-path", [SRC, path.join(SRC, "images")].join(path.delimiter),
    "-o", out,
  ];
  if (existsSync(path.join(SRC, "cover.jpg"))) args.push("--epub-cover-image", path.join(SRC, "cover.jpg"));
  await tool("pandoc", args);
  return out;
}

async function epubcheck(epub) {
  const report = path.join(OUT, "epubcheck.json");
  const { code } = await tool("epubcheck", [epub, "--json", report], { allowFailure: true });
  const data = JSON.parse(await fs.readFile(report, "utf8"));
  const bySeverity = {};
  for (const m of data.messages ?? []) bySeverity[m.severity] = (bySeverity[m.severity] ?? 0) + 1;
  const errors = (bySeverity.ERROR ?? 0) + (bySeverity.FATAL ?? 0);
  const warnings = bySeverity.WARNING ?? 0;
  for (const m of (data.messages ?? []).filter((x) => x.severity !== "USAGE").slice(0, 12)) {
    const loc = m.locations?.[0];
    console.log(`  ${m.severity} ${m.ID} ${loc ? `${loc.path}:${loc.line}` : ""} ${m.message}`);
  }
  console.log(`  epubcheck exit ${code}: ${errors} errors, ${warnings} warnings`);
  return { errors, warnings };
}

async function lintMarkdown(book) {
  // cheap checks pandoc does not complain about but readers do
  const problems = [];
  for (const file of book.chapters) {
    const text = await fs.readFile(file, "utf8");
    const name = path.basename(file);
    if (!/^#\s+\S/m.test(text)) problems.push(`${name}: no level-1 heading`);
    for (const m of text.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)) {
      const img = path.join(SRC, m[1]);
      if (!existsSync(img)) problems.push(`${name}: missing image ${m[1]}`);
    }
    if (/\t/.test(text)) problems.push(`${name}: contains tab characters`);
    if (/ {2,}$/m.test(text)) problems.push(`${name}: trailing double spaces (hard line breaks)`);
  }
  for (const p of problems) console.log(`  lint: ${p}`);
  return problems.length;
}

async function convert(epub, format) {
  const target = path.join(OUT, `handbook.${format}`);
  const args = [epub, `${target}.tmp.${format}`];
  if (format === "azw3") args.push("--output-profile", "kindle_pw3", "--no-inline-toc");
  await tool("ebook-convert", args);
  await fs.rename(`${target}.tmp.${format}`, target);
  return target;
}

async function main() {
  const book = await loadBook();
  await fs.mkdir(OUT, { recursive: true });
  const workdir = await fs.mkdtemp(path.join(os.tmpdir(), "handbook-"));
  try {
    step("lint chapters");
    const lintProblems = await lintMarkdown(book);
    if (STRICT && lintProblems) throw new Error(`${lintProblems} lint problem(s) in strict mode`);
    step("pandoc → EPUB 3");
    const built = await pandoc(book, workdir);
    const epub = path.join(OUT, "handbook.epub");
    await fs.copyFile(built, epub);

    step("epubcheck");
    const { errors, warnings } = await epubcheck(epub);
    if (errors || (STRICT && warnings)) throw new Error("validation failed; not converting");

    await fs.writeFile(path.join(OUT, "metadata.opf"), opf(book, new Date().toISOString().replace(/\.\d+Z$/, "Z")));

    if (!EPUB_ONLY) {
      step("ebook-convert → AZW3");
      await convert(epub, "azw3");
    }
    step("outputs");
    for (const f of await fs.readdir(OUT)) {
      const { size } = await fs.stat(path.join(OUT, f));
      console.log(`  ${f.padEnd(22)} ${(size / 1024).toFixed(0).padStart(7)} KiB`);
    }
  } finally {
    await fs.rm(workdir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`\nmake-ebook: ${err.message}`);
  process.exitCode = 1;
});
