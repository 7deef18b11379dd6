#!/usr/bin/env node
// Render email templates in templates/email with sample data for visual review.
'use strict';

const fs = require('fs');
const path = require('path');

const TEMPLATES = path.resolve('templates/email');
const OUT = path.resolve('build/email-preview');
const SAMPLE = {
  user: { name: 'Ada Lovelace', email: 'ada@example.com' },
  order: { id: 'A-1042', total: 129.5, items: 3 },
  formatMoney: (n) => `EUR ${n.toFixed(2)}`,
};

function render(template, data) {
  // templates use JS template-literal syntax, e.g. ${user.name}
  const keys = Object.keys(data);
  const fn = new Function(...keys, 'return `' + template + '`;');
  return fn(...keys.map((k) => data[k]));
}

function wrap(title, body) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

function main() {
  if (!fs.existsSync(TEMPLATES)) {
    console.error('no templates in', TEMPLATES);
    process.exit(1);
  }
  fs.mkdirSync(OUT, { recursive: true });
  const files = fs.readdirSync(TEMPLATES).filter((f) => f.endsWith('.html'));
  const index = [];
  for (const f of files) {
    const src = fs.readFileSync(path.join(TEMPLATES, f), 'utf8');
    try {
      const html = wrap(f, render(src, SAMPLE));
      fs.writeFileSync(path.join(OUT, f), html);
      index.push(`<li><a href="${f}">${f}</a></li>`);
      console.log('rendered', f);
    } catch (e) {
      console.error(`failed ${f}: ${e.message}`);
      process.exitCode = 1;
    }
  }
  fs.writeFileSync(path.join(OUT, 'index.html'), wrap('previews', `<ul>${index.join('')}</ul>`));
  console.log(`open ${path.join(OUT, 'index.html')}`);
}

main();
