#!/usr/bin/env node
// tmp_sitemap.js - generate public/sitemap.xml from the pages directory
const fs = require('fs');
const path = require('path');
const BASE_URL = 'https://www.acme.test';
const PAGES = 'src/pages';

function routes(dir, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('_') || e.name.startsWith('[')) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return routes(p, `${prefix}/${e.name}`);
    const name = e.name.replace(/\.(tsx|jsx|mdx?)$/, '');
    return [name === 'index' ? prefix || '/' : `${prefix}/${name}`];
  });
}

const PRIORITIES = {
  '/': '1.0',
  '/pricing': '0.9',
  '/docs': '0.8',
  '/blog': '0.7',
};

function priorityFor(route) {
  if (PRIORITIES[route]) return PRIORITIES[route];
  const top = '/' + route.split('/')[1];
  return PRIORITIES[top] || '0.5';
}

function changefreqFor(route) {
  if (route === '/') return 'daily';
  if (route.startsWith('/blog')) return 'weekly';
  if (route.startsWith('/docs')) return 'weekly';
  return 'monthly';
}

function escapeXml(s) {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function checkDuplicates(list) {
  const seen = new Set();
  for (const r of list) {
    if (seen.has(r)) {
      console.error(`duplicate route ${r}`);
      process.exit(1);
    }
    seen.add(r);
  }
}

function writeRobots() {
  const robots = ['User-agent: *', 'Allow: /', `Sitemap: ${BASE_URL}/sitemap.xml`, ''].join('\n');
  fs.writeFileSync('public/robots.txt', robots);
}

const allRoutes = routes(PAGES);
checkDuplicates(allRoutes);
if (process.argv.includes('--verbose')) {
  for (const r of allRoutes) {
    console.log(`${escapeXml(r).padEnd(40)} ${priorityFor(r)} ${changefreqFor(r)}`);
  }
}
writeRobots();

const today = new Date().toISOString().slice(0, 10);
const urls = routes(PAGES)
  .sort()
  .map((r) => `  <url><loc>${BASE_URL}${r}</loc><lastmod>${today}</lastmod></url>`)
  .join('\n');
fs.writeFileSync(
  'public/sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
console.log('sitemap written');
