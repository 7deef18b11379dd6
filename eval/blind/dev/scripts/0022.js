#!/usr/bin/env node
// Build public/sitemap.xml from the markdown pages under content/.
'use strict';

const fs = require('fs');
const path = require('path');

const SITE = process.env.SITE_URL || 'https://docs.example.com';
const CONTENT = path.join(__dirname, 'content');
const OUT = path.join(__dirname, 'public', 'sitemap.xml');

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

function toUrl(file) {
  let rel = path.relative(CONTENT, file).replace(/\\/g, '/').replace(/\.md$/, '');
  if (rel.endsWith('index')) rel = rel.slice(0, -'index'.length);
  return `${SITE}/${rel}`.replace(/\/+$/, '/');
}

function escapeXml(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const pages = walk(CONTENT).filter((f) => !fs.readFileSync(f, 'utf8').includes('draft: true'));
const body = pages
  .map((f) => {
    const mtime = fs.statSync(f).mtime.toISOString().slice(0, 10);
    return `  <url><loc>${escapeXml(toUrl(f))}</loc><lastmod>${mtime}</lastmod></url>`;
  })
  .join('\n');

fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(
  OUT,
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`
);
console.log(`sitemap: ${pages.length} pages -> ${path.relative(process.cwd(), OUT)}`);
