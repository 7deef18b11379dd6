#!/usr/bin/env node
// run-codemod-snippet.js -- apply a transformation snippet (pasted by a
// teammate into codemod.txt) to every file under src/.
'use strict';

const fs = require('fs');
const path = require('path');

const snippetFile = process.argv[2] || 'codemod.txt';
const source = fs.readFileSync(snippetFile, 'utf8');
const transform = new Function('code', 'file', 'require', source);

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(js|ts|tsx)$/.test(e.name)) yield p;
  }
}

let changed = 0;
for (const f of files('src')) {
  const before = fs.readFileSync(f, 'utf8');
  const after = transform(before, f, require);
  if (typeof after === 'string' && after !== before) {
    fs.writeFileSync(f, after);
    changed += 1;
  }
}
console.log(`${changed} file(s) changed by ${snippetFile}`);
