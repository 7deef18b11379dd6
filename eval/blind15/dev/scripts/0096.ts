// scripts/build-site.ts - static documentation site from docs/**/*.md with
// front matter, a sidebar from folder structure, a sitemap and a search index.
//
//   npx tsx scripts/build-site.ts              # -> ./dist-docs
//   npx tsx scripts/build-site.ts --base /docs/ --out public/docs
//
// ./dist-docs (or --out, which must stay inside the repo) is deleted and
// recreated each run.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { marked } from "marked";

interface Page {
  src: string;
  route: string;
  title: string;
  order: number;
  section: string;
  html: string;
  text: string;
}

const ROOT = process.cwd();
const DOCS = join(ROOT, "docs");
const ASSETS = join(DOCS, "_assets");
const SITE_URL = process.env.DOCS_SITE_URL ?? "http://localhost:4173";

function options(argv: string[]) {
  const get = (f: string, d: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
  const out = resolve(ROOT, get("--out", "dist-docs"));
  if (!out.startsWith(ROOT + sep) || out === ROOT) throw new Error("--out must be a folder inside the repo");
  const base = get("--base", "/");
  if (!/^\/([\w-]+\/)*$/.test(base)) throw new Error("--base must look like / or /docs/");
  return { out, base };
}

function frontMatter(src: string): { meta: Record<string, string>; body: string } {
  if (!src.startsWith("---\n")) return { meta: {}, body: src };
  const end = src.indexOf("\n---", 4);
  if (end < 0) return { meta: {}, body: src };
  const meta: Record<string, string> = {};
  for (const line of src.slice(4, end).split("\n")) {
    const i = line.indexOf(":");
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim().replace(/^["']|["']$/g, "");
  }
  return { meta, body: src.slice(end + 4) };
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith("_") || name.startsWith(".")) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith(".md")) out.push(p);
  }
  return out;
}

function toRoute(file: string): string {
  const rel = relative(DOCS, file).split(sep).join("/").replace(/\.md$/, "");
  return rel === "index" ? "" : rel.endsWith("/index") ? rel.slice(0, -"index".length) : `${rel}/`;
}

function loadPages(): Page[] {
  return walk(DOCS).map((file) => {
    const { meta, body } = frontMatter(readFileSync(file, "utf8"));
    const html = marked.parse(body, { async: false }) as string;
    const title = meta.title ?? (/^#\s+(.+)$/m.exec(body)?.[1] ?? relative(DOCS, file));
    const route = toRoute(file);
    return {
      src: file,
      route,
      title,
      order: Number(meta.order ?? 100),
      section: route.split("/")[0] || "Home",
      html,
      text: body.replace(/[#>*_`\[\]()-]/g, " ").replace(/\s+/g, " ").slice(0, 2000),
    };
  });
}

function sidebar(pages: Page[], base: string, current: string): string {
  const sections = new Map<string, Page[]>();
  for (const p of pages) {
    if (!sections.has(p.section)) sections.set(p.section, []);
    sections.get(p.section)!.push(p);
  }
  const parts: string[] = ["<nav>"];
  for (const [name, list] of [...sections].sort()) {
    parts.push(`<h4>${name}</h4><ul>`);
    for (const p of list.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title))) {
      const cls = p.route === current ? ' class="current"' : "";
      parts.push(`<li${cls}><a href="${base}${p.route}">${p.title}</a></li>`);
    }
    parts.push("</ul>");
  }
  parts.push("</nav>");
  return parts.join("");
}

function layout(page: Page, nav: string, base: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<link rel="stylesheet" href="${base}assets/site.css">
<script defer src="${base}assets/search.js"></script>
</head><body>
<aside>${nav}<input id="search" placeholder="Search"></aside>
<main>${page.html}</main>
</body></html>`;
}

function writeSitemap(pages: Page[], out: string, base: string): void {
  const urls = pages.map((p) => `<url><loc>${SITE_URL}${base}${p.route}</loc></url>`).join("\n");
  writeFileSync(join(out, "sitemap.xml"), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset>\n${urls}\n</urlset>\n`);
}

function writeSearchIndex(pages: Page[], out: string, base: string): void {
  const index = pages.map((p) => ({ t: p.title, u: `${base}${p.route}`, x: p.text }));
  mkdirSync(join(out, "assets"), { recursive: true });
  writeFileSync(join(out, "assets", "search-index.json"), JSON.stringify(index));
}

function brokenInternalLinks(pages: Page[], base: string): string[] {
  const routes = new Set(pages.map((p) => `${base}${p.route}`));
  const broken: string[] = [];
  for (const p of pages) {
    for (const [, href] of p.html.matchAll(/href="([^"#]+)"/g)) {
      if (/^[a-z]+:/.test(href) || !href.startsWith(base)) continue;
      if (!routes.has(href) && !href.startsWith(`${base}assets/`)) broken.push(`${p.route || "/"} -> ${href}`);
    }
  }
  return broken;
}

function main(): void {
  const { out, base } = options(process.argv.slice(2));
  if (!existsSync(DOCS)) throw new Error("docs/ not found");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const pages = loadPages();
  for (const page of pages) {
    const target = join(out, page.route, "index.html");
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, layout(page, sidebar(pages, base, page.route), base));
  }
  if (existsSync(ASSETS)) cpSync(ASSETS, join(out, "assets"), { recursive: true });
  writeSitemap(pages, out, base);
  writeSearchIndex(pages, out, base);
  console.log(`built ${pages.length} page(s) into ${relative(ROOT, out)}`);
  const broken = brokenInternalLinks(pages, base);
  for (const b of broken) console.warn(`broken link: ${b}`);
  if (broken.length && process.argv.includes("--strict")) process.exitCode = 1;
}

main();
