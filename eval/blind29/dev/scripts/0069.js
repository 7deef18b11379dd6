#!/usr/bin/env node
// Build the static HTML edition from TEI sources.
//
//   node build/edition.js                 # incremental build into site/
//   node build/edition.js --clean --jobs 8
//   node build/edition.js --serve         # build, then serve site/ on 127.0.0.1:4000
//
// Each tei/**/*.xml is transformed with xsltproc (xsl/tei2html.xsl) in a
// worker pool; the index page and a search JSON are generated from the
// <teiHeader> of every letter.  xsltproc runs with --nonet so stylesheets
// cannot pull anything from the network.  --serve binds to loopback only.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const TEI = path.join(ROOT, 'tei');
const XSL = path.join(ROOT, 'xsl', 'tei2html.xsl');
const SITE = path.join(ROOT, 'site');
const STATIC = path.join(ROOT, 'static');

const MIME = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.jpg': 'image/jpeg', '.png': 'image/png' };

function options() {
  const a = process.argv.slice(2);
  const o = { clean: a.includes('--clean'), serve: a.includes('--serve'), jobs: os.cpus().length };
  const j = a.indexOf('--jobs');
  if (j >= 0) o.jobs = Math.max(1, Number(a[j + 1]) || 1);
  return o;
}

async function walk(dir) {
  const out = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.name.endsWith('.xml')) out.push(full);
  }
  return out.sort();
}

function xsltproc(src, dest, params) {
  const args = ['--nonet', '--novalid'];
  for (const [k, v] of Object.entries(params)) args.push('--stringparam', k, v);
  args.push('-o', dest, XSL, src);
  return new Promise((resolve) => {
    const p = spawn('xsltproc', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ src, code, err: err.trim() }));
    p.on('error', (e) => resolve({ src, code: -1, err: e.message }));
  });
}

async function needsBuild(src, dest) {
  try {
    const [s, d, x] = await Promise.all([fsp.stat(src), fsp.stat(dest), fsp.stat(XSL)]);
    return d.mtimeMs < s.mtimeMs || d.mtimeMs < x.mtimeMs;
  } catch {
    return true;
  }
}

async function pool(items, size, fn) {
  const results = [];
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

function headerInfo(xml, rel) {
  const pick = (re) => (xml.match(re) || [])[1]?.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim() || '';
  return {
    path: rel.replace(/\.xml$/, '.html'),
    title: pick(/<titleStmt>[\s\S]*?<title[^>]*>([\s\S]*?)<\/title>/),
    date: (xml.match(/<correspAction[^>]*type="sent"[\s\S]*?<date[^>]*when="([^"]+)"/) || [])[1] || '',
    sender: pick(/<correspAction[^>]*type="sent"[\s\S]*?<persName[^>]*>([\s\S]*?)<\/persName>/),
    recipient: pick(/<correspAction[^>]*type="received"[\s\S]*?<persName[^>]*>([\s\S]*?)<\/persName>/),
  };
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

async function writeIndex(entries) {
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.path.localeCompare(b.path));
  const rows = entries
    .map((e) => `<tr><td>${escapeHtml(e.date)}</td><td><a href="${escapeHtml(e.path)}">${escapeHtml(e.title)}</a></td><td>${escapeHtml(e.sender)}</td><td>${escapeHtml(e.recipient)}</td></tr>`)
    .join('\n');
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Letters</title><link rel="stylesheet" href="static/edition.css">
<h1>Letters (${entries.length})</h1><table><thead><tr><th>Date</th><th>Title</th><th>From</th><th>To</th></tr></thead><tbody>
${rows}
</tbody></table></html>\n`;
  await fsp.writeFile(path.join(SITE, 'index.html'), html);
  await fsp.writeFile(path.join(SITE, 'search.json'), JSON.stringify(entries));
}

async function checkLinks(entries) {
  // every letter page must exist and every facsimile image referenced in it too
  const missing = [];
  for (const e of entries) {
    const page = path.join(SITE, e.path);
    let html;
    try {
      html = await fsp.readFile(page, 'utf8');
    } catch {
      missing.push(`${e.path} (page)`);
      continue;
    }
    for (const m of html.matchAll(/<img[^>]+src="([^"]+)"/g)) {
      if (/^[a-z]+:/i.test(m[1])) continue;
      const target = path.join(path.dirname(page), m[1]);
      if (!fs.existsSync(target)) missing.push(`${e.path} -> ${m[1]}`);
    }
  }
  return missing;
}

async function copyStatic() {
  if (!fs.existsSync(STATIC)) return;
  await fsp.cp(STATIC, path.join(SITE, 'static'), { recursive: true });
}

function serve() {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let file = path.normalize(path.join(SITE, decodeURIComponent(url.pathname)));
    if (!file.startsWith(SITE)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await fsp.stat(file)).isDirectory()) file = path.join(file, 'index.html');
      const body = await fsp.readFile(file);
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  server.listen(4000, '127.0.0.1', () => console.error('[edition] serving http://127.0.0.1:4000/'));
  process.on('SIGINT', () => server.close(() => process.exit(0)));
}

async function main() {
  const o = options();
  if (o.clean) await fsp.rm(SITE, { recursive: true, force: true });
  await fsp.mkdir(SITE, { recursive: true });

  const sources = await walk(TEI);
  const todo = [];
  const index = [];
  for (const src of sources) {
    const rel = path.relative(TEI, src);
    const dest = path.join(SITE, rel.replace(/\.xml$/, '.html'));
    index.push(headerInfo(await fsp.readFile(src, 'utf8'), rel));
    if (await needsBuild(src, dest)) todo.push({ src, dest, rel });
  }
  for (const t of todo) await fsp.mkdir(path.dirname(t.dest), { recursive: true });
  const results = await pool(todo, o.jobs, (t) => xsltproc(t.src, t.dest, { 'base-url': '../'.repeat(t.rel.split(path.sep).length - 1) || './' }));
  const failed = results.filter((r) => r.code !== 0);
  for (const f of failed) console.error(`[edition] ${path.relative(ROOT, f.src)}: ${f.err.split('\n')[0]}`);

  await writeIndex(index);
  await copyStatic();
  const broken = await checkLinks(index);
  for (const b of broken.slice(0, 20)) console.error(`[edition] missing: ${b}`);
  console.error(`[edition] ${sources.length} letters, ${todo.length} rebuilt, ${failed.length} failed`);
  if (o.serve) serve();
  else process.exitCode = failed.length ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
