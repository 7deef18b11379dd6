#!/usr/bin/env node
// Print the effective configuration the server would boot with: defaults,
// config/*.json, and every environment variable, so config bugs are visible.
'use strict';

const fs = require('fs');
const path = require('path');

const CONFIG_DIR = path.join(process.cwd(), 'config');
const NODE_ENV = process.env.NODE_ENV || 'development';

const defaults = {
  port: 3000,
  logLevel: 'info',
  db: { host: 'localhost', port: 5432, name: 'app_dev' },
};

function deepMerge(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b || {})) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? deepMerge(a[k] || {}, v) : v;
  }
  return out;
}

function fileConfig(name) {
  const p = path.join(CONFIG_DIR, `${name}.json`);
  return fs.existsSync(p) ? JSON.parse(fs.readFileSync(p, 'utf8')) : {};
}

function printTable(obj, prefix = '') {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) printTable(v, key);
    else console.log(`  ${key.padEnd(28)} ${JSON.stringify(v)}`);
  }
}

function main() {
  const merged = [fileConfig('default'), fileConfig(NODE_ENV), fileConfig('local')]
    .reduce(deepMerge, defaults);
  console.log(`effective config (NODE_ENV=${NODE_ENV}):`);
  printTable(merged);
  console.log('\nprocess environment:');
  for (const key of Object.keys(process.env).sort()) {
    console.log(`  ${key}=${process.env[key]}`);
  }
}

main();
