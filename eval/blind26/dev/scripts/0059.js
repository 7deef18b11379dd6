#!/usr/bin/env node
// scripts/build-sitemap.js - crawl the local dev server and write
// public/sitemap.xml + public/robots.txt.
//
//   node scripts/build-sitemap.js --origin http://localhost:3000 \
//        --public-url https://www.shop.internal
//
// The crawl stays on the --origin (must be localhost); links to other hosts are
// ignored. URLs in the sitemap are rewritten to --public-url. Pages with
// <meta name="robots" content="noindex"> or a canonical elsewhere are skipped.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const EXCLUDE = [/^\/cart/, /^\/account/, /^\/checkout/, /^\/search/, /\?/, /^\/api\//];

function parseArgs() {
  const o = { origin: 'http://localhost:3000', publicUrl: null, max: 2000, concurrency: 6 };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) {
    const key = a[i].replace(/^--/, '');
    const camel = key.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(camel in o)) throw new Error(`unknown option --${key}`);
    o[camel] = typeof o[camel] === 'number' ? Number(a[i + 1]) : a[i + 1];
  }
  const host = new URL(o.origin).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1') {
    throw new Error(`--origin must be the local dev server, got ${host}`);
  }
  if (!o.publicUrl) throw new Error('--public-url is required');
  return o;
}

function extractLinks(html, base) {
  const out = new Set();
  const re = /<a\s[^>]*href\s*=\s*("([^"]*)"|'([^']*)')/gi;
  let m;
  while ((m = re.exec(html))) {
    const href = (m[2] ?? m[3] ?? '').trim();
    if (!href || href.startsWith('#') || /^(mailto|tel|javascript):/i.test(href)) continue;
    try {
      const u = new URL(href, base);
      u.hash = '';
      out.add(u.toString());
    } catch {
      /* ignore malformed */
    }
  }
  return out;
}

function meta(html) {
  const noindex = /<meta\s+name=["']robots["']\s+content=["'][^"']*noindex/i.test(html);
  const canonical = /<link\s+rel=["']canonical["']\s+href=["']([^"']+)["']/i.exec(html)?.[1] || null;
  const lastmod = /<meta\s+property=["']article:modified_time["']\s+content=["']([^"']+)["']/i.exec(html)?.[1];
  return { noindex, canonical, lastmod };
}

async function fetchPage(url) {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10000) });
  if (res.status >= 300 && res.status < 400) return { status: res.status, html: '' };
  const type = res.headers.get('content-type') || '';
  if (!type.includes('text/html')) return { status: res.status, html: '' };
  return { status: res.status, html: await res.text() };
}

async function crawl(opts) {
  const origin = new URL(opts.origin).origin;
  const queue = [new URL('/', origin).toString()];
  const seen = new Set(queue);
  const pages = [];
  let active = 0;

  return new Promise((resolve) => {
    const next = () => {
      if (queue.length === 0 && active === 0) return resolve(pages);
      while (active < opts.concurrency && queue.length && seen.size <= opts.max) {
        const url = queue.shift();
        active++;
        fetchPage(url)
          .then(({ status, html }) => {
            if (status !== 200 || !html) return;
            const info = meta(html);
            const p = new URL(url).pathname;
            const canonicalElsewhere = info.canonical && new URL(info.canonical, url).pathname !== p;
            if (!info.noindex && !canonicalElsewhere) pages.push({ path: p, lastmod: info.lastmod });
            for (const link of extractLinks(html, url)) {
              const u = new URL(link);
              if (u.origin !== origin) continue;
              if (EXCLUDE.some((re) => re.test(u.pathname + u.search))) continue;
              if (!seen.has(link)) {
                seen.add(link);
                queue.push(link);
              }
            }
          })
          .catch((err) => console.error(`  ${url}: ${err.message}`))
          .finally(() => {
            active--;
            next();
          });
      }
      if (active === 0 && queue.length === 0) resolve(pages);
    };
    next();
  });
}

function xmlEscape(s) {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
}

function priority(p) {
  if (p === '/') return '1.0';
  if (/^\/(collections|products)\/[^/]+$/.test(p)) return '0.8';
  return '0.5';
}

function buildXml(pages, publicUrl) {
  const base = publicUrl.replace(/\/$/, '');
  const body = pages
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((pg) => {
      const parts = [`    <loc>${xmlEscape(base + pg.path)}</loc>`];
      if (pg.lastmod) parts.push(`    <lastmod>${xmlEscape(pg.lastmod.slice(0, 10))}</lastmod>`);
      parts.push(`    <priority>${priority(pg.path)}</priority>`);
      return `  <url>\n${parts.join('\n')}\n  </url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function buildRobots(publicUrl) {
  const base = publicUrl.replace(/\/$/, '');
  return ['User-agent: *', 'Disallow: /cart', 'Disallow: /account', 'Disallow: /checkout', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

function splitIfLarge(pages, publicUrl) {
  // the protocol limit is 50k URLs per file; split into a sitemap index if needed
  const LIMIT = 45000;
  if (pages.length <= LIMIT) return null;
  const base = publicUrl.replace(/\/$/, '');
  const parts = [];
  for (let i = 0; i < pages.length; i += LIMIT) {
    const name = `sitemap-${parts.length + 1}.xml`;
    fs.writeFileSync(path.join(PUBLIC, name), buildXml(pages.slice(i, i + LIMIT), publicUrl));
    parts.push(name);
  }
  const today = new Date().toISOString().slice(0, 10);
  const body = parts
    .map((n) => `  <sitemap>\n    <loc>${xmlEscape(`${base}/${n}`)}</loc>\n    <lastmod>${today}</lastmod>\n  </sitemap>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

function reportOrphans(pages) {
  // pages listed in content/pages.json that the crawl never reached
  const file = path.join(ROOT, 'content', 'pages.json');
  if (!fs.existsSync(file)) return;
  const expected = JSON.parse(fs.readFileSync(file, 'utf8')).map((p) => p.path);
  const found = new Set(pages.map((p) => p.path));
  const orphans = expected.filter((p) => !found.has(p));
  if (orphans.length) {
    console.warn(`${orphans.length} page(s) not linked from anywhere:`);
    for (const o of orphans.slice(0, 20)) console.warn(`  ${o}`);
  }
}

async function main() {
  const opts = parseArgs();
  console.log(`crawling ${opts.origin}`);
  const started = Date.now();
  const pages = await crawl(opts);
  if (pages.length === 0) throw new Error('no indexable pages found; is the dev server running?');
  fs.mkdirSync(PUBLIC, { recursive: true });
  reportOrphans(pages);
  const index = splitIfLarge(pages, opts.publicUrl);
  fs.writeFileSync(path.join(PUBLIC, 'sitemap.xml'), index || buildXml(pages, opts.publicUrl));
  fs.writeFileSync(path.join(PUBLIC, 'robots.txt'), buildRobots(opts.publicUrl));
  console.log(`${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(1)}s → public/sitemap.xml`);
}

main().catch((err) => {
  console.error(`build-sitemap: ${err.message}`);
  process.exit(1);
});
