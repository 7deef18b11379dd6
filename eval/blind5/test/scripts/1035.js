#!/usr/bin/env node
// Convert the docs/ Markdown tree to static HTML in site/, rewriting .md links
// and copying images. Uses `marked` from devDependencies.
'use strict';

const fs = require('fs');
const path = require('path');
const { marked } = require('marked');

const SRC = path.resolve('docs');
const OUT = path.resolve('site');
const TEMPLATE = (title, body) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/style.css"></head>
<body><main>${body}</main></body>
</html>
`;

function walk(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

function rewriteLinks(html) {
  return html.replace(/href="([^"#:]+)\.md(#[^"]*)?"/g, (_, p, hash = '') => `href="${p}.html${hash}"`);
}

function titleOf(markdown, fallback) {
  const m = markdown.match(/^#\s+(.+)$/m);
  return m ? m[1].trim() : fallback;
}

function convert(file) {
  const rel = path.relative(SRC, file);
  const dest = path.join(OUT, rel.replace(/\.md$/, '.html'));
  const md = fs.readFileSync(file, 'utf8');
  const html = rewriteLinks(marked.parse(md));
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.writeFileSync(dest, TEMPLATE(titleOf(md, path.basename(rel, '.md')), html));
  return dest;
}

function copyAsset(file) {
  const dest = path.join(OUT, path.relative(SRC, file));
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(file, dest);
}

function main() {
  fs.rmSync(OUT, { recursive: true, force: true });
  let pages = 0;
  let assets = 0;
  for (const file of walk(SRC)) {
    if (file.endsWith('.md')) {
      convert(file);
      pages++;
    } else if (/\.(png|jpe?g|svg|gif|css)$/.test(file)) {
      copyAsset(file);
      assets++;
    }
  }
  console.log(`converted ${pages} page(s), copied ${assets} asset(s) into ${path.relative(process.cwd(), OUT)}/`);
}

main();
