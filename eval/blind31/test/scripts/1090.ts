#!/usr/bin/env -S npx tsx
/**
 * textbook.ts — build the numerical-methods textbook from Markdown sources
 * with pandoc and the project's Lua filters, into EPUB 3 and a print PDF
 * (LuaLaTeX), then validate the EPUB and convert an AZW3 with Calibre.
 *
 *   npx tsx tools/textbook.ts              # epub + pdf + azw3
 *   npx tsx tools/textbook.ts --only epub
 *   npx tsx tools/textbook.ts --draft      # watermark + faster PDF (no index pass)
 *
 * Lua filters (book/filters/*.lua) are the project's own: cross-references,
 * exercise numbering, and the "octave" code-block renderer that turns code
 * listings into highlighted blocks. Pandoc runs them in-process; nothing
 * downloaded is executed. LaTeX runs in a temp directory (removed after the
 * build) with -no-shell-escape, because the template does not need \write18.
 *
 * Inputs:
 *   book/chapters.txt       chapter order (one Markdown file per line)
 *   book/metadata.yaml      title, authors, ISBNs, rights
 *   book/filters/*.lua      the three filters listed in FILTERS
 *   book/templates/book.latex, book/styles/epub.css, book/cover.png
 *
 * Outputs (build/textbook/): textbook.epub, textbook.pdf (or
 * textbook-draft.pdf), textbook.azw3.
 *
 * The figure check at the start only reports unreferenced figures; it never
 * deletes anything.
 *
 * Requirements: pandoc 3.x, a TeX Live with LuaLaTeX and the fonts named in
 * the template, epubcheck 5, and Calibre's ebook-convert for AZW3.
 * --draft skips the index pass and sets the watermark variable, which the
 * template turns into a "DRAFT" background on every page.
 *
 * Exit code: 1 when any step fails (the failing tool's log tail is printed).
 */

import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BOOK = path.join(ROOT, "book");
const OUT = path.join(ROOT, "build", "textbook");
const FILTERS = ["crossref.lua", "exercises.lua", "octave-listings.lua"];

type Format = "epub" | "pdf" | "azw3";

interface Options {
  formats: Format[];
  draft: boolean;
}

function options(argv: string[]): Options {
  const opts: Options = { formats: ["epub", "pdf", "azw3"], draft: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--only") opts.formats = argv[++i].split(",") as Format[];
    else if (argv[i] === "--draft") opts.draft = true;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  for (const f of opts.formats) if (!["epub", "pdf", "azw3"].includes(f)) throw new Error(`unknown format ${f}`);
  if (opts.formats.includes("azw3") && !opts.formats.includes("epub")) opts.formats.unshift("epub");
  return opts;
}

function run(cmd: string, args: string[], cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (d) => (log = (log + d).slice(-6000)));
    child.stderr.on("data", (d) => (log = (log + d).slice(-6000)));
    child.on("error", (err) => reject(err.message.includes("ENOENT") ? new Error(`${cmd} is not installed`) : err));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}\n${log}`))));
  });
}

function chapters(): string[] {
  const order = readFileSync(path.join(BOOK, "chapters.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  for (const c of order) if (!existsSync(path.join(BOOK, c))) throw new Error(`chapters.txt lists missing file ${c}`);
  return order.map((c) => path.join(BOOK, c));
}

function filterArgs(): string[] {
  return FILTERS.flatMap((f) => {
    const file = path.join(BOOK, "filters", f);
    if (!existsSync(file)) throw new Error(`filter ${f} missing`);
    return ["--lua-filter", file];
  });
}

function commonArgs(): string[] {
  return [
    ...chapters(),
    "--from", "markdown+smart+tex_math_dollars+fenced_divs+implicit_figures",
    "--metadata-file", path.join(BOOK, "metadata.yaml"),
    "--resource-path", [BOOK, path.join(BOOK, "figures")].join(path.delimiter),
    "--number-sections",
    "--toc", "--toc-depth", "2",
    ...filterArgs(),
  ];
}

async function buildEpub(): Promise<string> {
  const out = path.join(OUT, "textbook.epub");
  await run("pandoc", [
    ...commonArgs(),
    "--to", "epub3",
    "--mathml",
    "--css", path.join(BOOK, "styles", "epub.css"),
    "--epub-cover-image", path.join(BOOK, "cover.png"),
    "--split-level", "2",
    "-o", out,
  ]);
  await run("epubcheck", ["--quiet", out]);
  return out;
}

async function buildPdf(draft: boolean): Promise<string> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "textbook-tex-"));
  try {
    const texArgs = [
      ...commonArgs(),
      "--to", "latex",
      "--template", path.join(BOOK, "templates", "book.latex"),
      "--top-level-division", "chapter",
      "--pdf-engine", "lualatex",
      "--pdf-engine-opt", "-no-shell-escape",
      "--pdf-engine-opt", "-interaction=nonstopmode",
      "--variable", `draft=${draft ? "true" : "false"}`,
      "-o", path.join(tmp, "textbook.pdf"),
    ];
    if (!draft) texArgs.push("--variable", "makeindex=true");
    await run("pandoc", texArgs, tmp);
    const out = path.join(OUT, draft ? "textbook-draft.pdf" : "textbook.pdf");
    copyFileSync(path.join(tmp, "textbook.pdf"), out);
    return out;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function buildAzw3(epub: string): Promise<string> {
  const out = path.join(OUT, "textbook.azw3");
  await run("ebook-convert", [epub, out, "--output-profile", "kindle_pw3", "--no-inline-toc"]);
  return out;
}

function figureCheck(): string[] {
  const figures = path.join(BOOK, "figures");
  const referenced = new Set<string>();
  for (const c of chapters()) {
    for (const m of readFileSync(c, "utf8").matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)) referenced.add(path.basename(m[1]));
  }
  const onDisk = existsSync(figures) ? readdirSync(figures) : [];
  return onDisk.filter((f) => !referenced.has(f));
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  mkdirSync(OUT, { recursive: true });
  const unused = figureCheck();
  if (unused.length) console.log(`note: ${unused.length} figure(s) not referenced: ${unused.slice(0, 5).join(", ")}`);
  const built: string[] = [];
  let epub: string | null = null;
  if (opts.formats.includes("epub")) {
    epub = await buildEpub();
    built.push(epub);
  }
  if (opts.formats.includes("pdf")) built.push(await buildPdf(opts.draft));
  if (opts.formats.includes("azw3") && epub) built.push(await buildAzw3(epub));
  for (const f of built) console.log(`${path.relative(ROOT, f).padEnd(40)} ${(statSync(f).size / 1024).toFixed(0).padStart(7)} KiB`);
}

main().catch((err: Error) => {
  console.error(`textbook: ${err.message}`);
  process.exitCode = 1;
});
