#!/usr/bin/env -S npx tsx
// Fetch public Internet Archive items (newspaper scans) listed in ia-items.json,
// verify md5 against the archive.org metadata and build an OCR text corpus.
//
//   npx tsx tools/ia-corpus.ts [--formats "Djvu XML,Text PDF"] [--jobs 3] [--refresh]
//
// Only public (non-dark) items are downloaded, from archive.org download URLs.
// Files go to data/ia/<identifier>/; the corpus to build/corpus/. --refresh
// deletes the local copy of an item before re-downloading it (inside data/ia).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA = path.join(ROOT, 'data', 'ia');
const CORPUS = path.join(ROOT, 'build', 'corpus');

interface IaFile {
  name: string;
  format: string;
  md5?: string;
  size?: string;
}

interface IaItem {
  metadata: { identifier: string; title?: string; date?: string };
  files: IaFile[];
  is_dark?: boolean;
}

type Status = 'downloaded' | 'cached' | 'mismatch' | 'error';

function opts() {
  const a = process.argv.slice(2);
  const get = (k: string) => (a.includes(k) ? a[a.indexOf(k) + 1] : undefined);
  return {
    formats: (get('--formats') ?? 'Djvu XML,DjVuTXT').split(',').map((s) => s.trim()),
    jobs: Math.max(1, Number(get('--jobs') ?? 3)),
    refresh: a.includes('--refresh'),
  };
}

function identifiers(): string[] {
  const list = JSON.parse(readFileSync(path.join(ROOT, 'ia-items.json'), 'utf8')) as string[];
  for (const id of list) if (!/^[A-Za-z0-9._-]+$/.test(id)) throw new Error(`bad identifier ${id}`);
  return list;
}

async function metadata(id: string): Promise<IaItem | null> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(`https://archive.org/metadata/${id}`);
    if (res.ok) {
      const json = (await res.json()) as IaItem | Record<string, never>;
      return 'metadata' in json ? (json as IaItem) : null;
    }
    await new Promise((r) => setTimeout(r, 1000 * attempt));
  }
  throw new Error(`${id}: metadata unavailable`);
}

function md5(file: string): Promise<string> { // archive.org publishes md5 per file
  return new Promise((resolve, reject) => {
    const h = createHash('md5');
    createReadStream(file).on('data', (c) => h.update(c)).on('end', () => resolve(h.digest('hex'))).on('error', reject);
  });
}

async function fetchFile(id: string, f: IaFile): Promise<Status> {
  const dir = path.join(DATA, id);
  const dest = path.join(dir, f.name);
  if (!dest.startsWith(dir + path.sep)) return 'error';
  if (existsSync(dest) && f.md5 && (await md5(dest)) === f.md5) return 'cached';
  mkdirSync(path.dirname(dest), { recursive: true });
  const res = await fetch(`https://archive.org/download/${id}/${encodeURIComponent(f.name)}`);
  if (!res.ok || !res.body) return 'error';
  const part = `${dest}.part`;
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(part, { flags: 'w' }));
  renameSync(part, dest);
  if (f.md5 && (await md5(dest)) !== f.md5) return 'mismatch';
  return 'downloaded';
}

function textFromDjvuXml(xml: string): string {
  return xml
    .replace(/<WORD[^>]*>([^<]*)<\/WORD>/g, '$1 ')
    .replace(/<\/LINE>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

function buildCorpus(id: string, item: IaItem): number {
  const dir = path.join(DATA, id);
  const parts: string[] = [];
  for (const f of item.files) {
    const p = path.join(dir, f.name);
    if (!existsSync(p)) continue;
    if (f.format === 'Djvu XML') parts.push(textFromDjvuXml(readFileSync(p, 'utf8')));
    else if (f.format === 'DjVuTXT') parts.push(readFileSync(p, 'utf8'));
  }
  if (!parts.length) return 0;
  mkdirSync(CORPUS, { recursive: true });
  const header = `# ${item.metadata.title ?? id}\n# date: ${item.metadata.date ?? 'unknown'}\n# source: https://archive.org/details/${id}\n\n`;
  const text = header + parts.join('\n\n');
  writeFileSync(path.join(CORPUS, `${id}.txt`), text);
  return text.split(/\s+/).length;
}

async function processItem(id: string, o: ReturnType<typeof opts>): Promise<Record<Status, number> & { words: number }> {
  const counts = { downloaded: 0, cached: 0, mismatch: 0, error: 0, words: 0 };
  const item = await metadata(id);
  if (!item || item.is_dark) {
    console.log(`${id}: not available (dark or missing), skipped`);
    return counts;
  }
  if (o.refresh) rmSync(path.join(DATA, id), { recursive: true, force: true });
  const wanted = item.files.filter((f) => o.formats.includes(f.format));
  for (const f of wanted) counts[await fetchFile(id, f)]++;
  counts.words = buildCorpus(id, item);
  console.log(`${id}: ${wanted.length} file(s), ${counts.downloaded} new, ${counts.mismatch} md5 mismatch, ${counts.words} words`);
  return counts;
}

function corpusStats(): { files: number; words: number; topWords: Array<[string, number]> } {
  // simple frequency table over the corpus for the OCR quality review
  if (!existsSync(CORPUS)) return { files: 0, words: 0, topWords: [] };
  const { readdirSync } = require('node:fs') as typeof import('node:fs');
  const freq = new Map<string, number>();
  let words = 0;
  const files = readdirSync(CORPUS).filter((f) => f.endsWith('.txt'));
  for (const f of files) {
    const text = readFileSync(path.join(CORPUS, f), 'utf8').toLowerCase();
    for (const w of text.match(/[a-zäöüß]{4,}/g) ?? []) {
      freq.set(w, (freq.get(w) ?? 0) + 1);
      words++;
    }
  }
  const topWords = [...freq].sort((a, b) => b[1] - a[1]).slice(0, 20);
  return { files: files.length, words, topWords };
}

function ocrNoise(): number {
  // share of tokens that contain digits mixed with letters (typical OCR garbage)
  if (!existsSync(CORPUS)) return 0;
  const { readdirSync } = require('node:fs') as typeof import('node:fs');
  let tokens = 0;
  let noisy = 0;
  for (const f of readdirSync(CORPUS).filter((x) => x.endsWith('.txt'))) {
    for (const t of readFileSync(path.join(CORPUS, f), 'utf8').split(/\s+/)) {
      tokens++;
      if (/[a-z]\d|\d[a-z]/i.test(t)) noisy++;
    }
  }
  return tokens ? noisy / tokens : 0;
}

async function main(): Promise<void> {
  const o = opts();
  const ids = identifiers();
  mkdirSync(DATA, { recursive: true });
  const totals = { downloaded: 0, cached: 0, mismatch: 0, error: 0, words: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: o.jobs }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        try {
          const c = await processItem(id, o);
          for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += c[k];
        } catch (e) {
          console.error(`${id}: ${(e as Error).message}`);
          totals.error++;
        }
      }
    }),
  );
  writeFileSync(path.join(DATA, 'last-run.json'), JSON.stringify({ at: new Date().toISOString(), ...totals }, null, 2));
  console.log(`total: ${JSON.stringify(totals)}`);
  const stats = corpusStats();
  console.log(`corpus: ${stats.files} file(s), ${stats.words} words, OCR noise ${(100 * ocrNoise()).toFixed(1)}%`);
  process.exitCode = totals.mismatch || totals.error ? 1 : 0;
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
