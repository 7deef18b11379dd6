#!/usr/bin/env node
// Generate src/config/env-keys.js and docs/env.md from .env.example so config stays documented.
'use strict';

const fs = require('fs');
const path = require('path');

const EXAMPLE = '.env.example';
const JS_OUT = path.join('src', 'config', 'env-keys.js');
const MD_OUT = path.join('docs', 'env.md');

function parse(text) {
  const entries = [];
  let comment = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#')) {
      comment.push(line.replace(/^#\s?/, ''));
      continue;
    }
    const m = line.match(/^([A-Z][A-Z0-9_]*)=(.*)$/);
    if (m) {
      entries.push({ key: m[1], example: m[2], doc: comment.join(' ') });
    }
    comment = [];
  }
  return entries;
}

function renderJs(entries) {
  const lines = entries.map((e) => `  ${e.key}: '${e.key}',`);
  return `// Generated from ${EXAMPLE} by tools/gen-env.js\n'use strict';\n\nmodule.exports = Object.freeze({\n${lines.join('\n')}\n});\n`;
}

function renderMd(entries) {
  const rows = entries.map((e) => `| \`${e.key}\` | ${e.doc || ''} | \`${e.example}\` |`);
  return `# Environment variables\n\n| Name | Description | Example |\n| --- | --- | --- |\n${rows.join('\n')}\n`;
}

function writeIfChanged(file, text) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (old === text) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return true;
}

function main() {
  const entries = parse(fs.readFileSync(EXAMPLE, 'utf8'));
  const a = writeIfChanged(JS_OUT, renderJs(entries));
  const b = writeIfChanged(MD_OUT, renderMd(entries));
  console.log(`${entries.length} keys; ${JS_OUT} ${a ? 'updated' : 'unchanged'}, ${MD_OUT} ${b ? 'updated' : 'unchanged'}`);
  if (process.argv.includes('--check') && (a || b)) process.exit(1);
}

main();
