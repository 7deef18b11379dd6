#!/usr/bin/env node
// tools/render-seo.js - run the SEO checks over the built pages. Check rules
// come as a plugin bundle so the marketing team can update them without a
// release of this repo.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createRequire } = require('node:module');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const CACHE = path.join(os.homedir(), '.cache', 'seo-rules');

const source = {
  host: 'plugins.example.com',
  channel: 'stable',
  get url() {
    return `https://${this.host}/seo-rules/${this.channel}/plugin.js`;
  },
};

async function fetchRules() {
  fs.mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `${source.channel}.js`);
  const res = await fetch(source.url);
  if (!res.ok) throw new Error(`rules download failed: ${res.status}`);
  fs.writeFileSync(file, await res.text());
  return file;
}

function loadRules(file) {
  const req = createRequire(path.join(CACHE, 'index.js'));
  const mod = req(`./${path.basename(file)}`);
  return mod.rules || [];
}

function htmlFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...htmlFiles(p));
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out;
}

function builtinRules() {
  return [
    { id: 'title', test: (h) => /<title>[^<]{10,70}<\/title>/i.test(h), msg: 'title missing or wrong length' },
    { id: 'description', test: (h) => /<meta name="description" content="[^"]{50,160}"/i.test(h), msg: 'meta description' },
    { id: 'h1', test: (h) => (h.match(/<h1[\s>]/gi) || []).length === 1, msg: 'exactly one h1' },
    { id: 'lang', test: (h) => /<html[^>]+lang="/i.test(h), msg: 'html lang attribute' },
  ];
}

async function main() {
  let rules = builtinRules();
  try {
    rules = rules.concat(loadRules(await fetchRules()));
  } catch (err) {
    console.warn(`using builtin rules only: ${err.message}`);
  }
  let failures = 0;
  for (const file of htmlFiles(DIST)) {
    const html = fs.readFileSync(file, 'utf8');
    const failed = rules.filter((r) => !r.test(html));
    if (failed.length) {
      failures += failed.length;
      console.log(`${path.relative(DIST, file)}: ${failed.map((r) => r.msg).join('; ')}`);
    }
  }
  console.log(`${failures} issue(s) across ${rules.length} rule(s)`);
  process.exitCode = failures ? 1 : 0;
}

main();
