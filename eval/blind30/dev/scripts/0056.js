#!/usr/bin/env node
// Extract text and metadata from the document inbox with a local Apache Tika server.
//
//   node tools/tika-extract.js inbox/ --out build/tika [--ocr] [--concurrency 4]
//
// Starts `java -jar tools/tika-server-standard.jar --host 127.0.0.1 --port <free>`
// as a child process, waits for it, PUTs every document to /tika (text) and /meta
// (JSON metadata), writes build/tika/<name>.txt and <name>.json, and stops the server
// it started when done (also on Ctrl-C). No document leaves this machine.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const net = require('node:net');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const JAR = path.join(ROOT, 'tools', 'tika-server-standard.jar');
const EXTENSIONS = new Set(['.pdf', '.docx', '.doc', '.odt', '.rtf', '.pptx', '.xlsx', '.html', '.eml', '.msg', '.tif', '.tiff', '.png', '.jpg']);

function args() {
  const a = process.argv.slice(2);
  const opts = { input: null, out: 'build/tika', ocr: false, concurrency: 4, force: false };
  for (let i = 0; i < a.length; i++) {
    switch (a[i]) {
      case '--out': opts.out = a[++i]; break;
      case '--ocr': opts.ocr = true; break;
      case '--force': opts.force = true; break;
      case '--concurrency': opts.concurrency = Math.max(1, Number(a[++i]) || 1); break;
      default: opts.input = a[i];
    }
  }
  if (!opts.input) {
    console.error('usage: tika-extract.js <dir> [--out build/tika] [--ocr] [--concurrency N] [--force]');
    process.exit(2);
  }
  return opts;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

class TikaServer {
  constructor(port) {
    this.port = port;
    this.child = null;
    this.base = `http://127.0.0.1:${port}`;
  }

  start() {
    if (!fs.existsSync(JAR)) throw new Error(`${path.relative(ROOT, JAR)} missing; run make tools`);
    this.child = spawn('java', ['-Xmx2g', '-jar', JAR, '--host', '127.0.0.1', '--port', String(this.port)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child.stderr.on('data', (d) => {
      if (process.env.TIKA_DEBUG) process.stderr.write(d);
    });
    this.child.on('exit', (code, signal) => {
      if (!this.stopping) console.error(`tika server exited unexpectedly (${code ?? signal})`);
    });
  }

  async waitReady(timeoutMs = 60000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      try {
        const res = await fetch(`${this.base}/version`);
        if (res.ok) return (await res.text()).trim();
      } catch { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 400));
    }
    throw new Error('tika server did not start in time');
  }

  stop() {
    if (this.child && this.child.exitCode === null) {
      this.stopping = true;
      this.child.kill('SIGTERM');
      setTimeout(() => this.child.exitCode === null && this.child.kill('SIGKILL'), 5000).unref();
    }
  }

  async put(endpoint, file, headers = {}) {
    const body = await fsp.readFile(file);
    const res = await fetch(`${this.base}${endpoint}`, { method: 'PUT', body, headers });
    if (!res.ok) throw new Error(`${endpoint} ${path.basename(file)}: HTTP ${res.status}`);
    return res;
  }
}

async function* walk(dir) {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walk(full);
    else if (EXTENSIONS.has(path.extname(entry.name).toLowerCase())) yield full;
  }
}

function outName(inputDir, file) {
  const rel = path.relative(inputDir, file);
  const hash = crypto.createHash('sha1').update(rel).digest('hex').slice(0, 8);
  return `${path.basename(file, path.extname(file)).replace(/[^\w.-]+/g, '_')}-${hash}`;
}

async function extractOne(tika, inputDir, outDir, file, opts) {
  const name = outName(inputDir, file);
  const txtPath = path.join(outDir, `${name}.txt`);
  if (!opts.force && fs.existsSync(txtPath) && fs.statSync(txtPath).mtimeMs > fs.statSync(file).mtimeMs) {
    return { file, skipped: true };
  }
  const ocrHeader = opts.ocr ? { 'X-Tika-OCRLanguage': 'eng+deu' } : { 'X-Tika-PDFOcrStrategy': 'no_ocr' };
  const text = await (await tika.put('/tika', file, { Accept: 'text/plain', ...ocrHeader })).text();
  const meta = await (await tika.put('/meta', file, { Accept: 'application/json' })).json();
  await fsp.writeFile(`${txtPath}.part`, text);
  await fsp.rename(`${txtPath}.part`, txtPath);
  await fsp.writeFile(path.join(outDir, `${name}.json`), JSON.stringify({
    source: path.relative(ROOT, file),
    contentType: meta['Content-Type'],
    pages: meta['xmpTPg:NPages'] ?? null,
    language: meta.language ?? null,
    created: meta['dcterms:created'] ?? null,
    chars: text.length,
  }, null, 2));
  return { file, chars: text.length };
}

async function pool(items, limit, worker) {
  const results = [];
  let index = 0;
  async function run() {
    while (index < items.length) {
      const i = index++;
      try {
        results[i] = await worker(items[i]);
      } catch (err) {
        results[i] = { file: items[i], error: err.message };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}

async function main() {
  const opts = args();
  const inputDir = path.resolve(opts.input);
  const outDir = path.resolve(ROOT, opts.out);
  await fsp.mkdir(outDir, { recursive: true });
  const files = [];
  for await (const f of walk(inputDir)) files.push(f);
  if (!files.length) {
    console.error('no documents found');
    return;
  }

  const tika = new TikaServer(await freePort());
  const shutdown = () => { tika.stop(); process.exit(130); };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  tika.start();
  try {
    console.error(`Tika ${await tika.waitReady()} on ${tika.base}, ${files.length} document(s)`);
    const results = await pool(files, opts.concurrency, (f) => extractOne(tika, inputDir, outDir, f, opts));
    const failed = results.filter((r) => r.error);
    const skipped = results.filter((r) => r.skipped).length;
    for (const r of failed) console.error(`  failed: ${path.relative(ROOT, r.file)}: ${r.error}`);
    console.error(`done: ${results.length - failed.length - skipped} extracted, ${skipped} up to date, ${failed.length} failed`);
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    tika.stop();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
