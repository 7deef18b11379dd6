#!/usr/bin/env node
// Minimal WARC reader: builds a CDX-like index and extracts payloads for QA.
//
//   node tools/warc-index.js build/warc/docs-20261201.warc.gz            index
//   node tools/warc-index.js <warc> --extract 'docs.staging.internal/v2/' out/
//
// Pure Node (zlib + streams), no network access. Reads concatenated gzip
// members record by record, so multi-GB files do not need to fit in memory.
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');

const ROOT = path.resolve(__dirname, '..');

function parseHeaders(text) {
  const lines = text.split('\r\n');
  const first = lines.shift();
  const headers = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  return { first, headers };
}

// Splits the decompressed stream into WARC records.
class RecordSplitter {
  constructor(onRecord) {
    this.buf = Buffer.alloc(0);
    this.onRecord = onRecord;
  }

  push(chunk) {
    this.buf = Buffer.concat([this.buf, chunk]);
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = parseHeaders(this.buf.subarray(0, end).toString('latin1'));
      if (!head.first.startsWith('WARC/')) throw new Error(`not a WARC record: ${head.first.slice(0, 40)}`);
      const len = Number(head.headers['content-length'] || 0);
      const total = end + 4 + len + 4;
      if (this.buf.length < total) return;
      const block = this.buf.subarray(end + 4, end + 4 + len);
      this.onRecord(head.headers, block);
      this.buf = this.buf.subarray(total);
    }
  }
}

function httpParts(block) {
  const sep = block.indexOf('\r\n\r\n');
  if (sep < 0) return { status: null, headers: {}, body: block };
  const { first, headers } = parseHeaders(block.subarray(0, sep).toString('latin1'));
  const status = Number(first.split(' ')[1]) || null;
  return { status, headers, body: block.subarray(sep + 4) };
}

function readWarc(file, onRecord) {
  return new Promise((resolve, reject) => {
    const splitter = new RecordSplitter(onRecord);
    const src = fs.createReadStream(file);
    const stream = file.endsWith('.gz') ? src.pipe(zlib.createGunzip()) : src;
    stream.on('data', (c) => {
      try {
        splitter.push(c);
      } catch (e) {
        stream.destroy(e);
      }
    });
    stream.on('end', resolve);
    stream.on('error', reject);
  });
}

function safeName(uri) {
  const u = new URL(uri);
  let p = `${u.hostname}${u.pathname}`;
  if (p.endsWith('/')) p += 'index.html';
  if (u.search) p += `__${crypto.createHash('sha1').update(u.search).digest('hex').slice(0, 8)}`;
  return p.split('/').map((s) => s.replace(/[^\w.-]/g, '_')).join(path.sep);
}

async function index(file) {
  const rows = [];
  const types = {};
  await readWarc(file, (h, block) => {
    const type = h['warc-type'];
    types[type] = (types[type] || 0) + 1;
    if (type !== 'response') return;
    const http = httpParts(block);
    rows.push({
      uri: h['warc-target-uri'],
      date: h['warc-date'],
      status: http.status,
      mime: (http.headers['content-type'] || '-').split(';')[0],
      length: http.body.length,
      digest: h['warc-payload-digest'] || '-',
    });
  });
  return { rows, types };
}

async function extract(file, prefix, outDir) {
  const dest = path.resolve(ROOT, outDir);
  if (!dest.startsWith(ROOT + path.sep)) throw new Error('output directory must be inside the project');
  let n = 0;
  await readWarc(file, (h, block) => {
    const uri = h['warc-target-uri'];
    if (h['warc-type'] !== 'response' || !uri || !uri.replace(/^https?:\/\//, '').startsWith(prefix)) return;
    const http = httpParts(block);
    if (http.status !== 200) return;
    const target = path.join(dest, safeName(uri));
    if (!target.startsWith(dest + path.sep)) return;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, http.body);
    n++;
  });
  return n;
}

function summarise(rows) {
  const byStatus = {};
  const byMime = {};
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] || 0) + 1;
    byMime[r.mime] = (byMime[r.mime] || 0) + 1;
  }
  return { byStatus, byMime };
}

function duplicates(rows) {
  const seen = new Map();
  let dup = 0;
  for (const r of rows) {
    if (r.digest === '-') continue;
    if (seen.has(r.digest)) dup++;
    else seen.set(r.digest, r.uri);
  }
  return dup;
}

function hostTable(rows) {
  // responses and bytes per host, largest first
  const hosts = new Map();
  for (const r of rows) {
    let h;
    try {
      h = new URL(r.uri).hostname;
    } catch {
      h = '?';
    }
    const cur = hosts.get(h) || { n: 0, bytes: 0 };
    cur.n++;
    cur.bytes += r.length;
    hosts.set(h, cur);
  }
  return [...hosts].sort((a, b) => b[1].bytes - a[1].bytes);
}

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: warc-index.js <file.warc[.gz]> [--extract <host/path-prefix> <out-dir>]');
  const abs = path.resolve(file);
  if (!fs.existsSync(abs)) throw new Error(`no such file ${file}`);
  if (rest[0] === '--extract') {
    const n = await extract(abs, rest[1] || '', rest[2] || 'build/extracted');
    console.log(`extracted ${n} payload(s)`);
    return;
  }
  const { rows, types } = await index(abs);
  const out = abs.replace(/\.warc(\.gz)?$/, '.cdx.tsv');
  const lines = ['uri\tdate\tstatus\tmime\tlength\tdigest', ...rows.map((r) => [r.uri, r.date, r.status, r.mime, r.length, r.digest].join('\t'))];
  fs.writeFileSync(out, lines.join('\n') + '\n');
  const s = summarise(rows);
  console.log(`records: ${JSON.stringify(types)}`);
  console.log(`status:  ${JSON.stringify(s.byStatus)}`);
  console.log(`mime:    ${Object.entries(s.byMime).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([m, n]) => `${m}=${n}`).join(' ')}`);
  console.log(`duplicate payloads: ${duplicates(rows)}`);
  for (const [h, v] of hostTable(rows).slice(0, 5)) console.log(`  ${h.padEnd(32)} ${v.n} resp ${(v.bytes / 1e6).toFixed(1)} MB`);
  console.log(`index written to ${path.relative(process.cwd(), out)}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
