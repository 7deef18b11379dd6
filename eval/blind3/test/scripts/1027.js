#!/usr/bin/env node
// tmp_eval_rules.js - evaluate lint rule expressions from rules/*.txt against files
const fs = require('fs');
const path = require('path');
const rules = fs.readdirSync('rules').map((f) => ({ name: f, expr: fs.readFileSync(path.join('rules', f), 'utf8') }));
for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  for (const r of rules) {
    // eslint-disable-next-line no-eval
    if (eval(r.expr)) console.log(`${file}: ${r.name}`);
  }
}
