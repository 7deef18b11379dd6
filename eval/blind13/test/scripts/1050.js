#!/usr/bin/env node
// Scan GitHub Actions job logs downloaded into ./ci-logs (one .txt per job) and
// report the slowest steps and the first error of each failed job.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { EventEmitter } = require('node:events');
const readline = require('node:readline');

const LOG_DIR = path.resolve(process.argv[2] || 'ci-logs');
const TS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)\s?(.*)$/;

class LogScanner extends EventEmitter {
  scan(file) {
    return new Promise((resolve) => {
      const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
      let step = null;
      rl.on('line', (line) => {
        const m = line.match(TS);
        if (!m) return;
        const [, stamp, text] = m;
        const at = Date.parse(stamp);
        if (text.startsWith('##[group]Run ') || text.startsWith('##[group]')) {
          if (step) this.emit('step', { file, name: step.name, ms: at - step.at });
          step = { name: text.replace(/^##\[group\](Run )?/, '').slice(0, 60), at };
        } else if (text.startsWith('##[error]')) {
          this.emit('error-line', { file, text: text.slice(9) });
        }
      });
      rl.on('close', () => resolve());
    });
  }
}

function collect() {
  const steps = [];
  const errors = new Map();
  const scanner = new LogScanner();
  scanner.on('step', (s) => steps.push(s));
  scanner.on('error-line', ({ file, text }) => {
    if (!errors.has(file)) errors.set(file, text);
  });
  return { scanner, steps, errors };
}

async function main() {
  if (!fs.existsSync(LOG_DIR)) {
    console.error(`no ${LOG_DIR}; download logs with: gh run view <id> --log > ci-logs/job.txt`);
    process.exit(1);
  }
  const files = fs
    .readdirSync(LOG_DIR)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => path.join(LOG_DIR, f));
  const { scanner, steps, errors } = collect();
  await Promise.all(files.map((f) => scanner.scan(f)));

  const slow = [...steps].sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log(`${files.length} job log(s), ${steps.length} step(s)\n`);
  console.log('slowest steps:');
  slow.forEach((s) => console.log(`  ${(s.ms / 1000).toFixed(1).padStart(7)}s  ${path.basename(s.file).padEnd(28)} ${s.name}`));
  const perJob = steps.reduce((acc, s) => {
    acc[s.file] = (acc[s.file] || 0) + s.ms;
    return acc;
  }, {});
  const longest = Object.entries(perJob).sort((a, b) => b[1] - a[1])[0];
  if (longest) {
    console.log(`\nlongest job: ${path.basename(longest[0])} (${(longest[1] / 60000).toFixed(1)} min of steps)`);
  }
  console.log(`\nfailed jobs: ${errors.size}`);
  for (const [file, text] of errors) {
    console.log(`  ${path.basename(file)}: ${text.slice(0, 120)}`);
  }
  const report = { files: files.length, slow, failures: Object.fromEntries(errors) };
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync('reports/ci-log-summary.json', JSON.stringify(report, null, 2));
}

main();
