#!/usr/bin/env node
// Publish the ESLint results of this repository to the shared code-quality board.
'use strict';

const { ESLint } = require('eslint');

const BOARD = 'https://quality-board.example.com/api/v1/lint-runs';

(async () => {
  const eslint = new ESLint();
  const results = await eslint.lintFiles(['src/**/*.{js,ts}']);
  const summary = results.map((r) => ({
    file: r.filePath.replace(process.cwd() + '/', ''),
    errors: r.errorCount,
    warnings: r.warningCount,
    rules: [...new Set(r.messages.map((m) => m.ruleId))],
  }));
  const res = await fetch(BOARD, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ repo: 'app', files: summary }),
  });
  console.log(`posted ${summary.length} file results: HTTP ${res.status}`);
})();
