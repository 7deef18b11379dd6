// tools/postprocess-typedoc.ts - run typedoc for the public SDK packages and
// post-process the HTML output:
//   * inject a version switcher banner
//   * mark @deprecated symbols visually and list them on a summary page
//   * rewrite links to source files to point at the tagged GitHub blob
//   * emit a small JSON index used by the docs site search
//
//   npx tsx tools/postprocess-typedoc.ts             # -> build/api-docs
//   npx tsx tools/postprocess-typedoc.ts --skip-build # post-process existing output
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

interface PageInfo {
  file: string;
  title: string;
  deprecated: string[];
}

const ROOT = process.cwd();
const OUT = join(ROOT, "build", "api-docs");
const TYPEDOC = join(ROOT, "node_modules", ".bin", "typedoc");
const ENTRY_POINTS = ["packages/ledger-client/src/index.ts", "packages/ledger-types/src/index.ts"];
const SOURCE_LINK_RE = /href="(?:\.\.\/)*src\/([^"#]+)#L(\d+)"/g;

function version(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, "packages", "ledger-client", "package.json"), "utf8")) as { version: string };
  return pkg.version;
}

function repoSlug(): string {
  const url = execFileSync("git", ["remote", "get-url", "origin"], { encoding: "utf8" }).trim();
  const m = /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url);
  return m ? m[1] : "acme/ledger";
}

function build(): void {
  if (!existsSync(TYPEDOC)) throw new Error("typedoc is not installed (npm ci)");
  rmSync(OUT, { recursive: true, force: true });
  execFileSync(
    TYPEDOC,
    ["--out", OUT, "--excludePrivate", "--excludeInternal", "--readme", "none", "--treatWarningsAsErrors", ...ENTRY_POINTS],
    { cwd: ROOT, stdio: "inherit" },
  );
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...htmlFiles(p));
    else if (name.endsWith(".html")) out.push(p);
  }
  return out;
}

function banner(ver: string): string {
  return `<div class="ledger-version-banner">ledger-client v${ver} &middot; <a href="/docs/api/versions.html">other versions</a></div>`;
}

function processPage(file: string, ver: string, slug: string): PageInfo {
  let html = readFileSync(file, "utf8");
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? relative(OUT, file);
  const deprecated: string[] = [];
  html = html.replace(/<h3 class="tsd-anchor-link"[^>]*>([\s\S]*?)<\/h3>([\s\S]*?)(?=<h3 class="tsd-anchor-link"|<\/section>)/g, (block, head: string, body: string) => {
    if (!/@deprecated|tsd-tag-deprecated|Deprecated/.test(body)) return block;
    const name = head.replace(/<[^>]+>/g, "").trim();
    deprecated.push(name);
    return block.replace('class="tsd-anchor-link"', 'class="tsd-anchor-link ledger-deprecated"');
  });
  html = html.replace(SOURCE_LINK_RE, (_m, path: string, line: string) => {
    return `href="https://github.com/${slug}/blob/v${ver}/src/${path}#L${line}"`;
  });
  if (!html.includes("ledger-version-banner")) html = html.replace(/<body([^>]*)>/, `<body$1>${banner(ver)}`);
  writeFileSync(file, html);
  return { file, title, deprecated };
}

function writeDeprecatedPage(pages: PageInfo[], ver: string): void {
  const rows = pages
    .flatMap((p) => p.deprecated.map((d) => `<li><a href="${relative(OUT, p.file).split(sep).join("/")}">${d}</a> <small>(${p.title})</small></li>`))
    .join("\n");
  writeFileSync(
    join(OUT, "deprecated.html"),
    `<!doctype html><meta charset="utf-8"><title>Deprecated APIs - v${ver}</title><h1>Deprecated in v${ver}</h1><ul>${rows || "<li>none</li>"}</ul>`,
  );
}

function writeSearchIndex(pages: PageInfo[]): void {
  const index = pages.map((p) => ({ t: p.title, u: relative(OUT, p.file).split(sep).join("/") }));
  writeFileSync(join(OUT, "search-index.json"), JSON.stringify(index));
}

function appendCss(): void {
  const css = join(OUT, "assets", "style.css");
  if (!existsSync(css)) return;
  const extra = `
.ledger-version-banner { background: #1f2937; color: #f9fafb; padding: 6px 12px; font-size: 13px; }
.ledger-version-banner a { color: #93c5fd; }
.ledger-deprecated { text-decoration: line-through; opacity: 0.7; }
`;
  const current = readFileSync(css, "utf8");
  if (!current.includes(".ledger-version-banner")) writeFileSync(css, current + extra);
}

function writeVersionsPage(ver: string): void {
  // list released versions (from tags) so the banner link has a target
  const tags = execFileSync("git", ["tag", "--list", "v*", "--sort=-v:refname"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .slice(0, 20);
  const items = tags.map((t) => `<li>${t}${t === `v${ver}` ? " (this build)" : ""}</li>`).join("\n");
  writeFileSync(
    join(OUT, "versions.html"),
    `<!doctype html><meta charset="utf-8"><title>API versions</title><h1>Released versions</h1><ul>${items}</ul>`,
  );
}

function brokenAnchors(pages: PageInfo[]): number {
  // count links to #anchors that do not exist on the same page
  let broken = 0;
  for (const p of pages) {
    const html = readFileSync(p.file, "utf8");
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    for (const [, id] of html.matchAll(/href="#([^"]+)"/g)) if (!ids.has(id)) broken++;
  }
  return broken;
}

function main(): void {
  const skipBuild = process.argv.includes("--skip-build");
  if (!resolve(OUT).startsWith(ROOT + sep)) throw new Error("output must stay inside the repo");
  if (!skipBuild) build();
  if (!existsSync(OUT)) throw new Error(`${OUT} does not exist; run without --skip-build`);
  const ver = version();
  const slug = repoSlug();
  mkdirSync(OUT, { recursive: true });
  const pages = htmlFiles(OUT).map((f) => processPage(f, ver, slug));
  writeDeprecatedPage(pages, ver);
  writeSearchIndex(pages);
  writeVersionsPage(ver);
  appendCss();
  const anchors = brokenAnchors(pages);
  if (anchors) console.warn(`${anchors} in-page anchor link(s) point nowhere`);
  const deprecatedCount = pages.reduce((n, p) => n + p.deprecated.length, 0);
  console.log(`post-processed ${pages.length} page(s); ${deprecatedCount} deprecated symbol(s) listed`);
}

try {
  main();
} catch (e) {
  console.error(`typedoc post-process: ${(e as Error).message}`);
  process.exit(1);
}
