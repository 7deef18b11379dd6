#!/usr/bin/env node
// tools/paper.js - build helper for the conference paper.
//
//   node tools/paper.js build         latexmk -> build/paper.pdf
//   node tools/paper.js watch         rebuild on save, serve build/ on 127.0.0.1:4173 with live reload
//   node tools/paper.js clean         latexmk -C + remove build/
//   node tools/paper.js anon          anonymised build for double-blind review
//   node tools/paper.js camera        camera-ready: fonts embedded check, PDF/A-ish via qpdf
//
// Shell escape stays off: the paper uses pgfplots with externalisation
// disabled and no minted, so -shell-escape is never needed.
'use strict';

const http = require('http');
const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const BUILD = path.join(ROOT, 'build');
const MAIN = 'paper.tex';
const PORT = 4173;
const WATCH_EXT = new Set(['.tex', '.bib', '.sty', '.cls', '.pdf', '.png', '.csv']);

function log(msg) {
  process.stdout.write(`[paper] ${msg}\n`);
}

function latexmk(extra = [], { quiet = true } = {}) {
  const args = [
    '-pdf',
    '-interaction=nonstopmode',
    '-halt-on-error',
    '-file-line-error',
    `-outdir=${BUILD}`,
    ...extra,
    MAIN,
  ];
  const res = spawnSync('latexmk', args, { cwd: ROOT, encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit' });
  if (res.error) throw new Error(`latexmk: ${res.error.message}`);
  return res.status === 0;
}

function firstErrors(limit = 15) {
  const logFile = path.join(BUILD, MAIN.replace(/\.tex$/, '.log'));
  if (!fs.existsSync(logFile)) return [];
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => /^!|:\d+: |LaTeX Warning: (Reference|Citation)/.test(l))
    .slice(0, limit);
}

function build(extra = []) {
  fs.mkdirSync(BUILD, { recursive: true });
  const started = Date.now();
  const ok = latexmk(extra);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (ok) log(`built build/paper.pdf in ${secs}s`);
  else {
    log(`build failed after ${secs}s:`);
    firstErrors().forEach((l) => log(`  ${l}`));
  }
  return ok;
}

function clean() {
  latexmk(['-C']);
  fs.rmSync(BUILD, { recursive: true, force: true });
  log('clean');
}

function anon() {
  // \anontrue is read by the preamble to hide authors and acknowledgements
  const wrapper = path.join(ROOT, 'paper-anon.tex');
  fs.writeFileSync(wrapper, '\\newif\\ifanon\\anontrue\n\\input{paper}\n');
  try {
    const ok = latexmk([`-jobname=paper-anon`], { quiet: true }) && fs.existsSync(path.join(BUILD, 'paper-anon.pdf'));
    if (!ok) {
      // latexmk compiles MAIN; rerun on the wrapper explicitly
      const res = spawnSync('latexmk', ['-pdf', '-interaction=nonstopmode', `-outdir=${BUILD}`, 'paper-anon.tex'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (res.status !== 0) throw new Error('anonymised build failed');
    }
    const pdfinfo = spawnSync('pdfinfo', [path.join(BUILD, 'paper-anon.pdf')], { encoding: 'utf8' });
    if (/Author:\s+\S/.test(pdfinfo.stdout || '')) log('warning: PDF metadata still has an Author field');
    log('anonymised: build/paper-anon.pdf');
  } finally {
    fs.rmSync(wrapper, { force: true });
  }
}

function camera() {
  if (!build()) process.exit(1);
  const pdf = path.join(BUILD, 'paper.pdf');
  const fonts = spawnSync('pdffonts', [pdf], { encoding: 'utf8' });
  const notEmbedded = (fonts.stdout || '')
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() && / no\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.test(l));
  if (notEmbedded.length) {
    log('fonts not embedded:');
    notEmbedded.forEach((l) => log(`  ${l}`));
    process.exit(1);
  }
  const out = path.join(BUILD, 'paper-camera.pdf');
  const q = spawnSync('qpdf', ['--linearize', '--object-streams=generate', pdf, out], { stdio: 'inherit' });
  if (q.status !== 0) process.exit(1);
  log(`camera-ready: ${path.relative(ROOT, out)}`);
}

function serve(clients) {
  const server = http.createServer((req, res) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write('retry: 1000\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><title>paper</title>
<style>html,body,iframe{margin:0;height:100%;width:100%;border:0}</style>
<iframe id="f" src="/paper.pdf"></iframe>
<script>new EventSource('/events').onmessage=()=>{f.src='/paper.pdf?'+Date.now()}</script>`);
      return;
    }
    const file = path.join(BUILD, path.basename(decodeURIComponent(req.url.split('?')[0])));
    if (!file.endsWith('.pdf') || !fs.existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    fs.createReadStream(file).pipe(res);
  });
  server.listen(PORT, '127.0.0.1', () => log(`preview on http://127.0.0.1:${PORT}/`));
  return server;
}

function watch() {
  const clients = new Set();
  const server = serve(clients);
  let timer = null;
  let running = false;
  let again = false;
  const trigger = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const ok = build();
    running = false;
    if (ok) for (const c of clients) c.write('data: reload\n\n');
    if (again) {
      again = false;
      trigger();
    }
  };
  build();
  const watcher = fs.watch(ROOT, { recursive: true }, (_e, file) => {
    if (!file || file.startsWith('build') || file.startsWith('.git')) return;
    if (!WATCH_EXT.has(path.extname(file))) return;
    clearTimeout(timer);
    timer = setTimeout(trigger, 300);
  });
  const stop = () => {
    watcher.close();
    for (const c of clients) c.end();
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function wordCount() {
  const res = spawnSync('texcount', ['-inc', '-sum', '-brief', MAIN], { cwd: ROOT, encoding: 'utf8' });
  if (res.error) throw new Error('texcount not installed');
  log(res.stdout.trim().split('\n').pop());
}

const commands = { build: () => process.exit(build() ? 0 : 1), watch, clean, anon, camera, words: wordCount };
const cmd = process.argv[2] || 'build';
if (!commands[cmd]) {
  console.error(`unknown command ${cmd}; one of ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
commands[cmd]();
