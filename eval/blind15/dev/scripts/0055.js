#!/usr/bin/env node
// tools/log-triage.js - stream JSON-lines logs, fingerprint errors and write a
// markdown report. Works on files or on `kubectl logs` output piped in.
//
//   node tools/log-triage.js logs/api-*.jsonl
//   kubectl logs -n dev deploy/api --since=1h | node tools/log-triage.js -
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const zlib = require('node:zlib');

const REPORT_DIR = path.join(process.cwd(), 'reports', 'triage');
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
const NORMALISE = [
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/\b[0-9a-f]{24,}\b/gi, '<hex>'],
  [/\b\d+(\.\d+)?\s?(ms|s)\b/g, '<dur>'],
  [/\b\d{3,}\b/g, '<n>'],
  [/"[^"]{20,}"/g, '"<str>"'],
  [/\/[\w.-]+\/[\w./-]+/g, '<path>'],
];

function parseArgs(argv) {
  const opts = { inputs: [], minLevel: 'warn', top: 20, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--min-level') opts.minLevel = argv[++i];
    else if (a === '--top') opts.top = Number(argv[++i]);
    else if (a === '--json') opts.json = true;
    else opts.inputs.push(a);
  }
  if (!LEVELS.includes(opts.minLevel)) throw new Error(`bad --min-level ${opts.minLevel}`);
  if (!Number.isInteger(opts.top) || opts.top < 1) throw new Error('--top must be a positive integer');
  if (!opts.inputs.length) opts.inputs.push('-');
  return opts;
}

function fingerprint(msg) {
  let s = String(msg).trim();
  for (const [rx, repl] of NORMALISE) s = s.replace(rx, repl);
  return s.slice(0, 180);
}

function levelOf(entry) {
  const raw = (entry.level ?? entry.severity ?? entry.lvl ?? 'info').toString().toLowerCase();
  if (/^\d+$/.test(raw)) {
    // pino numeric levels
    const n = Number(raw);
    return n >= 60 ? 'fatal' : n >= 50 ? 'error' : n >= 40 ? 'warn' : n >= 30 ? 'info' : 'debug';
  }
  if (raw.startsWith('warn')) return 'warn';
  if (raw === 'err') return 'error';
  return LEVELS.includes(raw) ? raw : 'info';
}

function openInput(file) {
  if (file === '-') return process.stdin;
  const stream = fs.createReadStream(file);
  return file.endsWith('.gz') ? stream.pipe(zlib.createGunzip()) : stream;
}

async function scan(file, state, minIdx) {
  const rl = readline.createInterface({ input: openInput(file), crlfDelay: Infinity });
  for await (const line of rl) {
    state.lines++;
    const start = line.indexOf('{');
    if (start < 0) continue;
    let entry;
    try {
      entry = JSON.parse(line.slice(start));
    } catch {
      state.unparsed++;
      continue;
    }
    const level = levelOf(entry);
    state.levels[level] = (state.levels[level] || 0) + 1;
    if (LEVELS.indexOf(level) < minIdx) continue;
    const msg = entry.msg ?? entry.message ?? entry.error?.message ?? '';
    const fp = `${level}|${fingerprint(msg)}`;
    let b = state.buckets.get(fp);
    if (!b) {
      b = { level, fp: fingerprint(msg), count: 0, first: null, last: null, samples: [], services: new Set() };
      state.buckets.set(fp, b);
    }
    b.count++;
    const ts = entry.time ?? entry.ts ?? entry.timestamp ?? null;
    b.first ??= ts;
    b.last = ts ?? b.last;
    if (entry.service) b.services.add(entry.service);
    if (b.samples.length < 2) b.samples.push(line.slice(0, 400));
  }
}

function usage() {
  return [
    'usage: log-triage.js [options] [file ...|-]',
    '',
    '  --min-level <lvl>  lowest level to fingerprint (default warn)',
    '  --top <n>          how many fingerprints to show (default 20)',
    '  --json             print buckets as JSON instead of writing a report',
    '',
    'Files ending in .gz are decompressed on the fly; "-" reads stdin.',
  ].join('\n');
}

function perHour(state) {
  // rough error histogram from bucket first/last timestamps
  const hours = new Map();
  for (const b of state.buckets.values()) {
    const ts = typeof b.last === 'string' ? b.last.slice(0, 13) : null;
    if (!ts) continue;
    hours.set(ts, (hours.get(ts) || 0) + b.count);
  }
  return [...hours].sort((a, b) => a[0].localeCompare(b[0]));
}

function render(state, opts) {
  const ranked = [...state.buckets.values()].sort((a, b) => b.count - a.count).slice(0, opts.top);
  const out = ['# Log triage', '', `Scanned ${state.lines} lines (${state.unparsed} not JSON).`, ''];
  out.push('| level | lines |', '| --- | --- |');
  for (const lvl of LEVELS) if (state.levels[lvl]) out.push(`| ${lvl} | ${state.levels[lvl]} |`);
  out.push('');
  const hist = perHour(state);
  if (hist.length) {
    out.push('## Errors by hour (last seen)', '', '```');
    for (const [hour, n] of hist) out.push(`${hour}  ${'#'.repeat(Math.min(60, n))} ${n}`);
    out.push('```', '');
  }
  ranked.forEach((b, i) => {
    out.push(`## ${i + 1}. ${b.level} x${b.count}`);
    out.push('', `\`${b.fp}\``, '');
    if (b.services.size) out.push(`services: ${[...b.services].join(', ')}`);
    out.push(`first: ${b.first ?? '?'} / last: ${b.last ?? '?'}`, '', '```');
    out.push(...b.samples, '```', '');
  });
  return out.join('\n');
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(usage());
    return;
  }
  const cliArgs = process.argv.slice(2);
  const opts = parseArgs(cliArgs);
  const state = { lines: 0, unparsed: 0, levels: {}, buckets: new Map() };
  const minIdx = LEVELS.indexOf(opts.minLevel);
  for (const input of opts.inputs) await scan(input, state, minIdx);
  if (opts.json) {
    const rows = [...state.buckets.values()].map((b) => ({ ...b, services: [...b.services] }));
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return;
  }
  const report = render(state, opts);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const file = path.join(REPORT_DIR, `triage-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  fs.writeFileSync(file, report);
  console.log(report.split('\n').slice(0, 12).join('\n'));
  console.log(`\nfull report: ${path.relative(process.cwd(), file)}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
