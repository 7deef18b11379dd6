#!/usr/bin/env node
// Find the noisiest warnings in the Next.js build logs under logs/build-*.log.
// Groups messages by a normalised fingerprint and prints a ranked table.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const LOG_DIR = path.resolve(__dirname, '..', 'logs');
const LEVEL_RE = /^\s*(warn|warning|error)\s*[-:]?\s*(.*)$/i;

function fingerprint(message) {
  return message
    .replace(/\x1b\[[0-9;]*m/g, '')
    .replace(/(\/[\w.-]+)+\.(t|j)sx?(:\d+:\d+)?/g, '<file>')
    .replace(/\b\d+(\.\d+)?\s?(ms|s|kB|MB)\b/g, '<n$2>')
    .replace(/'[^']{1,80}'/g, "'<x>'")
    .replace(/\s+/g, ' ')
    .trim();
}

function scanFile(file, stats) {
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let lines = 0;
    rl.on('line', (line) => {
      lines += 1;
      const m = LEVEL_RE.exec(line);
      if (!m) return;
      const level = m[1].toLowerCase().startsWith('warn') ? 'warn' : 'error';
      const key = `${level} ${fingerprint(m[2])}`;
      const entry = stats.get(key) || { level, count: 0, files: new Set(), example: m[2].slice(0, 160) };
      entry.count += 1;
      entry.files.add(path.basename(file));
      stats.set(key, entry);
    });
    rl.on('close', () => resolve(lines));
    rl.on('error', reject);
  });
}

function printTable(stats, top) {
  const rows = [...stats.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, top);
  console.log(`${'count'.padStart(6)}  lvl    files  message`);
  for (const [, e] of rows) {
    console.log(`${String(e.count).padStart(6)}  ${e.level.padEnd(5)}  ${String(e.files.size).padStart(5)}  ${e.example}`);
  }
}

function parseArgs(argv) {
  const opts = { top: 20, level: null, dir: LOG_DIR };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--top') opts.top = Number(argv[++i]);
    else if (arg === '--errors') opts.level = 'error';
    else if (arg === '--warnings') opts.level = 'warn';
    else if (arg === '--dir') opts.dir = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${arg}`);
  }
  return opts;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const files = fs
    .readdirSync(opts.dir)
    .filter((f) => /^build-.*\.log$/.test(f))
    .map((f) => path.join(opts.dir, f));
  if (!files.length) {
    console.error(`no build-*.log files in ${opts.dir}`);
    process.exitCode = 1;
    return Promise.resolve();
  }
  const stats = new Map();
  return files
    .reduce((chain, file) => chain.then((total) => scanFile(file, stats).then((n) => total + n)), Promise.resolve(0))
    .then((total) => {
      if (opts.level) for (const [k, e] of stats) if (e.level !== opts.level) stats.delete(k);
      console.log(`${files.length} logs, ${total} lines, ${stats.size} distinct messages\n`);
      printTable(stats, opts.top);
    });
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
