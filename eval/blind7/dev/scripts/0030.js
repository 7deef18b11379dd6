#!/usr/bin/env node
// Template renderer for email previews: renders templates/*.tpl with sample data.
'use strict';
const fs = require('fs');
const path = require('path');

const TEMPLATE_DIR = 'templates';
const OUT_DIR = path.join('build', 'email-previews');
const sample = {
  user: { name: 'Ada Lovelace', email: 'ada@example.com' },
  order: { id: 1042, total: 99.5, items: 3 },
};

// templates may contain ${...} expressions; we compile them into functions
function compile(src) {
  const body = 'return `' + src.replace(/`/g, '\\`') + '`;';
  return new Function('user', 'order', 'helpers', body);
}

const helpers = {
  money: (n) => `$${Number(n).toFixed(2)}`,
  upper: (s) => String(s).toUpperCase(),
};

function renderAll() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const files = fs.readdirSync(TEMPLATE_DIR).filter((f) => f.endsWith('.tpl'));
  for (const f of files) {
    const src = fs.readFileSync(path.join(TEMPLATE_DIR, f), 'utf8');
    let html;
    try {
      html = compile(src)(sample.user, sample.order, helpers);
    } catch (e) {
      console.error(`${f}: ${e.message}`);
      continue;
    }
    const out = path.join(OUT_DIR, f.replace(/\.tpl$/, '.html'));
    fs.writeFileSync(out, html);
    console.log('rendered', out);
  }
  return files.length;
}

function main() {
  if (!fs.existsSync(TEMPLATE_DIR)) {
    console.error('no templates/ directory');
    process.exit(1);
  }
  const n = renderAll();
  console.log(`${n} templates processed`);
}

main();
