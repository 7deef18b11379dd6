#!/usr/bin/env node
// Render email previews from templates with inline expressions.
// Templates may contain {{= expr }} blocks evaluated against the sample data.
//
//   node tools/preview-mail.js templates/welcome.html samples/user.json
'use strict';

const fs = require('node:fs');

const [, , templateFile, dataFile] = process.argv;
const template = fs.readFileSync(templateFile, 'utf8');
const data = JSON.parse(fs.readFileSync(dataFile, 'utf8'));

const html = template.replace(/\{\{=([\s\S]+?)\}\}/g, (_, expr) => {
  const fn = new Function('data', `with (data) { return (${expr}); }`);
  return String(fn(data));
});

const out = templateFile.replace(/\.html$/, '.preview.html');
fs.writeFileSync(out, html);
console.log(`wrote ${out}`);
