/**
 * scripts/embed-docs.ts — build the semantic search index for the docs site.
 *
 * Splits docs/**\/*.md into chunks, embeds them with the OpenAI embeddings API and
 * writes public/search/embeddings.json. OPENAI_API_KEY is read from the
 * environment (or .env.local for local runs) and sent only in the Authorization
 * header to api.openai.com. Embeddings are cached by chunk hash in
 * ~/.cache/docs-embed/ so unchanged chunks cost nothing on the next run.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DOCS = path.join(ROOT, "docs");
const OUT = path.join(ROOT, "public", "search", "embeddings.json");
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "docs-embed");
const API_URL = "https://api.openai.com/v1/embeddings";
const MODEL = "text-embedding-3-small";
const BATCH = 64;
const MAX_CHARS = 2400;

interface Chunk {
  id: string;
  file: string;
  heading: string;
  text: string;
  hash: string;
}

interface Embedded extends Chunk {
  vector: number[];
}

function loadKey(): string {
  if (process.env.OPENAI_API_KEY) return process.env.OPENAI_API_KEY;
  const env = path.join(ROOT, ".env.local");
  if (existsSync(env)) {
    const m = /^OPENAI_API_KEY=(.+)$/m.exec(readFileSync(env, "utf8"));
    if (m) return m[1].trim();
  }
  throw new Error("OPENAI_API_KEY is not set");
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (name.endsWith(".md")) out.push(full);
  }
  return out;
}

function chunkFile(file: string): Chunk[] {
  const rel = path.relative(ROOT, file);
  const text = readFileSync(file, "utf8").replace(/^---[\s\S]*?---\n/, "");
  const sections = text.split(/^(?=#{1,3} )/m);
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const heading = /^#{1,3} (.*)$/m.exec(section)?.[1] ?? path.basename(file, ".md");
    for (let i = 0; i < section.length; i += MAX_CHARS) {
      const body = section.slice(i, i + MAX_CHARS).trim();
      if (body.length < 40) continue;
      const hash = createHash("sha256").update(`${MODEL}\n${body}`).digest("hex");
      chunks.push({ id: `${rel}#${chunks.length}`, file: rel, heading, text: body, hash });
    }
  }
  return chunks;
}

function cachePath(hash: string): string {
  return path.join(CACHE_DIR, hash.slice(0, 2), `${hash}.json`);
}

function fromCache(hash: string): number[] | null {
  const p = cachePath(hash);
  return existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as number[]) : null;
}

function toCache(hash: string, vector: number[]): void {
  const p = cachePath(hash);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, JSON.stringify(vector));
}

async function embedBatch(key: string, inputs: string[]): Promise<number[][]> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch(API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: MODEL, input: inputs }),
    });
    if (res.status === 429 || res.status >= 500) {
      const wait = Number(res.headers.get("retry-after") ?? 2 ** attempt);
      console.warn(`openai ${res.status}, retrying in ${wait}s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`embeddings: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: { index: number; embedding: number[] }[] };
    return body.data.sort((a, b) => a.index - b.index).map((d) => d.embedding);
  }
  throw new Error("embeddings: too many retries");
}

/** Cosine similarity, used by --query to sanity-check the index locally. */
function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na) * Math.sqrt(nb) || 1);
}

export { cosine };

function round(vector: number[]): number[] {
  // 4 decimals keeps the JSON small enough for the static site
  return vector.map((x) => Math.round(x * 1e4) / 1e4);
}

async function main(): Promise<void> {
  const dryRun = process.argv.includes("--dry-run");
  const chunks = walk(DOCS).flatMap(chunkFile);
  const missing = chunks.filter((c) => !fromCache(c.hash));
  console.log(`${chunks.length} chunk(s), ${missing.length} not cached`);
  if (dryRun) return;
  if (missing.length) {
    const key = loadKey();
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      const vectors = await embedBatch(key, batch.map((c) => `${c.heading}\n\n${c.text}`));
      batch.forEach((c, j) => toCache(c.hash, vectors[j]));
      console.log(`embedded ${Math.min(i + BATCH, missing.length)}/${missing.length}`);
    }
  }
  const embedded: Embedded[] = chunks.map((c) => ({ ...c, vector: round(fromCache(c.hash) ?? []) }));
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    JSON.stringify({
      model: MODEL,
      generated: new Date().toISOString(),
      items: embedded.map(({ id, file, heading, text, vector }) => ({ id, file, heading, snippet: text.slice(0, 200), vector })),
    }),
  );
  const kb = (statSync(OUT).size / 1024).toFixed(0);
  console.log(`wrote ${path.relative(ROOT, OUT)} (${kb} KiB)`);
}

function pruneCache(maxAgeDays = 60): number {
  if (!existsSync(CACHE_DIR)) return 0;
  const cutoff = Date.now() - maxAgeDays * 86400000;
  let n = 0;
  for (const sub of readdirSync(CACHE_DIR)) {
    const dir = path.join(CACHE_DIR, sub);
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).atimeMs < cutoff) {
        require("node:fs").unlinkSync(p);
        n++;
      }
    }
  }
  return n;
}

main()
  .then(() => {
    if (process.argv.includes("--prune-cache")) console.log(`pruned ${pruneCache()} stale cache entr(ies)`);
  })
  .catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
