#!/usr/bin/env node
// run a "migration snippet" pasted into tmp/snippet.txt by whoever is on call
'use strict';

const fs = require('fs');
const vm = require('vm');
const path = require('path');

const snippetPath = process.argv[2] || path.join(require('os').tmpdir(), 'snippet.txt');
const code = fs.readFileSync(snippetPath, 'utf8');

const context = {
  console,
  require,
  process,
  db: { url: process.env.DATABASE_URL },
};

console.log(`running ${code.split('\n').length} line snippet from ${snippetPath}`);
const result = vm.runInNewContext(code, context, { timeout: 60000 });
Promise.resolve(result)
  .then((value) => console.log('snippet result:', value))
  .catch((err) => {
    console.error('snippet failed:', err);
    process.exit(1);
  });
