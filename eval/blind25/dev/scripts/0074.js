#!/usr/bin/env node
// tools/style-expr.js - evaluate map style filter expressions against sample features.
//
// Expressions come from a file given on the command line or from the
// STYLE_EXPR_FILE environment variable; each line is a JS expression over
// `f` (the feature properties) that should return true/false.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const exprFile = process.argv[2] || process.env.STYLE_EXPR_FILE;
if (!exprFile) {
  console.error('usage: style-expr.js EXPR_FILE (or set STYLE_EXPR_FILE)');
  process.exit(2);
}

const features = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'sample-features.json'), 'utf8'));
const lines = fs
  .readFileSync(exprFile, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('//'));

for (const src of lines) {
  const fn = new Function('f', `return (${src});`);
  const hits = features.filter((feat) => {
    try {
      return Boolean(fn(feat.properties));
    } catch {
      return false;
    }
  });
  console.log(`${String(hits.length).padStart(5)}  ${src}`);
}
