// tmp_backfill_slugs.ts - backfill article slugs in the local SQLite dev database (npx tsx)
import Database from "better-sqlite3";
import { existsSync, copyFileSync } from "node:fs";

interface Article {
  id: number;
  title: string;
  slug: string | null;
}

const DB_FILE = process.env.DB_FILE ?? "prisma/dev.db";
const APPLY = process.argv.includes("--apply");
const MAX_LEN = 80;

function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_LEN);
}

function uniqueSlug(base: string, taken: Set<string>): string {
  let s = base || "untitled";
  let n = 2;
  while (taken.has(s)) {
    s = `${base}-${n++}`;
  }
  taken.add(s);
  return s;
}

function backup(file: string): string {
  const dst = `${file}.${Date.now()}.bak`;
  copyFileSync(file, dst);
  return dst;
}

function selfTest(): void {
  const cases: [string, string][] = [
    ["Hello World", "hello-world"],
    ["  Crème brûlée!  ", "creme-brulee"],
    ["a/b\\c", "a-b-c"],
    ["", ""],
  ];
  for (const [input, want] of cases) {
    const got = slugify(input);
    if (got !== want) {
      console.error(`slugify(${JSON.stringify(input)}) = ${got}, want ${want}`);
      process.exit(1);
    }
  }
}

selfTest();

function main(): void {
  if (!existsSync(DB_FILE)) {
    console.error(`${DB_FILE} does not exist`);
    process.exit(1);
  }
  if (APPLY) console.log("backup at", backup(DB_FILE));
  const db = new Database(DB_FILE);
  const taken = new Set<string>(
    (db.prepare("SELECT slug FROM articles WHERE slug IS NOT NULL").all() as { slug: string }[]).map(
      (r) => r.slug,
    ),
  );
  const rows = db.prepare("SELECT id, title, slug FROM articles WHERE slug IS NULL ORDER BY id").all() as Article[];
  const update = db.prepare("UPDATE articles SET slug = ? WHERE id = ?");
  const tx = db.transaction((items: Article[]) => {
    for (const a of items) {
      const s = uniqueSlug(slugify(a.title), taken);
      console.log(`${a.id}\t${s}`);
      if (APPLY) update.run(s, a.id);
    }
  });
  tx(rows);
  console.log(`${rows.length} articles ${APPLY ? "updated" : "would be updated (pass --apply)"}`);
  db.close();
}

main();
