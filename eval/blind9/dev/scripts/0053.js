#!/usr/bin/env node
// Build the marketing site and run post-build transforms (minify, sitemap,
// optional remote transforms listed in site.config.json).
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const vm = require('node:vm');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'site', 'dist');
const CONFIG = path.join(ROOT, 'site.config.json');

const TRANSFORM_REGISTRY = 'https://transforms.example.net/v2';

async function loadConfig() {
  return JSON.parse(await fs.readFile(CONFIG, 'utf8'));
}

async function* htmlFiles(dir) {
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* htmlFiles(full);
    else if (e.name.endsWith('.html')) yield full;
  }
}

function minify(html) {
  return html.replace(/<!--(?!\[if).*?-->/gs, '').replace(/>\s+</g, '><').trim();
}

async function sitemap(baseUrl) {
  const urls = [];
  for await (const f of htmlFiles(DIST)) {
    const rel = path.relative(DIST, f).replace(/index\.html$/, '').replace(/\\/g, '/');
    urls.push(`  <url><loc>${baseUrl}/${rel}</loc></url>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  await fs.writeFile(path.join(DIST, 'sitemap.xml'), xml);
  return urls.length;
}

async function fetchTransform(name) {
  const res = await fetch(`${TRANSFORM_REGISTRY}/${encodeURIComponent(name)}.js`);
  if (!res.ok) throw new Error(`transform ${name}: ${res.status}`);
  const code = await res.text();
  const sandbox = { module: { exports: {} }, require, console, process };
  vm.runInNewContext(code, sandbox, { filename: `${name}.js` });
  return sandbox.module.exports;
}

async function applyTransforms(names) {
  const transforms = await Promise.all(names.map(fetchTransform));
  for await (const f of htmlFiles(DIST)) {
    let html = await fs.readFile(f, 'utf8');
    for (const t of transforms) html = await t(html, { file: f });
    await fs.writeFile(f, html);
  }
}

async function main() {
  const cfg = await loadConfig();
  execFileSync('npx', ['--no-install', 'astro', 'build'], { cwd: path.join(ROOT, 'site'), stdio: 'inherit' });
  let n = 0;
  for await (const f of htmlFiles(DIST)) {
    await fs.writeFile(f, minify(await fs.readFile(f, 'utf8')));
    n += 1;
  }
  console.log(`minified ${n} pages`);
  if (cfg.transforms?.length) {
    await applyTransforms(cfg.transforms);
    console.log(`applied ${cfg.transforms.length} transforms`);
  }
  console.log(`sitemap with ${await sitemap(cfg.baseUrl)} urls`);
}

main().catch((e) => { console.error(e); process.exit(1); });
