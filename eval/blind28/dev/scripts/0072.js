#!/usr/bin/env node
// jcl-run.js - lint the repo's JCL and submit it to the DEV LPAR through the Zowe CLI.
//
//   node tools/jcl-run.js jcl/UNITTEST.jcl            lint + show what would be submitted
//   node tools/jcl-run.js jcl/UNITTEST.jcl --submit   submit, wait, download spool to build/spool/
//   node tools/jcl-run.js --lint-all                  lint every jcl/*.jcl
//
// Guard rails: only files under jcl/ in this repo are submitted (never a
// fetched or generated deck); every DSN= must start with an allowed HLQ; the
// JOB card must route to the DEV class; TYPRUN=SCAN is added unless --submit.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const JCL_DIR = path.join(ROOT, 'jcl');
const SPOOL_DIR = path.join(ROOT, 'build', 'spool');
// IGY = the Enterprise COBOL compiler libraries, read by the compile step
const ALLOWED_HLQ = new Set(['DEV', 'TEST', 'IGY']);
const ALLOWED_CLASSES = new Set(['A', 'D']);
const PROFILE = process.env.ZOWE_PROFILE || 'zosmf-dev';

function lint(file) {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split(/\r?\n/);
  const problems = [];
  if (!/^\/\/\w{1,8}\s+JOB\b/.test(lines[0] || '')) problems.push('first statement is not a JOB card');
  const jobCard = lines.slice(0, 4).join(' ');
  const cls = /CLASS=(\w)/.exec(jobCard);
  if (!cls || !ALLOWED_CLASSES.has(cls[1])) problems.push(`JOB CLASS must be one of ${[...ALLOWED_CLASSES]}`);
  lines.forEach((line, i) => {
    if (line.length > 72 && !line.startsWith('//*')) problems.push(`line ${i + 1}: past column 72`);
    for (const m of line.matchAll(/DSN(?:AME)?=([A-Z0-9#@$.]+)/g)) {
      const hlq = m[1].split('.')[0];
      if (m[1].startsWith('&&')) continue; // temporary data set
      if (!ALLOWED_HLQ.has(hlq)) problems.push(`line ${i + 1}: DSN ${m[1]} has HLQ ${hlq}`);
    }
    if (/\bDISP=\(?(OLD|MOD)\b/.test(line) && /PROD\./.test(line)) problems.push(`line ${i + 1}: writes a PROD data set`);
    if (/PGM=(IDCAMS|IEFBR14)/.test(line) && /DELETE/.test(lines.slice(i, i + 6).join(' '))) {
      problems.push(`line ${i + 1}: deletes data sets; not allowed from this tool`);
    }
  });
  return { text, problems };
}

function inRepo(file) {
  const abs = path.resolve(file);
  if (path.dirname(abs) !== JCL_DIR) throw new Error(`${file} is not a JCL file of this repo (jcl/)`);
  return abs;
}

function withScan(text) {
  const lines = text.split(/\r?\n/);
  if (/TYPRUN=/.test(lines[0])) return text;
  lines[0] = lines[0].replace(/\s*$/, '') + ',TYPRUN=SCAN';
  return lines.join('\n');
}

async function zowe(args) {
  const { stdout } = await run('zowe', [...args, '--zosmf-profile', PROFILE, '--rfj'], { maxBuffer: 32 * 2 ** 20 });
  const payload = JSON.parse(stdout);
  if (!payload.success) throw new Error(payload.message || 'zowe command failed');
  return payload.data;
}

async function submit(file, text, scanOnly) {
  const deck = scanOnly ? withScan(text) : text;
  const tmp = path.join(SPOOL_DIR, `.${path.basename(file)}.${process.pid}`);
  fs.mkdirSync(SPOOL_DIR, { recursive: true });
  fs.writeFileSync(tmp, deck);
  try {
    const job = await zowe(['zos-jobs', 'submit', 'local-file', tmp, '--wait-for-output']);
    const dir = path.join(SPOOL_DIR, job.jobid);
    await zowe(['zos-jobs', 'download', 'output', job.jobid, '--directory', dir]);
    return { jobid: job.jobid, retcode: job.retcode, dir };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function summariseSpool(dir) {
  const hits = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        for (const line of fs.readFileSync(p, 'utf8').split('\n')) {
          if (/IGYS\w+-[ESU]|IEF\d+I .*(ABEND|JCL ERROR)|COND CODE 0*[89]\d*/.test(line)) hits.push(line.trim());
        }
      }
    }
  };
  walk(dir);
  return hits;
}

function expandProcs(text) {
  // show which cataloged procedures a deck calls, for the review checklist
  const procs = new Set();
  for (const m of text.matchAll(/^\/\/\w*\s+EXEC\s+(?:PROC=)?([A-Z0-9#@$]+)/gm)) {
    if (!m[1].startsWith('PGM')) procs.add(m[1]);
  }
  return [...procs].sort();
}

function listDecks() {
  const rows = [];
  for (const name of fs.readdirSync(JCL_DIR).filter((n) => n.endsWith('.jcl')).sort()) {
    const text = fs.readFileSync(path.join(JCL_DIR, name), 'utf8');
    const job = /^\/\/(\w{1,8})\s+JOB\b/.exec(text);
    rows.push({
      deck: name,
      job: job ? job[1] : '?',
      steps: (text.match(/^\/\/\w+\s+EXEC\b/gm) || []).length,
      procs: expandProcs(text).join(' ') || '-',
    });
  }
  const width = Math.max(...rows.map((r) => r.deck.length), 4);
  console.log(`${'deck'.padEnd(width)}  job       steps  procs`);
  for (const r of rows) {
    console.log(`${r.deck.padEnd(width)}  ${r.job.padEnd(8)}  ${String(r.steps).padStart(5)}  ${r.procs}`);
  }
}

function pruneSpool(keep = 20) {
  if (!fs.existsSync(SPOOL_DIR)) return 0;
  const dirs = fs.readdirSync(SPOOL_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^JOB\d+$/.test(d.name))
    .map((d) => ({ name: d.name, mtime: fs.statSync(path.join(SPOOL_DIR, d.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const d of dirs.slice(keep)) fs.rmSync(path.join(SPOOL_DIR, d.name), { recursive: true, force: true });
  return Math.max(0, dirs.length - keep);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--list')) {
    listDecks();
    return;
  }
  if (args.includes('--prune-spool')) {
    console.log(`removed ${pruneSpool()} old spool folder(s) from build/spool`);
    return;
  }
  if (args.includes('--lint-all')) {
    let bad = 0;
    for (const f of fs.readdirSync(JCL_DIR).filter((n) => n.endsWith('.jcl'))) {
      const { problems } = lint(path.join(JCL_DIR, f));
      console.log(`${problems.length ? '✗' : '✓'} jcl/${f}`);
      problems.forEach((p) => console.log(`    ${p}`));
      if (problems.length) bad++;
    }
    process.exitCode = bad ? 1 : 0;
    return;
  }
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: jcl-run.js jcl/NAME.jcl [--submit] | --lint-all');
    process.exit(2);
  }
  const abs = inRepo(file);
  const { text, problems } = lint(abs);
  if (problems.length) {
    problems.forEach((p) => console.error(`  ${p}`));
    throw new Error(`${file} failed lint`);
  }
  const scanOnly = !args.includes('--submit');
  console.log(`${scanOnly ? 'scanning' : 'submitting'} ${path.relative(ROOT, abs)} with profile ${PROFILE}`);
  const result = await submit(abs, text, scanOnly);
  console.log(`job ${result.jobid}: ${result.retcode}; spool in ${path.relative(ROOT, result.dir)}`);
  const hits = summariseSpool(result.dir);
  hits.slice(0, 25).forEach((h) => console.log(`  ${h}`));
  if (!/^CC 000[04]$/.test(result.retcode || '')) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`jcl-run: ${err.message}`);
  process.exit(1);
});
