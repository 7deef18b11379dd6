#!/usr/bin/env node
// scripts/check-crawl-files.js - validate dist/robots.txt and dist/sitemap*.xml
// of the static build before deployment.
//
// Usage
//   node scripts/check-crawl-files.js
//   node scripts/check-crawl-files.js --origin https://www.fieldnotes.example.org
//   node scripts/check-crawl-files.js --strict      # warnings fail too
//
// Checks
//   robots.txt
//     - exists, is not "Disallow: /" for all agents (a staging leftover)
//     - has a Sitemap: line pointing at <origin>/sitemap.xml
//   sitemap.xml / sitemap index
//     - parses as XML with the sitemaps.org namespace
//     - every <loc> is on <origin> and maps to a file in dist/
//     - no duplicates, lastmod in W3C date format
//   pages
//     - every dist/**/index.html that is not noindex appears in the sitemap
//
// Works on files only; nothing is fetched from the network.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function options() {
  const argv = process.argv.slice(2);
  const pkgText = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
  const pkg = JSON.parse(pkgText);
  const opts = { origin: pkg.homepage || '', strict: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--origin') opts.origin = argv[++i];
    else if (argv[i] === '--strict') opts.strict = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!/^https:\/\/[^/]+$/.test(opts.origin)) throw new Error('origin must look like https://host (no trailing slash)');
  return opts;
}

class Findings {
  constructor() {
    this.errors = [];
    this.warnings = [];
  }
  error(msg) {
    this.errors.push(msg);
  }
  warn(msg) {
    this.warnings.push(msg);
  }
}

function readDist(rel) {
  const file = path.join(DIST, rel);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

function checkRobots(opts, f) {
  const text = readDist('robots.txt');
  if (text === null) {
    f.error('dist/robots.txt missing');
    return;
  }
  const groups = text.split(/\n(?=User-agent:)/i);
  for (const g of groups) {
    if (/User-agent:\s*\*/i.test(g) && /^Disallow:\s*\/\s*$/im.test(g)) {
      f.error('robots.txt blocks the whole site for all agents');
    }
  }
  const sitemapLine = /^Sitemap:\s*(\S+)/im.exec(text)?.[1];
  if (!sitemapLine) f.warn('robots.txt has no Sitemap: line');
  else if (sitemapLine !== `${opts.origin}/sitemap.xml`) f.error(`Sitemap: line is ${sitemapLine}`);
}

function tagValues(xml, tag) {
  const re = new RegExp(`<${tag}>\\s*([^<]+?)\\s*</${tag}>`, 'g');
  const out = [];
  let m;
  while ((m = re.exec(xml))) out.push(m[1]);
  return out;
}

function sitemapFiles(f) {
  const root = readDist('sitemap.xml');
  if (root === null) {
    f.error('dist/sitemap.xml missing');
    return [];
  }
  if (!root.includes(NS)) f.error('sitemap.xml does not declare the sitemaps.org namespace');
  if (/<sitemapindex/.test(root)) {
    return tagValues(root, 'loc').map((loc) => {
      const rel = new URL(loc).pathname.replace(/^\//, '');
      const xml = readDist(rel);
      if (xml === null) f.error(`index lists ${rel}, which is not in dist/`);
      return xml || '';
    });
  }
  return [root];
}

function fileForPath(p) {
  const rel = decodeURIComponent(p).replace(/^\//, '');
  const candidates = [rel, path.join(rel, 'index.html'), `${rel}.html`];
  return candidates.find((c) => c !== '' && fs.existsSync(path.join(DIST, c))) || (rel === '' && 'index.html');
}

function checkUrls(opts, xmls, f) {
  const seen = new Set();
  for (const xml of xmls) {
    for (const loc of tagValues(xml, 'loc')) {
      if (!loc.startsWith(`${opts.origin}/`) && loc !== opts.origin) {
        f.error(`foreign URL in sitemap: ${loc}`);
        continue;
      }
      if (seen.has(loc)) f.warn(`duplicate URL: ${loc}`);
      seen.add(loc);
      const p = new URL(loc).pathname;
      if (!fileForPath(p)) f.error(`sitemap URL has no page in dist/: ${p}`);
    }
    for (const lastmod of tagValues(xml, 'lastmod')) {
      if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(lastmod)) f.warn(`bad lastmod ${lastmod}`);
    }
  }
  return seen;
}

// Recursively collect dist/**/index.html. Other .html files (404.html,
// offline.html) are not pages that belong in the sitemap.
function htmlPages(dir, out = []) {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) htmlPages(p, out);
    else if (entry.name === 'index.html') out.push(p);
  }
  return out;
}

function checkCoverage(opts, listed, f) {
  for (const file of htmlPages(DIST)) {
    const html = fs.readFileSync(file, 'utf8');
    if (/<meta[^>]+name=["']robots["'][^>]+noindex/i.test(html)) continue;
    const rel = path.relative(DIST, path.dirname(file)).split(path.sep).join('/');
    const url = rel ? `${opts.origin}/${rel}/` : `${opts.origin}/`;
    if (!listed.has(url) && !listed.has(url.replace(/\/$/, ''))) f.warn(`indexable page not in sitemap: /${rel}`);
  }
}

function checkCanonical(opts, f) {
  // canonical links must use the public origin, not a preview host
  for (const file of htmlPages(DIST)) {
    const html = fs.readFileSync(file, 'utf8');
    const canonical = /<link\s+rel=["']canonical["']\s+href=["']([^"']+)["']/i.exec(html)?.[1];
    if (canonical && !canonical.startsWith(opts.origin)) {
      f.error(`${path.relative(DIST, file)}: canonical points at ${canonical}`);
    }
  }
}

function main() {
  const opts = options();
  if (!fs.existsSync(DIST)) throw new Error('dist/ missing; run the build first');
  const f = new Findings();
  checkRobots(opts, f);
  const xmls = sitemapFiles(f);
  const listed = checkUrls(opts, xmls, f);
  checkCoverage(opts, listed, f);
  checkCanonical(opts, f);
  for (const e of f.errors) console.log(`error: ${e}`);
  for (const w of f.warnings) console.log(`warning: ${w}`);
  console.log(`${listed.size} URL(s) in sitemap, ${f.errors.length} error(s), ${f.warnings.length} warning(s)`);
  process.exitCode = f.errors.length || (opts.strict && f.warnings.length) ? 1 : 0;
}

try {
  main();
} catch (err) {
  console.error(`check-crawl-files: ${err.message}`);
  process.exitCode = 2;
}
