// tmp_check_links.ts - check external links in docs (HEAD requests only)
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const DOCS = "docs";
const files = readdirSync(DOCS).filter((f) => f.endsWith(".md"));
const urls = new Set<string>();
for (const f of files) {
  const text = readFileSync(join(DOCS, f), "utf8");
  for (const m of text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) urls.add(m[1]);
}

const results = await Promise.all(
  [...urls].map(async (u) => {
    try {
      const r = await fetch(u, { method: "HEAD", redirect: "follow" });
      return [u, r.status] as const;
    } catch {
      return [u, 0] as const;
    }
  }),
);
const bad = results.filter(([, s]) => s === 0 || s >= 400);
for (const [u, s] of bad) console.log(`${s}\t${u}`);
console.log(`${urls.size} links, ${bad.length} broken`);
