#!/usr/bin/env -S npx tsx
// build-series.ts — convert every title of the anthology series from the
// editors' DOCX files to EPUB with Calibre, polish, validate, and collect the
// results in build/series/.
//
//   npx tsx tools/build-series.ts                 # all titles in books/*/book.json
//   npx tsx tools/build-series.ts --only vol-03
//   npx tsx tools/build-series.ts --jobs 4
//
// Per title (books/<slug>/):
//   book.json        { "title", "authors", "series_index", "isbn", "language" }
//   manuscript.docx  editors' file
//   cover.jpg        optional
//
// ebook-convert and ebook-polish run in a per-title temp dir under
// build/.series-tmp/, which is removed afterwards. Nothing outside build/ is
// written; the user's Calibre library is never opened (no calibredb here).

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, "..");
const BOOKS = path.join(ROOT, "books");
const OUT = path.join(ROOT, "build", "series");
const TMP = path.join(ROOT, "build", ".series-tmp");
const SERIES = "Harbour Lights Anthology";

interface BookMeta {
  title: string;
  authors: string[];
  series_index: number;
  isbn?: string;
  language: string;
}

interface Result {
  slug: string;
  ok: boolean;
  seconds: number;
  errors: number;
  warnings: number;
  message?: string;
}

function cli(): { only?: string; jobs: number } {
  const a = process.argv.slice(2);
  const at = (f: string) => (a.includes(f) ? a[a.indexOf(f) + 1] : undefined);
  return { only: at("--only"), jobs: Math.max(1, Number(at("--jobs") ?? Math.min(3, os.cpus().length))) };
}

async function titles(only?: string): Promise<string[]> {
  const dirs = (await readdir(BOOKS, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  return dirs.filter((d) => existsSync(path.join(BOOKS, d, "book.json")) && (!only || d === only)).sort();
}

async function tool(cmd: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await exec(cmd, args, { cwd, maxBuffer: 32 * 1024 * 1024, timeout: 20 * 60 * 1000 });
    return stdout;
  } catch (err) {
    const e = err as { code?: string | number; stderr?: string; message: string };
    if (e.code === "ENOENT") throw new Error(`${cmd} not installed`);
    throw new Error(`${cmd}: ${(e.stderr ?? e.message).split("\n").slice(-6).join(" ")}`);
  }
}

function convertArgs(meta: BookMeta, src: string, dest: string, cover?: string): string[] {
  const args = [
    src, dest,
    "--title", meta.title,
    "--authors", meta.authors.join(" & "),
    "--series", SERIES,
    "--series-index", String(meta.series_index),
    "--language", meta.language,
    "--chapter", "//h:h1",
    "--level1-toc", "//h:h1",
    "--level2-toc", "//h:h2",
    "--epub-version", "3",
    "--preserve-cover-aspect-ratio",
    "--docx-no-cover",
  ];
  if (meta.isbn) args.push("--isbn", meta.isbn);
  if (cover) args.push("--cover", cover);
  return args;
}

async function checkEpub(file: string, workdir: string): Promise<{ errors: number; warnings: number }> {
  const report = path.join(workdir, "epubcheck.json");
  try {
    await exec("epubcheck", [file, "--json", report], { maxBuffer: 16 * 1024 * 1024 });
  } catch {
    // non-zero exit when there are errors; the JSON report has the details
  }
  if (!existsSync(report)) return { errors: 1, warnings: 0 };
  const data = JSON.parse(await readFile(report, "utf8")) as { messages: { severity: string }[] };
  const count = (s: string[]) => data.messages.filter((m) => s.includes(m.severity)).length;
  return { errors: count(["ERROR", "FATAL"]), warnings: count(["WARNING"]) };
}

async function buildOne(slug: string): Promise<Result> {
  const started = Date.now();
  const dir = path.join(BOOKS, slug);
  const workdir = path.join(TMP, slug);
  await rm(workdir, { recursive: true, force: true });
  await mkdir(workdir, { recursive: true });
  try {
    const meta = JSON.parse(await readFile(path.join(dir, "book.json"), "utf8")) as BookMeta;
    const cover = existsSync(path.join(dir, "cover.jpg")) ? path.join(dir, "cover.jpg") : undefined;
    const raw = path.join(workdir, "raw.epub");
    const polished = path.join(workdir, `${slug}.epub`);
    await tool("ebook-convert", convertArgs(meta, path.join(dir, "manuscript.docx"), raw, cover), workdir);
    await tool("ebook-polish", ["--subset-fonts", "--smarten-punctuation", "--remove-unused-css", "--compress-images", raw, polished], workdir);
    const { errors, warnings } = await checkEpub(polished, workdir);
    if (!errors) await rename(polished, path.join(OUT, `${slug}.epub`));
    return { slug, ok: errors === 0, seconds: (Date.now() - started) / 1000, errors, warnings };
  } catch (err) {
    return { slug, ok: false, seconds: (Date.now() - started) / 1000, errors: 1, warnings: 0, message: (err as Error).message };
  } finally {
    await rm(workdir, { recursive: true, force: true });
  }
}

async function seriesIndexCheck(slugs: string[]): Promise<string[]> {
  // series_index values must be unique and without gaps, or readers' shelves sort wrongly
  const seen = new Map<number, string>();
  const problems: string[] = [];
  for (const slug of slugs) {
    const meta = JSON.parse(await readFile(path.join(BOOKS, slug, "book.json"), "utf8")) as BookMeta;
    const other = seen.get(meta.series_index);
    if (other) problems.push(`${slug} and ${other} both use series_index ${meta.series_index}`);
    seen.set(meta.series_index, slug);
  }
  const indexes = [...seen.keys()].sort((a, b) => a - b);
  for (let i = 1; i < indexes.length; i += 1) {
    if (indexes[i] - indexes[i - 1] > 1) problems.push(`gap in series_index between ${indexes[i - 1]} and ${indexes[i]}`);
  }
  return problems;
}

async function runPool<T, R>(items: T[], jobs: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let index = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (index < items.length) {
        const mine = index++;
        results[mine] = await fn(items[mine]);
      }
    }),
  );
  return results;
}

async function main(): Promise<void> {
  const { only, jobs } = cli();
  const slugs = await titles(only);
  if (!slugs.length) throw new Error(only ? `no title ${only}` : "no titles found in books/");
  await mkdir(OUT, { recursive: true });
  if (!only) {
    for (const p of await seriesIndexCheck(slugs)) console.warn(`warning: ${p}`);
  }
  console.log(`building ${slugs.length} title(s) with ${jobs} job(s)`);
  const results = await runPool(slugs, jobs, async (slug) => {
    const r = await buildOne(slug);
    console.log(`${r.ok ? "ok  " : "FAIL"} ${slug.padEnd(12)} ${r.seconds.toFixed(0).padStart(4)}s  ${r.errors} errors, ${r.warnings} warnings${r.message ? `  ${r.message}` : ""}`);
    return r;
  });
  await rm(TMP, { recursive: true, force: true });
  await writeFile(path.join(OUT, "results.json"), JSON.stringify(results, null, 2));
  const failed = results.filter((r) => !r.ok);
  console.log(`${results.length - failed.length}/${results.length} built into ${path.relative(ROOT, OUT)}`);
  if (failed.length) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`build-series: ${err.message}`);
  process.exitCode = 1;
});
