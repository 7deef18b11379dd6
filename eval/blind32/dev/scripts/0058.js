#!/usr/bin/env node
// Build the TiddlyWiki handbook from docs/ and render a static copy.
//
// docs/**/*.md are converted into .tid files inside wiki/tiddlers/docs/ (a
// generated folder, recreated on each run), tagged by folder, with links
// rewritten to [[Title]] form.  Then the project's own tiddlywiki (a
// devDependency) renders wiki/ into build/handbook/ both as a single-file wiki
// and as static HTML.  `--serve` starts the TiddlyWiki server on 127.0.0.1 and
// stops it on Ctrl-C.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');
const WIKI = path.join(ROOT, 'wiki');
const GENERATED = path.join(WIKI, 'tiddlers', 'docs');
const OUT = path.join(ROOT, 'build', 'handbook');
const TW = path.join(ROOT, 'node_modules', '.bin', 'tiddlywiki');

function listMarkdown(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && entry.name !== 'drafts') out.push(...listMarkdown(full));
    } else if (entry.name.endsWith('.md')) {
      out.push(full);
    }
  }
  return out.sort();
}

function titleOf(file, text) {
  const h1 = text.match(/^#\s+(.+)$/m);
  if (h1) return h1[1].trim();
  return path.basename(file, '.md').replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

function tagsOf(file) {
  const rel = path.relative(DOCS, path.dirname(file));
  const tags = ['Docs'];
  if (rel) tags.push(...rel.split(path.sep).map((p) => p.replace(/-/g, ' ')));
  return tags.map((t) => (t.includes(' ') ? `[[${t}]]` : t)).join(' ');
}

function buildTitleIndex(files) {
  const index = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    index.set(path.resolve(file), titleOf(file, text));
  }
  return index;
}

function rewriteLinks(text, file, index, problems) {
  return text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (match, label, target) => {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) return match;
    const [rel] = target.split('#');
    const resolved = path.resolve(path.dirname(file), rel);
    const title = index.get(resolved);
    if (!title) {
      problems.push(`${path.relative(ROOT, file)}: broken link ${target}`);
      return match;
    }
    return title === label ? `[[${title}]]` : `[[${label}|${title}]]`;
  });
}

function tidFileName(title) {
  return title.replace(/[<>:"/\\|?*\u0000-\u001f]/g, '_').slice(0, 120) + '.tid';
}

function tiddlywikiTimestamp(date) {
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}` +
    `${pad(date.getUTCMilliseconds(), 3)}`;
}

function writeTiddlers(files, index) {
  // the generated folder belongs to this script; recreate it from scratch
  fs.rmSync(GENERATED, { recursive: true, force: true });
  fs.mkdirSync(GENERATED, { recursive: true });
  const problems = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const title = index.get(path.resolve(file));
    const body = rewriteLinks(text.replace(/^#\s+.+\n/, ''), file, index, problems);
    const modified = tiddlywikiTimestamp(fs.statSync(file).mtime);
    const tid = [
      `title: ${title}`,
      `tags: ${tagsOf(file)}`,
      'type: text/x-markdown',
      `modified: ${modified}`,
      `source: ${path.relative(ROOT, file)}`,
      '',
      body,
    ].join('\n');
    fs.writeFileSync(path.join(GENERATED, tidFileName(title)), tid);
  }
  return problems;
}

function tw(args, opts = {}) {
  const res = spawnSync(TW, [WIKI, ...args], { stdio: 'inherit', ...opts });
  if (res.status !== 0) throw new Error(`tiddlywiki ${args[0]} failed (${res.status})`);
}

function render() {
  fs.rmSync(OUT, { recursive: true, force: true });
  tw(['--output', OUT, '--render', '$:/core/save/all', 'handbook.html', 'text/plain']);
  tw(['--output', path.join(OUT, 'static'), '--render', '[!is[system]]',
    '[encodeuricomponent[]addsuffix[.html]]', 'text/plain', '$:/core/templates/static.tiddler.html']);
  tw(['--output', path.join(OUT, 'static'), '--render', '$:/core/templates/static.template.css',
    'static.css', 'text/plain']);
}

function serve(port) {
  const child = spawn(TW, [WIKI, '--listen', 'host=127.0.0.1', `port=${port}`], { stdio: 'inherit' });
  const stop = () => {
    child.kill('SIGINT'); // the server process started just above
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
  console.log(`serving on http://127.0.0.1:${port}/ (Ctrl-C to stop)`);
}

// Tiddlers that exist in wiki/tiddlers but link to docs titles that no longer
// exist (renamed docs) are reported, not touched: they are hand-written.
function orphanReferences(index) {
  const titles = new Set(index.values());
  const handWritten = path.join(WIKI, 'tiddlers');
  const problems = [];
  for (const name of fs.readdirSync(handWritten)) {
    if (!name.endsWith('.tid')) continue;
    const text = fs.readFileSync(path.join(handWritten, name), 'utf8');
    for (const m of text.matchAll(/\[\[(?:[^|\]]+\|)?([^\]]+)\]\]/g)) {
      const target = m[1];
      if (target.startsWith('$:/')) continue;
      const looksLikeDoc = /^[A-Z]/.test(target) && target.includes(' ');
      if (looksLikeDoc && !titles.has(target) && !fs.existsSync(path.join(handWritten, tidFileName(target)))) {
        problems.push(`${name}: link to missing tiddler "${target}"`);
      }
    }
  }
  return problems;
}

function countFiles(dir) {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.html')).length;
}

function main() {
  if (!fs.existsSync(TW)) {
    console.error('tiddlywiki is not installed; run npm ci');
    process.exit(2);
  }
  const files = listMarkdown(DOCS);
  const index = buildTitleIndex(files);
  const problems = writeTiddlers(files, index);
  console.log(`${files.length} docs -> ${path.relative(ROOT, GENERATED)}`);
  for (const p of problems) console.warn(`warning: ${p}`);
  for (const p of orphanReferences(index)) console.warn(`note: ${p}`);

  const args = process.argv.slice(2);
  if (args.includes('--serve')) {
    serve(Number(process.env.PORT || 8080));
    return;
  }
  render();
  console.log(`rendered ${countFiles(OUT)} HTML files into ${path.relative(ROOT, OUT)}`);
  if (args.includes('--strict') && problems.length) process.exitCode = 1;
}

main();
