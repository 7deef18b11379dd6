#!/usr/bin/env node
// docs/check-docs.js - offline checks for the VitePress docs source:
//   * internal links and anchors resolve to existing pages/headings
//   * images referenced from markdown exist under docs/public
//   * front matter has title + description
//   * code fences declare a language
//
//   node docs/check-docs.js              # report, exit 1 on errors
//   node docs/check-docs.js --fix-fences # add "text" to bare code fences
//
// Only reads and (with --fix-fences) rewrites files under ./docs.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const DOCS = path.resolve(__dirname);
const PUBLIC = path.join(DOCS, 'public');
const LINK_RE = /\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const HEADING_RE = /^(#{1,6})\s+(.+?)\s*(?:\{#([\w-]+)\})?\s*$/gm;
const FENCE_RE = /^```(\S*)\s*$/gm;

function walk(dir) {
  const out = [];
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    if (ent.name.startsWith('.') || ent.name === 'node_modules' || ent.name === 'public') continue;
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) out.push(...walk(p));
    else if (ent.name.endsWith('.md')) out.push(p);
  }
  return out;
}

function slugify(text) {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_~]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

function frontMatter(src) {
  if (!src.startsWith('---\n')) return {};
  const end = src.indexOf('\n---', 4);
  if (end < 0) return {};
  const fm = {};
  for (const line of src.slice(4, end).split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) fm[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return fm;
}

function anchorsOf(src) {
  const set = new Set();
  for (const m of src.matchAll(HEADING_RE)) set.add(m[3] || slugify(m[2]));
  return set;
}

function resolvePage(from, target) {
  const clean = target.replace(/\.(md|html)$/, '');
  const base = clean.startsWith('/') ? path.join(DOCS, clean) : path.resolve(path.dirname(from), clean);
  for (const candidate of [`${base}.md`, path.join(base, 'index.md')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

function checkFile(file, pages, problems) {
  const src = pages.get(file);
  const rel = path.relative(DOCS, file);
  const fm = frontMatter(src);
  if (!fm.title) problems.push({ file: rel, level: 'warn', msg: 'front matter has no title' });
  if (!fm.description) problems.push({ file: rel, level: 'warn', msg: 'front matter has no description' });

  for (const m of src.matchAll(LINK_RE)) {
    const href = m[2];
    if (/^(https?:|mailto:|tel:)/.test(href)) continue;
    const [target, anchor] = href.split('#');
    if (/\.(png|jpe?g|svg|gif|webp)$/i.test(target)) {
      const img = target.startsWith('/') ? path.join(PUBLIC, target) : path.resolve(path.dirname(file), target);
      if (!fs.existsSync(img)) problems.push({ file: rel, level: 'error', msg: `missing image ${target}` });
      continue;
    }
    const page = target ? resolvePage(file, target) : file;
    if (!page) {
      problems.push({ file: rel, level: 'error', msg: `broken link ${href}` });
      continue;
    }
    if (anchor && !anchorsOf(pages.get(page) || fs.readFileSync(page, 'utf8')).has(anchor)) {
      problems.push({ file: rel, level: 'error', msg: `missing anchor #${anchor} in ${path.relative(DOCS, page)}` });
    }
  }

  let open = false;
  for (const m of src.matchAll(FENCE_RE)) {
    if (!open && !m[1]) problems.push({ file: rel, level: 'warn', msg: 'code fence without a language' });
    open = !open;
  }
}

function fixFences(file) {
  const src = fs.readFileSync(file, 'utf8');
  let open = false;
  const out = src.replace(FENCE_RE, (line, lang) => {
    const replaced = !open && !lang ? '```text' : line;
    open = !open;
    return replaced;
  });
  if (out !== src) {
    fs.writeFileSync(file, out);
    return true;
  }
  return false;
}

function orphanPages(files, pages) {
  // pages that no other page links to (index pages excluded)
  const linked = new Set();
  for (const f of files) {
    for (const m of pages.get(f).matchAll(LINK_RE)) {
      const target = m[2].split('#')[0];
      if (!target || /^(https?:|mailto:)/.test(target)) continue;
      const page = resolvePage(f, target);
      if (page) linked.add(page);
    }
  }
  return files.filter((f) => !linked.has(f) && path.basename(f) !== 'index.md');
}

function main() {
  const fix = process.argv.includes('--fix-fences');
  if (process.argv.includes('--help')) {
    console.log('usage: check-docs.js [--fix-fences] [--orphans]');
    return;
  }
  const files = walk(DOCS);
  const pages = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  if (fix) {
    const changed = files.filter(fixFences);
    console.log(`added languages to fences in ${changed.length} file(s)`);
    for (const f of changed) pages.set(f, fs.readFileSync(f, 'utf8'));
  }
  const problems = [];
  for (const f of files) checkFile(f, pages, problems);
  problems.sort((a, b) => a.file.localeCompare(b.file));
  for (const p of problems) console.log(`${p.level === 'error' ? 'ERROR' : 'warn '} ${p.file}: ${p.msg}`);
  if (process.argv.includes('--orphans')) {
    for (const f of orphanPages(files, pages)) console.log(`orphan ${path.relative(DOCS, f)}`);
  }
  const errors = problems.filter((p) => p.level === 'error').length;
  console.log(`${files.length} page(s), ${errors} error(s), ${problems.length - errors} warning(s)`);
  if (errors) process.exitCode = 1;
}

main();
