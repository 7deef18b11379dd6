#!/usr/bin/env node
/**
 * build/site.mjs-like builder (CommonJS) for the handbook static site.
 *
 * Pipeline: read Markdown from content/, run every transform plugin found in
 * ./plugins (loaded dynamically so teams can add one without touching this file),
 * render with the layout in templates/, and write dist/. dist/ is deleted first.
 *
 * Plugins are plain modules exporting { name, order, transform(page, ctx) } and
 * live in this repository. Only files directly in ./plugins are loaded; anything
 * starting with "_" is ignored (helpers shared between plugins).
 */
'use strict';

const fs = require('node:fs/promises');
const fsSync = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { performance } = require('node:perf_hooks');

const ROOT = path.resolve(__dirname, '..');
const CONTENT = path.join(ROOT, 'content');
const PLUGINS = path.join(ROOT, 'plugins');
const TEMPLATES = path.join(ROOT, 'templates');
const DIST = path.join(ROOT, 'dist');
const STATIC = path.join(ROOT, 'static');

const SITE = {
  title: 'Engineering Handbook',
  baseUrl: process.env.SITE_BASE_URL || '/',
  editUrl: 'https://github.com/northwind-eng/handbook/edit/main/content/',
};

async function walk(dir) {
  const out = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

function parseFrontMatter(text) {
  const m = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!m) return { data: {}, body: text };
  const data = {};
  for (const line of m[1].split('\n')) {
    const kv = /^([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (!kv) continue;
    let value = kv[2].trim();
    if (/^\[.*\]$/.test(value)) value = value.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean);
    else if (value === 'true' || value === 'false') value = value === 'true';
    data[kv[1]] = value;
  }
  return { data, body: text.slice(m[0].length) };
}

async function loadPlugins() {
  if (!fsSync.existsSync(PLUGINS)) return [];
  const files = (await fs.readdir(PLUGINS))
    .filter((f) => /\.(c?js|mjs)$/.test(f) && !f.startsWith('_'))
    .sort();
  const plugins = [];
  for (const f of files) {
    const full = path.join(PLUGINS, f);
    // dynamic import from the repository's own plugins folder
    const mod = await import(pathToFileURL(full).href);
    const plugin = mod.default ?? mod;
    if (typeof plugin.transform !== 'function') {
      console.warn(`plugins/${f}: no transform(), skipped`);
      continue;
    }
    plugins.push({ name: plugin.name ?? f, order: plugin.order ?? 50, transform: plugin.transform, file: f });
  }
  return plugins.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

async function loadTemplates() {
  const layouts = {};
  for (const f of await fs.readdir(TEMPLATES)) {
    if (!f.endsWith('.html')) continue;
    layouts[path.basename(f, '.html')] = await fs.readFile(path.join(TEMPLATES, f), 'utf8');
  }
  if (!layouts.page) throw new Error('templates/page.html is required');
  return layouts;
}

function fill(template, vars) {
  return template.replace(/\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}/g, (_, key) => {
    const value = key.split('.').reduce((o, k) => (o == null ? undefined : o[k]), vars);
    return value == null ? '' : String(value);
  });
}

function outPathFor(src) {
  const rel = path.relative(CONTENT, src).replace(/\.md$/, '');
  const route = rel.endsWith('index') ? rel.slice(0, -5) : `${rel}/`;
  return { route: SITE.baseUrl + route.replace(/\\/g, '/'), file: path.join(DIST, route, 'index.html') };
}

async function copyDir(from, to) {
  if (!fsSync.existsSync(from)) return 0;
  await fs.cp(from, to, { recursive: true });
  return (await fs.readdir(from)).length;
}

async function build({ drafts }) {
  const t0 = performance.now();
  await fs.rm(DIST, { recursive: true, force: true });
  await fs.mkdir(DIST, { recursive: true });

  const [plugins, layouts, files] = await Promise.all([loadPlugins(), loadTemplates(), walk(CONTENT)]);
  console.log(`plugins: ${plugins.map((p) => p.name).join(', ') || '(none)'}`);

  const ctx = { site: SITE, pages: [], warnings: [] };
  for (const file of files) {
    const raw = await fs.readFile(file, 'utf8');
    const { data, body } = parseFrontMatter(raw);
    if (data.draft && !drafts) continue;
    const { route, file: outFile } = outPathFor(file);
    ctx.pages.push({ src: file, route, outFile, data, body, html: body });
  }

  for (const plugin of plugins) {
    for (const page of ctx.pages) {
      try {
        await plugin.transform(page, ctx);
      } catch (err) {
        throw new Error(`plugin ${plugin.name} failed on ${path.relative(ROOT, page.src)}: ${err.message}`);
      }
    }
  }

  for (const page of ctx.pages) {
    const layout = layouts[page.data.layout] ?? layouts.page;
    const html = fill(layout, {
      site: SITE,
      page: { ...page.data, route: page.route, editUrl: SITE.editUrl + path.relative(CONTENT, page.src) },
      content: page.html,
    });
    await fs.mkdir(path.dirname(page.outFile), { recursive: true });
    await fs.writeFile(page.outFile, html);
  }

  const assets = await copyDir(STATIC, DIST);
  await fs.writeFile(
    path.join(DIST, 'search-index.json'),
    JSON.stringify(ctx.pages.map((p) => ({ route: p.route, title: p.data.title ?? p.route, tags: p.data.tags ?? [] }))),
  );
  for (const w of ctx.warnings) console.warn(`warning: ${w}`);
  console.log(`built ${ctx.pages.length} page(s), ${assets} static entr(ies) in ${(performance.now() - t0).toFixed(0)} ms`);
  return ctx;
}

async function checkLinks(ctx) {
  const routes = new Set(ctx.pages.map((p) => p.route));
  let broken = 0;
  for (const page of ctx.pages) {
    for (const m of page.html.matchAll(/href="(\/[^"#?]*)"/g)) {
      const target = m[1].endsWith('/') ? m[1] : `${m[1]}/`;
      if (!routes.has(target) && !fsSync.existsSync(path.join(DIST, m[1]))) {
        console.warn(`broken link in ${page.route}: ${m[1]}`);
        broken++;
      }
    }
  }
  return broken;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const ctx = await build({ drafts: args.has('--drafts') });
  if (args.has('--check-links')) {
    const broken = await checkLinks(ctx);
    if (broken) process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
