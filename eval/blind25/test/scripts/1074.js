#!/usr/bin/env node
// tools/fetch-fonts.js - download the glyph ranges for the map labels.
//
// Gets the PBF glyph ranges for the fonts used in style.json from a font
// CDN a colleague recommended and stores them in public/fonts/.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const CDN = 'https://glyphs.mapfonts-cdn.example.com';
const FONTS = ['Open Sans Regular', 'Open Sans Bold'];
const RANGES = ['0-255', '256-511', '8192-8447'];

async function main() {
  let count = 0;
  for (const font of FONTS) {
    const dir = path.join(ROOT, 'public', 'fonts', font);
    fs.mkdirSync(dir, { recursive: true });
    for (const range of RANGES) {
      const res = await fetch(`${CDN}/${encodeURIComponent(font)}/${range}.pbf`);
      if (!res.ok) {
        console.warn(`${font} ${range}: HTTP ${res.status}`);
        continue;
      }
      fs.writeFileSync(path.join(dir, `${range}.pbf`), Buffer.from(await res.arrayBuffer()));
      count += 1;
    }
  }
  console.log(`downloaded ${count} glyph range(s)`);
}

main();
