// tmp_migrate_json.ts - migrate content/*.json from schema v1 to v2 (run with npx tsx)
import { promises as fs } from "node:fs";
import path from "node:path";

interface PostV1 {
  id: string;
  title: string;
  body: string;
  author: string;
  date: string;
  tags?: string;
}

interface PostV2 {
  schema: 2;
  id: string;
  title: string;
  body: string;
  author: { name: string };
  publishedAt: string;
  tags: string[];
}

const CONTENT_DIR = path.resolve("content");
const DRY_RUN = process.argv.includes("--dry-run");

function isV1(x: unknown): x is PostV1 {
  return (
    typeof x === "object" &&
    x !== null &&
    !("schema" in x) &&
    typeof (x as PostV1).id === "string" &&
    typeof (x as PostV1).date === "string"
  );
}

function toV2(p: PostV1): PostV2 {
  return {
    schema: 2,
    id: p.id,
    title: p.title.trim(),
    body: p.body,
    author: { name: p.author },
    publishedAt: new Date(p.date).toISOString(),
    tags: (p.tags ?? "")
      .split(",")
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  };
}

async function listJson(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const ent of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) out.push(...(await listJson(p)));
    else if (ent.name.endsWith(".json")) out.push(p);
  }
  return out;
}

async function main(): Promise<void> {
  const files = await listJson(CONTENT_DIR);
  let migrated = 0;
  let skipped = 0;
  const errors: string[] = [];
  for (const f of files) {
    try {
      const raw = JSON.parse(await fs.readFile(f, "utf8"));
      if (!isV1(raw)) {
        skipped++;
        continue;
      }
      const next = toV2(raw);
      if (!DRY_RUN) {
        await fs.writeFile(f, JSON.stringify(next, null, 2) + "\n");
      }
      migrated++;
    } catch (e) {
      errors.push(`${path.relative(process.cwd(), f)}: ${(e as Error).message}`);
    }
  }
  console.log(`migrated=${migrated} skipped=${skipped} errors=${errors.length}`);
  for (const e of errors) console.error("  " + e);
  if (errors.length) process.exitCode = 1;
}

main();
