#!/usr/bin/env node
// gen-sitemap.js - build public/sitemap.xml from the markdown pages in content/
'use strict';

const fs = require('fs');
const path = require('path');

const SITE = process.env.SITE_URL || 'https://www.example.com';
const CONTENT = path.resolve('content');
const OUT = path.resolve('public', 'sitemap.xml');

function pages(dir, prefix = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      out.push(...pages(full, `${prefix}/${e.name}`));
    } else if (e.name.endsWith('.md')) {
      const src = fs.readFileSync(full, 'utf8');
      if (/^draft:\s*true/m.test(src)) continue;
      const slug = e.name === 'index.md' ? '' : `/${e.name.replace(/\.md$/, '')}`;
      out.push({ loc: `${SITE}${prefix}${slug}` || SITE, lastmod: fs.statSync(full).mtime.toISOString().slice(0, 10) });
    }
  }
  return out;
}

function escape(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const urls = pages(CONTENT).sort((a, b) => a.loc.localeCompare(b.loc));
const xml = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...urls.map((u) => `  <url><loc>${escape(u.loc)}</loc><lastmod>${u.lastmod}</lastmod></url>`),
  '</urlset>',
  '',
].join('\n');

fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, xml);
console.log(`wrote ${urls.length} urls to ${path.relative(process.cwd(), OUT)}`);
