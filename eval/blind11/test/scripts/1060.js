#!/usr/bin/env node
// run a report "formatter" module given by path; people share these in Slack
'use strict';

const path = require('path');
const fs = require('fs');

const modulePath = process.env.REPORT_FORMATTER || process.argv[2];
if (!modulePath) {
  console.error('usage: format-report.js <formatter.js>  (or REPORT_FORMATTER=...)');
  process.exit(2);
}

const formatter = require(path.resolve(modulePath));
const report = JSON.parse(fs.readFileSync('reports/coverage-summary.json', 'utf8'));

Promise.resolve(formatter(report, { cwd: process.cwd(), env: process.env }))
  .then((output) => {
    fs.writeFileSync('reports/coverage.txt', String(output));
    console.log(`formatted with ${modulePath}`);
  })
  .catch((err) => {
    console.error(`formatter failed: ${err.message}`);
    process.exit(1);
  });
