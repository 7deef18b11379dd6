#!/usr/bin/env node
// tools/convert-docs.js - batch-convert the handbook sources for print and web.
//
//   node tools/convert-docs.js                 docs/**/*.{docx,odt,pptx} -> out/pdf
//   node tools/convert-docs.js --merge         also build out/handbook.pdf (qpdf)
//   node tools/convert-docs.js --ocr           run ocrmypdf on docs/scans/*.pdf
//   node tools/convert-docs.js --print NAME    send out/handbook.pdf to CUPS printer NAME
//   node tools/convert-docs.js --clean         remove out/
//
// LibreOffice runs headless with its own throwaway profile (so it does not
// collide with a running LibreOffice window). We use `shell: true` only for
// the fixed `soffice --version` probe; every other call passes argv arrays.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFile, execSync } = require('child_process');
const { promisify } = require('util');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');
const OUT = path.join(ROOT, 'out');
const PDF_DIR = path.join(OUT, 'pdf');
const OCR_DIR = path.join(OUT, 'ocr');
const EXTS = new Set(['.docx', '.doc', '.odt', '.pptx', '.odp', '.xlsx', '.ods', '.rtf']);

function info(msg) {
  console.log(`convert: ${msg}`);
}

function findSoffice() {
  for (const candidate of ['soffice', 'libreoffice']) {
    try {
      const v = execSync(`${candidate} --version`, { shell: true, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      return { bin: candidate, version: v.trim().split('\n')[0] };
    } catch {
      // try the next name
    }
  }
  throw new Error('LibreOffice (soffice) not found');
}

function listSources(dir) {
  const out = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name.startsWith('~$')) continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) {
        if (full !== path.join(DOCS, 'scans')) stack.push(full);
      } else if (EXTS.has(path.extname(e.name).toLowerCase())) {
        out.push(full);
      }
    }
  }
  return out.sort();
}

function needsUpdate(src, dest) {
  return !fs.existsSync(dest) || fs.statSync(src).mtimeMs > fs.statSync(dest).mtimeMs;
}

async function convertAll(soffice) {
  const sources = listSources(DOCS);
  const todo = sources.filter((s) => needsUpdate(s, path.join(PDF_DIR, `${path.parse(s).name}.pdf`)));
  info(`${sources.length} sources, ${todo.length} to convert`);
  if (!todo.length) return sources;
  fs.mkdirSync(PDF_DIR, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-profile-'));
  try {
    // one soffice invocation per batch of 20 keeps startup cost down
    for (let i = 0; i < todo.length; i += 20) {
      const batch = todo.slice(i, i + 20);
      await execFileP(
        soffice.bin,
        [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', PDF_DIR, ...batch],
        { maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60 * 1000 },
      );
      info(`converted ${Math.min(i + 20, todo.length)}/${todo.length}`);
    }
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return sources;
}

async function ocrScans() {
  const scanDir = path.join(DOCS, 'scans');
  if (!fs.existsSync(scanDir)) return [];
  fs.mkdirSync(OCR_DIR, { recursive: true });
  const scans = fs.readdirSync(scanDir).filter((f) => f.toLowerCase().endsWith('.pdf')).sort();
  const done = [];
  for (const f of scans) {
    const src = path.join(scanDir, f);
    const dest = path.join(OCR_DIR, f);
    if (!needsUpdate(src, dest)) {
      done.push(dest);
      continue;
    }
    try {
      await execFileP('ocrmypdf', ['--skip-text', '--rotate-pages', '--deskew', '-l', 'eng+deu', src, dest]);
      done.push(dest);
      info(`ocr ${f}`);
    } catch (err) {
      console.error(`convert: ocr failed for ${f}: ${String(err.stderr || err.message).split('\n').pop()}`);
    }
  }
  return done;
}

async function merge(pdfs) {
  if (!pdfs.length) return null;
  const target = path.join(OUT, 'handbook.pdf');
  await execFileP('qpdf', ['--empty', '--pages', ...pdfs, '--', target]);
  const { stdout } = await execFileP('qpdf', ['--show-npages', target]);
  info(`handbook.pdf: ${stdout.trim()} pages`);
  return target;
}

async function printTo(printer, file) {
  if (!/^[\w.-]+$/.test(printer)) throw new Error(`odd printer name ${printer}`);
  await execFileP('lpstat', ['-p', printer]);
  const { stdout } = await execFileP('lp', ['-d', printer, '-o', 'sides=two-sided-long-edge', '-t', 'handbook', file]);
  const m = /request id is (\S+)/.exec(stdout);
  info(`queued ${m ? m[1] : '(no id)'} on ${printer}; cancel with: cancel ${m ? m[1] : '<id>'}`);
}

async function pageReport(pdfs) {
  // per-file page counts; useful to estimate print cost before --print
  const rows = [];
  let total = 0;
  for (const pdf of pdfs) {
    try {
      const { stdout } = await execFileP('qpdf', ['--show-npages', pdf]);
      const n = Number(stdout.trim());
      total += n;
      rows.push([path.relative(ROOT, pdf), n]);
    } catch (err) {
      rows.push([path.relative(ROOT, pdf), 'unreadable']);
    }
  }
  const width = Math.max(10, ...rows.map((r) => r[0].length));
  for (const [name, n] of rows) console.log(`  ${name.padEnd(width)} ${String(n).padStart(6)}`);
  console.log(`  ${'total'.padEnd(width)} ${String(total).padStart(6)}`);
  const reportFile = path.join(OUT, 'pages.json');
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(reportFile, JSON.stringify({ total, files: Object.fromEntries(rows) }, null, 2));
  return total;
}

function clean() {
  fs.rmSync(OUT, { recursive: true, force: true });
  info('removed out/');
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--clean')) return clean();
  const soffice = findSoffice();
  info(soffice.version);
  const sources = await convertAll(soffice);
  const pdfs = sources.map((s) => path.join(PDF_DIR, `${path.parse(s).name}.pdf`)).filter((p) => fs.existsSync(p));
  if (args.includes('--ocr')) pdfs.push(...(await ocrScans()));
  if (args.includes('--pages')) await pageReport(pdfs);
  let handbook = null;
  if (args.includes('--merge') || args.includes('--print')) handbook = await merge(pdfs);
  const pi = args.indexOf('--print');
  if (pi >= 0) {
    const printer = args[pi + 1];
    if (!printer) throw new Error('--print needs a printer name (see lpstat -p)');
    if (!handbook) throw new Error('nothing to print');
    await printTo(printer, handbook);
  }
  return undefined;
}

main().catch((err) => {
  console.error(`convert: ${err.message}`);
  process.exit(1);
});
