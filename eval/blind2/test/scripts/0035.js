#!/usr/bin/env node
// optimize-images.js - resize and re-encode images from assets/images into public/img
// (webp + avif at 3 widths). The output folder is regenerated from scratch.
'use strict';

const fs = require('fs');
const path = require('path');
const sharp = require('sharp');

const SRC = path.resolve('assets/images');
const OUT = path.resolve('public/img');
const WIDTHS = [480, 960, 1600];
const FORMATS = { webp: { quality: 78 }, avif: { quality: 55 } };

async function processFile(file) {
  const name = path.basename(file, path.extname(file));
  const img = sharp(file);
  const { width } = await img.metadata();
  const outputs = [];
  for (const w of WIDTHS) {
    if (width && w > width) continue;
    for (const [fmt, opts] of Object.entries(FORMATS)) {
      const dest = path.join(OUT, `${name}-${w}.${fmt}`);
      await img.clone().resize({ width: w }).toFormat(fmt, opts).toFile(dest);
      outputs.push(dest);
    }
  }
  return outputs;
}

async function main() {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const files = fs.readdirSync(SRC).filter((f) => /\.(jpe?g|png)$/i.test(f)).map((f) => path.join(SRC, f));
  let before = 0;
  let after = 0;
  for (const f of files) {
    before += fs.statSync(f).size;
    const outs = await processFile(f);
    for (const o of outs) after += fs.statSync(o).size;
    console.log(`${path.basename(f)} -> ${outs.length} variants`);
  }
  const manifest = fs.readdirSync(OUT).sort();
  fs.writeFileSync(path.join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2));
  console.log(`${files.length} images, ${(before / 1e6).toFixed(1)} MB -> ${(after / 1e6).toFixed(1)} MB total variants`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
