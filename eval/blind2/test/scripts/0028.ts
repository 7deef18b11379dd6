#!/usr/bin/env -S npx tsx
/**
 * i18n-extract.ts - collect translation keys used as t("...") / <Trans i18nKey="..."> in src/
 * and sync them into locales/<lang>.json: new keys are added (English gets the key as
 * placeholder, other languages get ""), unused keys are reported or removed with --prune.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { extname, join } from "node:path";

const SRC = "src";
const LOCALES = "locales";
const EXTS = new Set([".ts", ".tsx", ".js", ".jsx"]);
const PATTERNS = [/\bt\(\s*["'`]([\w.:-]+)["'`]/g, /i18nKey=["']([\w.:-]+)["']/g];

type Dict = Record<string, unknown>;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "__generated__") walk(full, out);
    } else if (EXTS.has(extname(name)) && !name.endsWith(".test.tsx")) {
      out.push(full);
    }
  }
  return out;
}

function extract(files: string[]): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const f of files) {
    const src = readFileSync(f, "utf8");
    for (const re of PATTERNS) {
      for (const m of src.matchAll(re)) {
        const list = keys.get(m[1]) ?? [];
        list.push(f);
        keys.set(m[1], list);
      }
    }
  }
  return keys;
}

function flatten(obj: Dict, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") flatten(v as Dict, key, out);
    else out[key] = String(v ?? "");
  }
  return out;
}

function unflatten(flat: Record<string, string>): Dict {
  const root: Dict = {};
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split(".");
    let node = root;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Dict;
    node[parts[parts.length - 1]] = flat[key];
  }
  return root;
}

function main(): void {
  const prune = process.argv.includes("--prune");
  const check = process.argv.includes("--check");
  const used = extract(walk(SRC));
  let dirty = false;

  for (const file of readdirSync(LOCALES).filter((f) => f.endsWith(".json"))) {
    const lang = file.replace(/\.json$/, "");
    const path = join(LOCALES, file);
    const flat = existsSync(path) ? flatten(JSON.parse(readFileSync(path, "utf8"))) : {};
    const added = [...used.keys()].filter((k) => !(k in flat));
    const unused = Object.keys(flat).filter((k) => !used.has(k));
    for (const k of added) flat[k] = lang === "en" ? k : "";
    if (prune) for (const k of unused) delete flat[k];
    console.log(`${lang}: +${added.length} new, ${unused.length} unused${prune ? " (pruned)" : ""}`);
    if (added.length || (prune && unused.length)) {
      dirty = true;
      if (!check) writeFileSync(path, JSON.stringify(unflatten(flat), null, 2) + "\n");
    }
  }
  console.log(`${used.size} keys in use`);
  if (check && dirty) process.exit(1);
}

main();
