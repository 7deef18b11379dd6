#!/usr/bin/env node
/*
 * foi-redact.js - OCR and redact documents released under freedom-of-information requests
 *
 *   node tools/foi-redact.js requests/FOI-2024-118 [--jobs 3] [--lang eng]
 *
 * For each PDF in the request folder:
 *   1. ocrmypdf --skip-text --sidecar (spawned with an argv array, no shell)
 *   2. find personal data in the sidecar text with the patterns in config/foi-patterns.json
 *      and the names listed in the request's third-parties.txt
 *   3. write <name>.redactions.json (page, pattern, match hash) for the reviewer and a
 *      redacted text export; the visual redaction is done by the reviewer in the PDF editor
 * Work files live in a temporary folder per document which is removed afterwards; outputs
 * go to build/foi/<request>/. Nothing is uploaded anywhere.
 */
'use strict';

const { spawn } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const PATTERNS = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'foi-patterns.json'), 'utf8'));

function parseArgs() {
  const a = process.argv.slice(2);
  const o = { dir: null, jobs: 2, lang: 'eng' };
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] === '--jobs') o.jobs = Number(a[(i += 1)]);
    else if (a[i] === '--lang') o.lang = a[(i += 1)];
    else o.dir = a[i];
  }
  if (!o.dir) throw new Error('usage: foi-redact.js <request-folder> [--jobs N] [--lang eng]');
  return o;
}

function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 || (cmd === 'ocrmypdf' && code === 6) ? resolve() : reject(new Error(`${cmd} exited ${code}: ${stderr.trim().split('\n').pop()}`))));
  });
}

function compilePatterns(thirdParties) {
  const compiled = Object.entries(PATTERNS).map(([kind, source]) => ({ kind, re: new RegExp(source, 'g') }));
  if (thirdParties.length) {
    const escaped = thirdParties.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    compiled.push({ kind: 'third_party', re: new RegExp(`\\b(?:${escaped.join('|')})\\b`, 'gi') });
  }
  return compiled;
}

function findMatches(pages, patterns) {
  const hits = [];
  pages.forEach((text, pageIndex) => {
    for (const { kind, re } of patterns) {
      re.lastIndex = 0;
      let m;
      while ((m = re.exec(text)) !== null) {
        hits.push({
          page: pageIndex + 1,
          kind,
          offset: m.index,
          length: m[0].length,
          sha1: crypto.createHash('sha1').update(m[0]).digest('hex').slice(0, 12),
        });
      }
    }
  });
  return hits;
}

function redactText(pages, hits) {
  const byPage = new Map();
  for (const h of hits) {
    if (!byPage.has(h.page)) byPage.set(h.page, []);
    byPage.get(h.page).push(h);
  }
  return pages.map((text, i) => {
    const list = (byPage.get(i + 1) || []).sort((a, b) => b.offset - a.offset);
    let out = text;
    for (const h of list) out = `${out.slice(0, h.offset)}[${h.kind.toUpperCase()}]${out.slice(h.offset + h.length)}`;
    return out;
  }).join('\f');
}

async function processPdf(pdf, outDir, opts, patterns) {
  const name = path.basename(pdf, '.pdf');
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), `foi-${name}-`));
  try {
    const ocrPdf = path.join(work, `${name}.pdf`);
    const sidecar = path.join(work, `${name}.txt`);
    await exec('ocrmypdf', ['--skip-text', '--rotate-pages', '-l', opts.lang, '--sidecar', sidecar, pdf, ocrPdf]);
    const pages = (await fsp.readFile(sidecar, 'utf8')).split('\f');
    const hits = findMatches(pages, patterns);
    await fsp.copyFile(ocrPdf, path.join(outDir, `${name}.ocr.pdf`));
    await fsp.writeFile(path.join(outDir, `${name}.redactions.json`), JSON.stringify({ document: path.basename(pdf), pages: pages.length, hits }, null, 2));
    await fsp.writeFile(path.join(outDir, `${name}.redacted.txt`), redactText(pages, hits));
    return { name, pages: pages.length, hits: hits.length };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

async function pool(items, n, fn) {
  const out = [];
  let i = 0;
  await Promise.all(Array.from({ length: Math.max(1, n) }, async () => {
    while (i < items.length) {
      const idx = i;
      i += 1;
      try {
        out[idx] = await fn(items[idx]);
      } catch (err) {
        out[idx] = { name: path.basename(items[idx]), error: err.message };
      }
    }
  }));
  return out;
}

function validatePatterns() {
  // a broken regex in the shared config should fail loudly before any OCR work starts
  const problems = [];
  for (const [kind, source] of Object.entries(PATTERNS)) {
    try {
      const re = new RegExp(source, 'g');
      if (re.test('')) problems.push(`${kind}: matches the empty string`);
    } catch (err) {
      problems.push(`${kind}: ${err.message}`);
    }
  }
  if (problems.length) throw new Error(`config/foi-patterns.json: ${problems.join('; ')}`);
}

function kindSummary(outDir) {
  const counts = {};
  for (const f of fs.readdirSync(outDir).filter((x) => x.endsWith('.redactions.json'))) {
    const data = JSON.parse(fs.readFileSync(path.join(outDir, f), 'utf8'));
    for (const h of data.hits) counts[h.kind] = (counts[h.kind] || 0) + 1;
  }
  return counts;
}

function writeReviewSheet(outDir, results) {
  const lines = ['document,pages,matches,status'];
  for (const r of results) lines.push(`${r.name},${r.pages ?? ''},${r.hits ?? ''},${r.error ? `error: ${r.error.replace(/,/g, ';')}` : 'needs review'}`);
  fs.writeFileSync(path.join(outDir, 'review-sheet.csv'), `${lines.join('\n')}\n`);
}

async function main() {
  const opts = parseArgs();
  validatePatterns();
  const reqDir = path.resolve(opts.dir);
  const request = path.basename(reqDir);
  if (!/^FOI-\d{4}-\d{3}$/.test(request)) throw new Error(`${request} is not a request folder name`);
  const outDir = path.join(ROOT, 'build', 'foi', request);
  await fsp.mkdir(outDir, { recursive: true, mode: 0o750 });
  const tpFile = path.join(reqDir, 'third-parties.txt');
  const thirdParties = fs.existsSync(tpFile) ? fs.readFileSync(tpFile, 'utf8').split('\n').map((s) => s.trim()).filter(Boolean) : [];
  const patterns = compilePatterns(thirdParties);
  const pdfs = (await fsp.readdir(reqDir)).filter((f) => f.toLowerCase().endsWith('.pdf')).map((f) => path.join(reqDir, f)).sort();
  if (!pdfs.length) throw new Error('no PDFs in the request folder');
  console.log(`${request}: ${pdfs.length} document(s), ${patterns.length} pattern group(s), ${opts.jobs} job(s)`);
  const results = await pool(pdfs, opts.jobs, (pdf) => processPdf(pdf, outDir, opts, patterns));
  for (const r of results) console.log(r.error ? `  ${r.name}: ERROR ${r.error}` : `  ${r.name}: ${r.pages} page(s), ${r.hits} match(es)`);
  writeReviewSheet(outDir, results);
  console.log(`matches by kind: ${JSON.stringify(kindSummary(outDir))}`);
  console.log(`outputs in ${path.relative(ROOT, outDir)}`);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`foi-redact: ${err.message}`);
  process.exit(1);
});
