// tools/ocr-batch.ts - OCR the scanned lab notebooks into searchable PDFs.
//
//   tsx tools/ocr-batch.ts                    all new scans in scans/inbox/
//   tsx tools/ocr-batch.ts --jobs 4 --lang deu+eng
//   tsx tools/ocr-batch.ts --reprocess NAME   force one file again
//
// ocrmypdf runs per file (argv arrays, no shell) with a bounded number of
// workers; outputs go to scans/ocr/, a sidecar .txt for full-text search, and
// an index in scans/index.json. Originals move to scans/done/ only after a
// successful run. Temp files are ocrmypdf's own (in the OS temp dir) and are
// cleaned by it; we remove our partial outputs on failure.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';

const LAB_DIR = path.resolve(__dirname, '..');
const INBOX = path.join(LAB_DIR, 'scans', 'inbox');
const OCR_OUT = path.join(LAB_DIR, 'scans', 'ocr');
const DONE = path.join(LAB_DIR, 'scans', 'done');
const INDEX = path.join(LAB_DIR, 'scans', 'index.json');

interface Options {
  jobs: number;
  lang: string;
  reprocess: string | null;
}

interface IndexEntry {
  file: string;
  pages: number;
  words: number;
  processed: string;
  seconds: number;
}

type Index = Record<string, IndexEntry>;

function parseArgs(argv: readonly string[]): Options {
  const opts: Options = { jobs: Math.max(1, Math.floor(cpus().length / 2)), lang: 'eng', reprocess: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--jobs') opts.jobs = Number(argv[++i]);
    else if (a === '--lang') opts.lang = argv[++i];
    else if (a === '--reprocess') opts.reprocess = argv[++i];
    else throw new Error(`unsupported option ${a}`);
  }
  if (!Number.isInteger(opts.jobs) || opts.jobs < 1 || opts.jobs > 32) throw new Error('--jobs must be 1..32');
  if (!/^[a-z]{3}(\+[a-z]{3})*$/.test(opts.lang)) throw new Error('--lang like eng or deu+eng');
  return opts;
}

function loadIndex(): Index {
  return existsSync(INDEX) ? (JSON.parse(readFileSync(INDEX, 'utf8')) as Index) : {};
}

function saveIndex(index: Index): void {
  const tmp = `${INDEX}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(index, null, 2)}\n`);
  renameSync(tmp, INDEX);
}

function ocrmypdf(src: string, dst: string, sidecar: string, lang: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const args = ['--skip-text', '--rotate-pages', '--deskew', '--clean', '--optimize', '2', '-l', lang, '--sidecar', sidecar, src, dst];
    const child = spawn('ocrmypdf', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

async function pageCount(pdf: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('qpdf', ['--show-npages', pdf]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', () => resolve(Number(out.trim()) || 0));
  });
}

async function processOne(name: string, opts: Options, index: Index): Promise<boolean> {
  const src = path.join(existsSync(path.join(INBOX, name)) ? INBOX : DONE, name);
  const dst = path.join(OCR_OUT, name);
  const sidecar = dst.replace(/\.pdf$/i, '.txt');
  const started = Date.now();
  const { code, stderr } = await ocrmypdf(src, dst, sidecar, opts.lang);
  if (code !== 0 && code !== 6) {
    // 6 = "already has text"; anything else is a failure: drop partial outputs
    rmSync(dst, { force: true });
    rmSync(sidecar, { force: true });
    console.log(`FAIL ${name}: ${stderr.trim().split('\n').pop()}`);
    return false;
  }
  const words = existsSync(sidecar) ? readFileSync(sidecar, 'utf8').split(/\s+/).filter(Boolean).length : 0;
  index[name] = {
    file: path.relative(LAB_DIR, dst),
    pages: await pageCount(dst),
    words,
    processed: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  if (src.startsWith(INBOX)) renameSync(src, path.join(DONE, name));
  console.log(`ok   ${name}: ${index[name].pages} page(s), ${words} words`);
  return true;
}

async function pool<T>(items: T[], size: number, worker: (item: T) => Promise<boolean>): Promise<number> {
  let next = 0;
  let failed = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      if (!(await worker(item))) failed++;
    }
  });
  await Promise.all(lanes);
  return failed;
}

function pending(opts: Options): string[] {
  if (opts.reprocess) {
    const name = path.basename(opts.reprocess);
    if (!existsSync(path.join(INBOX, name)) && !existsSync(path.join(DONE, name))) throw new Error(`no scan named ${name}`);
    return [name];
  }
  if (!existsSync(INBOX)) return [];
  return readdirSync(INBOX)
    .filter((f) => f.toLowerCase().endsWith('.pdf') && statSync(path.join(INBOX, f)).size > 0)
    .sort();
}

function search(term: string): void {
  // grep the OCR sidecars, print notebook + line; purely local
  const index = loadIndex();
  const needle = term.toLowerCase();
  let hits = 0;
  for (const [name, entry] of Object.entries(index)) {
    const txt = path.join(LAB_DIR, entry.file).replace(/\.pdf$/i, '.txt');
    if (!existsSync(txt)) continue;
    readFileSync(txt, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.toLowerCase().includes(needle)) {
          hits++;
          if (hits <= 50) console.log(`${name}:${i + 1}: ${line.trim().slice(0, 120)}`);
        }
      });
  }
  console.log(`${hits} hit(s)`);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'search') {
    search(process.argv.slice(3).join(' '));
    return;
  }
  const opts = parseArgs(process.argv.slice(2)); // jobs, lang, reprocess
  [OCR_OUT, DONE].forEach((d) => mkdirSync(d, { recursive: true }));
  const files = pending(opts);
  if (!files.length) {
    console.log('no new scans');
    return;
  }
  console.log(`${files.length} scan(s), ${opts.jobs} worker(s), language ${opts.lang}`);
  const index = loadIndex();
  let processedSinceSave = 0;
  const failed = await pool(files, opts.jobs, async (name) => {
    const ok = await processOne(name, opts, index);
    if (++processedSinceSave >= 5) {
      saveIndex(index);
      processedSinceSave = 0;
    }
    return ok;
  });
  saveIndex(index);
  const totalPages = Object.values(index).reduce((s, e) => s + e.pages, 0);
  console.log(`${files.length - failed} ok, ${failed} failed; index has ${Object.keys(index).length} notebook(s), ${totalPages} pages`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`ocr-batch: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
