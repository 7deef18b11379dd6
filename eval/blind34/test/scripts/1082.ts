#!/usr/bin/env -S npx tsx
/**
 * sitemap-audit.ts — audit the sitemap of the locally built marketing site
 * (served by `npm run preview` on 127.0.0.1:4321) before deploy.
 *
 * Checks every <loc> in sitemap.xml / sitemap-index.xml:
 *   - the URL is served (status 200, no redirect chains longer than 1)
 *   - canonical link points back to itself
 *   - <lastmod> is not in the future and not older than the page's git date
 *   - hreflang alternates exist for every locale in config/site.json
 * Pages reachable by crawling from "/" but missing from the sitemap are
 * listed as well.  Only the preview host is requested; sitemap URLs on the
 * production domain are rewritten to the preview origin before fetching.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SITE = JSON.parse(readFileSync(join(REPO, "config", "site.json"), "utf8")) as {
  productionOrigin: string;
  locales: string[];
  contentDir: string;
};
const PREVIEW = process.env.PREVIEW_ORIGIN ?? "http://127.0.0.1:4321";
const CONCURRENCY = 6;

interface Entry {
  loc: string;
  lastmod?: string;
}

interface PageResult {
  url: string;
  status: number;
  redirects: number;
  canonical?: string;
  hreflangs: string[];
  problems: string[];
}

function assertPreviewHost(): void {
  const host = new URL(PREVIEW).hostname;
  if (!["127.0.0.1", "localhost"].includes(host)) throw new Error(`PREVIEW_ORIGIN ${PREVIEW} must be local`);
}

function toPreview(url: string): string {
  return url.startsWith(SITE.productionOrigin) ? PREVIEW + url.slice(SITE.productionOrigin.length) : url;
}

async function text(url: string): Promise<string> {
  const res = await fetch(toPreview(url));
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

async function sitemapEntries(): Promise<Entry[]> {
  const root = await text(`${PREVIEW}/sitemap-index.xml`).catch(() => text(`${PREVIEW}/sitemap.xml`));
  const nested = [...root.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const docs = nested.length ? await Promise.all(nested.map(text)) : [root];
  const entries: Entry[] = [];
  for (const doc of docs) {
    for (const m of doc.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
      const loc = /<loc>([^<]+)<\/loc>/.exec(m[1])?.[1];
      const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(m[1])?.[1];
      if (loc) entries.push({ loc, lastmod });
    }
  }
  return entries;
}

async function fetchPage(url: string): Promise<{ status: number; redirects: number; html: string }> {
  let current = toPreview(url);
  let redirects = 0;
  for (;;) {
    const res = await fetch(current, { redirect: "manual" });
    if (res.status >= 300 && res.status < 400 && res.headers.get("location") && redirects < 5) {
      current = new URL(res.headers.get("location")!, current).href;
      redirects++;
      continue;
    }
    return { status: res.status, redirects, html: res.ok ? await res.text() : "" };
  }
}

function gitDate(url: string): Date | null {
  const pathPart = new URL(url).pathname.replace(/^\/|\/$/g, "") || "index";
  try {
    const out = execFileSync("git", ["log", "-1", "--format=%cI", "--", join(SITE.contentDir, `${pathPart}.md`)], {
      cwd: REPO,
      encoding: "utf8",
    }).trim();
    return out ? new Date(out) : null;
  } catch {
    return null;
  }
}

async function audit(entry: Entry): Promise<PageResult> {
  const page = await fetchPage(entry.loc);
  const problems: string[] = [];
  if (page.status !== 200) problems.push(`status ${page.status}`);
  if (page.redirects > 1) problems.push(`${page.redirects} redirects`);
  const canonical = /<link[^>]+rel="canonical"[^>]+href="([^"]+)"/.exec(page.html)?.[1];
  if (page.status === 200 && canonical !== entry.loc) problems.push(`canonical ${canonical ?? "missing"}`);
  const hreflangs = [...page.html.matchAll(/<link[^>]+hreflang="([^"]+)"/g)].map((m) => m[1]);
  for (const locale of SITE.locales) if (!hreflangs.includes(locale)) problems.push(`no hreflang ${locale}`);
  if (entry.lastmod) {
    const lm = new Date(entry.lastmod);
    if (lm.getTime() > Date.now() + 86400000) problems.push("lastmod in the future");
    const gd = gitDate(entry.loc);
    if (gd && lm < gd) problems.push(`lastmod ${entry.lastmod} older than last commit ${gd.toISOString().slice(0, 10)}`);
  }
  return { url: entry.loc, status: page.status, redirects: page.redirects, canonical, hreflangs, problems };
}

async function crawlLinks(start: string, limit = 500): Promise<Set<string>> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length && seen.size < limit) {
    const url = queue.shift()!;
    const { html } = await fetchPage(url);
    for (const m of html.matchAll(/href="(\/[^"#?]*)"/g)) {
      const abs = SITE.productionOrigin + m[1];
      if (!seen.has(abs) && !/\.(png|jpg|svg|css|js|xml|pdf)$/.test(m[1])) {
        seen.add(abs);
        queue.push(abs);
      }
    }
  }
  return seen;
}

async function inBatches<T, R>(items: T[], fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CONCURRENCY) out.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(fn))));
  return out;
}

const HELP = `sitemap-audit.ts

Environment
  PREVIEW_ORIGIN   local preview server (default http://127.0.0.1:4321);
                   must be 127.0.0.1 or localhost

config/site.json
  productionOrigin   origin used in the sitemap and canonical links
  locales            hreflang values every page must list
  contentDir         markdown sources, used for the git-date check

Exit status 1 when any sitemap URL has a problem.  Pages that are linked
from the site but missing from the sitemap are reported, not failed.
The full result is written to build/sitemap-audit.json.`;

/** Group problems by kind so the summary line says what to fix first. */
function problemKinds(results: PageResult[]): string {
  const kinds = new Map<string, number>();
  for (const r of results) {
    for (const p of r.problems) {
      const kind = p.split(" ")[0];
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  }
  return [...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}×${n}`).join(", ");
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(HELP);
    return;
  }
  assertPreviewHost();
  const entries = await sitemapEntries();
  const results = await inBatches(entries, audit);
  const linked = await crawlLinks(`${SITE.productionOrigin}/`);
  const inSitemap = new Set(entries.map((e) => e.loc.replace(/\/$/, "")));
  const orphans = [...linked].filter((u) => !inSitemap.has(u.replace(/\/$/, ""))).sort();
  const bad = results.filter((r) => r.problems.length);
  for (const r of bad) console.log(`${r.url}\n  ${r.problems.join("\n  ")}`);
  if (orphans.length) console.log(`\nlinked but not in the sitemap:\n  ${orphans.slice(0, 40).join("\n  ")}`);
  mkdirSync(join(REPO, "build"), { recursive: true });
  writeFileSync(join(REPO, "build", "sitemap-audit.json"), JSON.stringify({ results, orphans }, null, 2));
  console.log(`\n${entries.length} sitemap URL(s), ${bad.length} with problems, ${orphans.length} missing from the sitemap`);
  if (bad.length) console.log(`problem kinds: ${problemKinds(bad)}`);
  process.exitCode = bad.length ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`sitemap-audit: ${err.message}`);
  process.exitCode = 1;
});
