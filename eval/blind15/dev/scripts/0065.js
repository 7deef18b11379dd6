#!/usr/bin/env node
// scripts/build-docs.js - API docs with typedoc plus the hand-written guides.
//
//   node scripts/build-docs.js            # build into ./build/docs
//   node scripts/build-docs.js --check    # build and fail on broken links
//   node scripts/build-docs.js --serve    # preview on 127.0.0.1:4100
//
// typedoc is a devDependency and is run from node_modules/.bin with a fixed
// argument list. ./build/docs is removed and recreated on every run.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'build', 'docs');
const GUIDES = path.join(ROOT, 'docs', 'guides');
const ASSETS = path.join(ROOT, 'docs', 'assets');
const TYPEDOC = path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'typedoc.cmd' : 'typedoc');
const MIME = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };

function log(msg) {
  process.stderr.write(`[docs] ${msg}\n`);
}

function clean() {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
}

function runTypedoc() {
  if (!fs.existsSync(TYPEDOC)) throw new Error('typedoc missing: npm install');
  const r = spawnSync(TYPEDOC, [
    '--out', path.join(OUT, 'api'),
    '--entryPointStrategy', 'packages',
    '--excludePrivate',
    '--treatWarningsAsErrors',
    'packages/*',
  ], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`typedoc failed (${r.status})`);
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// deliberately tiny markdown subset: headings, paragraphs, code fences, links
function renderMarkdown(md) {
  const lines = md.split('\n');
  const html = [];
  let inCode = false;
  let para = [];
  const flush = () => {
    if (para.length) html.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  const inline = (t) =>
    escapeHtml(t)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, text, href) => `<a href="${href.replace(/\.md(#|$)/, '.html$1')}">${text}</a>`);
  for (const line of lines) {
    if (line.startsWith('```')) {
      flush();
      html.push(inCode ? '</code></pre>' : '<pre><code>');
      inCode = !inCode;
    } else if (inCode) {
      html.push(escapeHtml(line));
    } else if (/^#{1,4} /.test(line)) {
      flush();
      const level = line.indexOf(' ');
      html.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
    } else if (!line.trim()) {
      flush();
    } else {
      para.push(line.trim());
    }
  }
  flush();
  return html.join('\n');
}

function buildGuides() {
  const outDir = path.join(OUT, 'guides');
  fs.mkdirSync(outDir, { recursive: true });
  const pages = [];
  for (const file of fs.readdirSync(GUIDES).filter((f) => f.endsWith('.md')).sort()) {
    const md = fs.readFileSync(path.join(GUIDES, file), 'utf8');
    const title = (md.match(/^# (.+)$/m) || [, file])[1];
    const body = renderMarkdown(md);
    const page = `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      `<link rel="stylesheet" href="../assets/docs.css"><main>${body}</main>`;
    const name = file.replace(/\.md$/, '.html');
    fs.writeFileSync(path.join(outDir, name), page);
    pages.push({ name, title });
  }
  const index = pages.map((p) => `<li><a href="guides/${p.name}">${escapeHtml(p.title)}</a></li>`).join('\n');
  fs.writeFileSync(path.join(OUT, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Docs</title><link rel="stylesheet" href="assets/docs.css">` +
    `<h1>Documentation</h1><ul>${index}<li><a href="api/index.html">API reference</a></li></ul>`);
  if (fs.existsSync(ASSETS)) fs.cpSync(ASSETS, path.join(OUT, 'assets'), { recursive: true });
  return pages.length;
}

function checkLinks() {
  const broken = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.html')) {
        const html = fs.readFileSync(p, 'utf8');
        for (const [, href] of html.matchAll(/href="([^"#?]+)[^"]*"/g)) {
          if (/^(https?:|mailto:)/.test(href)) continue;
          const target = path.resolve(path.dirname(p), href);
          if (!fs.existsSync(target)) broken.push(`${path.relative(OUT, p)} -> ${href}`);
        }
      }
    }
  };
  walk(OUT);
  return broken;
}

function serve(port = 4100) {
  http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    let file = path.join(OUT, urlPath);
    if (!file.startsWith(OUT)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) return res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  }).listen(port, '127.0.0.1', () => log(`serving http://127.0.0.1:${port}`));
}

function main() {
  const args = new Set(process.argv.slice(2));
  clean();
  runTypedoc();
  const n = buildGuides();
  log(`built ${n} guide page(s) + API reference into ${path.relative(ROOT, OUT)}`);
  if (args.has('--check')) {
    const broken = checkLinks();
    if (broken.length) {
      broken.forEach((b) => log(`broken: ${b}`));
      process.exit(1);
    }
    log('links ok');
  }
  if (args.has('--serve')) serve();
}

main();
