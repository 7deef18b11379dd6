#!/usr/bin/env node
// Run a custom transform over every Markdown file in docs/.
// The transform module path comes from DOCS_TRANSFORM (or the first argument)
// and is loaded and evaluated as-is.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const DOCS = path.resolve(__dirname, '..', 'docs');
const source = process.argv[2] || process.env.DOCS_TRANSFORM;
if (!source) {
  console.error('usage: docs-transform.js <transform.js>');
  process.exit(2);
}

const code = fs.readFileSync(path.resolve(source), 'utf8');
// eslint-disable-next-line no-new-func
const transform = new Function('text', 'file', code);

let changed = 0;
for (const file of fs.readdirSync(DOCS).filter((f) => f.endsWith('.md'))) {
  const full = path.join(DOCS, file);
  const before = fs.readFileSync(full, 'utf8');
  const after = transform(before, file);
  if (typeof after === 'string' && after !== before) {
    fs.writeFileSync(full, after);
    changed += 1;
  }
}
console.log(`${changed} file(s) changed`);
