/**
 * logseq-docs.ts - turn docs/ into a Logseq graph (build/logseq-graph/).
 *
 * Logseq wants every page as an outline (each paragraph a "- " block), page
 * properties as `key:: value` lines, and links as [[Page Name]].  This script:
 *   - converts docs/**\/*.md to build/logseq-graph/pages/<namespace>___<page>.md
 *   - keeps headings as blocks with `heading:: true`
 *   - rewrites relative .md links to [[namespace/Page]]
 *   - copies images to build/logseq-graph/assets/ and rewrites their paths
 *   - writes logseq/config.edn with a minimal config
 * The output directory is wiped first; it is a build product.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DOCS = path.join(ROOT, "docs");
const GRAPH = path.join(ROOT, "build", "logseq-graph");
const PAGES = path.join(GRAPH, "pages");
const ASSETS = path.join(GRAPH, "assets");

interface Page {
  source: string;
  name: string;
  title: string;
  body: string;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith(".")) out.push(...walk(full));
    else if (entry.isFile() && entry.name.endsWith(".md")) out.push(full);
  }
  return out.sort();
}

function pageName(file: string): string {
  const rel = path.relative(DOCS, file).replace(/\.md$/, "");
  return rel
    .split(path.sep)
    .map((part) => part.replace(/[-_]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()))
    .join("/");
}

function fileNameFor(name: string): string {
  // Logseq's "triple-lowbar" file name format for namespaces
  return `${name.replace(/\//g, "___").replace(/[<>:"\\|?*]/g, "_")}.md`;
}

function titleOf(body: string, fallback: string): string {
  const m = /^#\s+(.+)$/m.exec(body);
  return m ? m[1].trim() : fallback;
}

function rewriteLinks(body: string, file: string, names: Map<string, string>, broken: string[]): string {
  return body.replace(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g, (match, bang: string, label: string, target: string) => {
    if (/^[a-z]+:\/\//i.test(target) || target.startsWith("#")) return match;
    const resolved = path.resolve(path.dirname(file), target.split("#")[0]);
    if (bang) {
      if (!existsSync(resolved)) {
        broken.push(`${path.relative(ROOT, file)}: missing image ${target}`);
        return match;
      }
      const assetName = path.relative(DOCS, resolved).replace(/[\\/]/g, "_");
      mkdirSync(ASSETS, { recursive: true });
      copyFileSync(resolved, path.join(ASSETS, assetName));
      return `![${label}](../assets/${assetName})`;
    }
    const page = names.get(resolved);
    if (!page) {
      broken.push(`${path.relative(ROOT, file)}: broken link ${target}`);
      return match;
    }
    return label && label !== page ? `[${label}]([[${page}]])` : `[[${page}]]`;
  });
}

function toOutline(body: string): string {
  const lines = body.replace(/^#\s+.+\n+/, "").split("\n");
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let inFence = false;
  const flush = () => {
    if (paragraph.length) {
      blocks.push(`- ${paragraph[0]}`, ...paragraph.slice(1).map((l) => `  ${l}`));
      paragraph = [];
    }
  };
  for (const line of lines) {
    if (line.startsWith("```")) {
      if (!inFence) flush();
      inFence = !inFence;
      paragraph.push(line);
      if (!inFence) flush();
      continue;
    }
    if (inFence) {
      paragraph.push(line);
      continue;
    }
    const heading = /^(#{2,6})\s+(.+)$/.exec(line);
    if (heading) {
      flush();
      blocks.push(`- ${heading[1]} ${heading[2]}`, "  heading:: true");
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks.join("\n");
}

function properties(page: Page): string {
  const folder = path.relative(DOCS, path.dirname(page.source));
  const tags = ["docs", ...(folder ? folder.split(path.sep) : [])].join(", ");
  const modified = statSync(page.source).mtime.toISOString().slice(0, 10);
  return [`title:: ${page.title}`, `tags:: ${tags}`, `source:: ${path.relative(ROOT, page.source)}`,
    `updated:: ${modified}`, ""].join("\n");
}

function writeConfig(): void {
  const dir = path.join(GRAPH, "logseq");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "config.edn"), [
    "{:meta/version 1",
    " :preferred-format :markdown",
    " :file/name-format :triple-lowbar",
    " :hidden []",
    " :default-templates {:journals \"\"}",
    " :feature/enable-journals? false}",
    "",
  ].join("\n"));
}

function writeIndex(pages: Page[]): void {
  const lines = ["title:: Docs Index", "", "- All pages converted from docs/"];
  for (const p of pages) lines.push(`  - [[${p.name}]]`);
  writeFileSync(path.join(PAGES, "Docs Index.md"), lines.join("\n") + "\n");
}

/** Pages with the same name after title-casing would overwrite each other. */
function duplicateNames(names: Map<string, string>): string[] {
  const seen = new Map<string, string>();
  const dups: string[] = [];
  for (const [file, name] of names) {
    const key = name.toLowerCase();
    const other = seen.get(key);
    if (other) dups.push(`${path.relative(ROOT, file)} and ${path.relative(ROOT, other)} both map to "${name}"`);
    else seen.set(key, file);
  }
  return dups;
}

function main(): void {
  const strict = process.argv.includes("--strict");
  rmSync(GRAPH, { recursive: true, force: true });
  mkdirSync(PAGES, { recursive: true });
  const files = walk(DOCS);
  const names = new Map(files.map((f) => [path.resolve(f), pageName(f)]));
  const dups = duplicateNames(names);
  if (dups.length) {
    for (const d of dups) console.error(`duplicate page: ${d}`);
    process.exitCode = 1;
    return;
  }
  const broken: string[] = [];
  const pages: Page[] = [];
  for (const file of files) {
    const raw = readFileSync(file, "utf8");
    const name = names.get(path.resolve(file)) as string;
    const page: Page = { source: file, name, title: titleOf(raw, name), body: "" };
    page.body = toOutline(rewriteLinks(raw, file, names, broken));
    writeFileSync(path.join(PAGES, fileNameFor(name)), properties(page) + page.body + "\n");
    pages.push(page);
  }
  writeIndex(pages);
  writeConfig();
  for (const b of broken) console.warn(`warning: ${b}`);
  console.log(`${pages.length} pages -> ${path.relative(ROOT, GRAPH)} (${broken.length} link problems)`);
  if (strict && broken.length) process.exitCode = 1;
}

main();
