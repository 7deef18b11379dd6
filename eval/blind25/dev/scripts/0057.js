#!/usr/bin/env node
// tools/launch-rnaseq.js - validate a samplesheet and launch the Nextflow pipeline.
//
//   node tools/launch-rnaseq.js --sheet assets/run42.csv [--profile docker] [--resume] [--go]
//
// Without --go it only validates and prints the nextflow command line.
// Validation: header, unique sample ids, FASTQ pairs exist and are gzip,
// strandedness values, and that read files sit inside data/ (patient data
// must stay on this machine; no s3:// or http(s) inputs are accepted).
// The launched nextflow process is ours; Ctrl-C is forwarded to it so it can
// shut down its tasks cleanly.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn, execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, 'data');
const RESULTS = path.join(ROOT, 'results');
const REQUIRED = ['sample', 'fastq_1', 'fastq_2', 'strandedness'];
const STRAND = new Set(['auto', 'forward', 'reverse', 'unstranded']);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function parseArgs(argv) {
  const opts = { profile: 'docker', resume: false, go: false, sheet: null, params: 'params.yaml' };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--sheet') opts.sheet = argv[++i];
    else if (a === '--profile') opts.profile = argv[++i];
    else if (a === '--params') opts.params = argv[++i];
    else if (a === '--resume') opts.resume = true;
    else if (a === '--go') opts.go = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.sheet) throw new Error('--sheet is required');
  return opts;
}

async function readCsv(file) {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const rows = [];
  let header = null;
  let lineNo = 0;
  for await (const line of rl) {
    lineNo += 1;
    if (!line.trim()) continue;
    const cells = line.split(',').map((c) => c.trim());
    if (!header) {
      header = cells;
      continue;
    }
    const row = Object.fromEntries(header.map((h, i) => [h, cells[i] || '']));
    row.__line = lineNo;
    rows.push(row);
  }
  return { header: header || [], rows };
}

function isGzip(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(2);
    fs.readSync(fd, buf, 0, 2, 0);
    return buf.equals(GZIP_MAGIC);
  } finally {
    fs.closeSync(fd);
  }
}

function checkFastq(value, row, problems) {
  if (!value) return;
  if (/^[a-z0-9+.-]+:\/\//i.test(value)) {
    problems.push(`line ${row.__line}: remote input ${value} not allowed; copy it into data/`);
    return;
  }
  const abs = path.resolve(ROOT, value);
  if (!abs.startsWith(DATA + path.sep)) {
    problems.push(`line ${row.__line}: ${value} is outside data/`);
    return;
  }
  if (!fs.existsSync(abs)) {
    problems.push(`line ${row.__line}: missing ${value}`);
    return;
  }
  if (!isGzip(abs)) problems.push(`line ${row.__line}: ${value} is not gzip-compressed`);
}

async function validate(sheet) {
  const { header, rows } = await readCsv(sheet);
  const problems = [];
  const missingCols = REQUIRED.filter((c) => !header.includes(c));
  if (missingCols.length) problems.push(`missing columns: ${missingCols.join(', ')}`);
  const seen = new Map();
  const files = new Map();
  for (const row of rows) {
    if (!/^[A-Za-z0-9_-]+$/.test(row.sample)) problems.push(`line ${row.__line}: bad sample id '${row.sample}'`);
    // the same sample may appear on several lines (multiple lanes), but a
    // FASTQ file may only be listed once in the whole sheet
    for (const f of [row.fastq_1, row.fastq_2].filter(Boolean)) {
      if (files.has(f)) problems.push(`line ${row.__line}: ${f} already used on line ${files.get(f)}`);
      else files.set(f, row.__line);
    }
    seen.set(row.sample, row.fastq_1);
    if (!STRAND.has(row.strandedness)) problems.push(`line ${row.__line}: strandedness '${row.strandedness}'`);
    checkFastq(row.fastq_1, row, problems);
    checkFastq(row.fastq_2, row, problems);
    if (row.fastq_1 && row.fastq_1 === row.fastq_2) problems.push(`line ${row.__line}: fastq_1 == fastq_2`);
  }
  return { rows, samples: seen.size, problems };
}

function nextflowVersion() {
  try {
    const out = execFileSync('nextflow', ['-version'], { encoding: 'utf8' });
    const m = out.match(/version\s+([\d.]+)/);
    return m ? m[1] : 'unknown';
  } catch {
    throw new Error('nextflow not found on PATH');
  }
}

function commandLine(opts, runName) {
  const outdir = path.join(RESULTS, runName);
  const args = [
    'run', path.join(ROOT, 'main.nf'),
    '-profile', opts.profile,
    '-params-file', path.join(ROOT, opts.params),
    '-work-dir', path.join(ROOT, 'work'),
    '-name', runName,
    '-with-report', path.join(outdir, 'report.html'),
    '--input', path.resolve(opts.sheet),
    '--outdir', outdir,
  ];
  if (opts.resume) args.push('-resume');
  return { args, outdir };
}

function launch(args, outdir) {
  fs.mkdirSync(outdir, { recursive: true });
  const child = spawn('nextflow', args, { cwd: ROOT, stdio: 'inherit' });
  const forward = (sig) => {
    if (child.exitCode === null) child.kill(sig);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ? 130 : code)));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { rows, samples, problems } = await validate(opts.sheet);
  console.log(`${rows.length} rows, ${samples} samples in ${opts.sheet}`);
  if (problems.length) {
    problems.forEach((p) => console.error(`  ✗ ${p}`));
    process.exit(1);
  }
  console.log(`nextflow ${nextflowVersion()}`);
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const runName = `rnaseq_${stamp}`;
  const { args, outdir } = commandLine(opts, runName);
  console.log(`nextflow ${args.join(' ')}`);
  if (!opts.go) {
    console.log('validation ok; add --go to launch');
    return;
  }
  const code = await launch(args, outdir);
  if (code === 0) {
    const latest = path.join(RESULTS, 'latest');
    fs.rmSync(latest, { force: true });
    fs.symlinkSync(runName, latest);
    console.log(`results in ${path.relative(ROOT, outdir)}`);
  }
  process.exit(code);
}

main().catch((err) => {
  console.error(`launch-rnaseq: ${err.message}`);
  process.exit(2);
});
