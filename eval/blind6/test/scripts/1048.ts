// scripts/rename-assets.ts — rename image assets to kebab-case and update references.
// Dry run by default; pass --apply to change files. Never touches paths outside the repo.
import { readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const ASSETS = join(ROOT, "public", "img");
const SOURCES = join(ROOT, "src");

function guard(p: string): string {
  const rel = relative(ROOT, resolve(p));
  if (rel.startsWith("..")) throw new Error(`outside repo: ${p}`);
  return resolve(p);
}

function kebab(name: string): string {
  const ext = extname(name);
  return (
    basename(name, ext)
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .replace(/[\s_]+/g, "-")
      .toLowerCase() + ext.toLowerCase()
  );
}

function walk(dir: string, pred: (f: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, pred, out);
    else if (pred(p)) out.push(p);
  }
  return out;
}

function main(): void {
  const apply = process.argv.includes("--apply");
  const images = walk(guard(ASSETS), (f) => /\.(png|jpe?g|svg|webp)$/i.test(f));
  const renames = images
    .map((f) => [f, join(dirname(f), kebab(basename(f)))] as const)
    .filter(([a, b]) => a !== b);
  const sources = walk(guard(SOURCES), (f) => /\.(tsx?|css|scss|md)$/.test(f));
  let refUpdates = 0;
  for (const src of sources) {
    let text = readFileSync(src, "utf8");
    const before = text;
    for (const [from, to] of renames) text = text.split(basename(from)).join(basename(to));
    if (text !== before) {
      refUpdates++;
      if (apply) writeFileSync(src, text);
    }
  }
  for (const [from, to] of renames) {
    console.log(`${relative(ROOT, from)} -> ${basename(to)}`);
    if (apply) renameSync(guard(from), guard(to));
  }
  console.log(`${renames.length} rename(s), ${refUpdates} file(s) with references ${apply ? "updated" : "to update (dry run)"}`);
}

main();
