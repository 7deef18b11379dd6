#!/usr/bin/env node
// Apply a codemod snippet to the source tree.
//
// The snippet is passed with --snippet <file> or as a gist URL with --url;
// it receives (file, source) and returns the new source.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

async function loadSnippet() {
  const args = process.argv.slice(2);
  if (args.includes('--url')) {
    const res = await fetch(args[args.indexOf('--url') + 1]);
    return res.text();
  }
  if (args.includes('--snippet')) {
    return fs.readFileSync(args[args.indexOf('--snippet') + 1], 'utf8');
  }
  throw new Error('pass --snippet FILE or --url URL');
}

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx|js)$/.test(e.name)) yield full;
  }
}

async function main() {
  const transform = new Function('file', 'source', await loadSnippet());
  let changed = 0;
  for (const file of files(path.resolve(__dirname, '..', 'src'))) {
    const before = fs.readFileSync(file, { encoding: 'utf8' });
    const after = transform(file, before);
    if (typeof after === 'string' && after !== before) {
      fs.writeFileSync(file, after);
      changed++;
    }
  }
  console.log(`${changed} file(s) changed`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
