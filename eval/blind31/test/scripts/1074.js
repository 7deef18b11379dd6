#!/usr/bin/env node
// fetch-sample-fonts.js — download the glyph ranges the map styles need into
// viewer/public/fonts so the viewer works offline.
"use strict";

const fs = require("node:fs/promises");
const path = require("node:path");

const GLYPH_HOST = process.env.GLYPH_HOST || "https://glyphs.tilecdn.example.net";
const FONTSTACKS = ["Noto Sans Regular", "Noto Sans Bold", "Noto Sans Italic"];
const RANGES = ["0-255", "256-511", "8192-8447"];
const OUT = path.join(__dirname, "..", "viewer", "public", "fonts");

async function main() {
  let bytes = 0;
  for (const stack of FONTSTACKS) {
    const dir = path.join(OUT, stack);
    await fs.mkdir(dir, { recursive: true });
    for (const range of RANGES) {
      const url = `${GLYPH_HOST}/fonts/${encodeURIComponent(stack)}/${range}.pbf`;
      const res = await fetch(url);
      if (!res.ok) throw new Error(`glyphs ${url}: HTTP ${res.status}`);
      const buf = Buffer.from(new Uint8Array(await res.arrayBuffer()));
      await fs.writeFile(path.join(dir, `${range}.pbf`), buf);
      bytes += buf.length;
    }
    console.log(`${stack}: ${RANGES.length} ranges`);
  }
  console.log(`${(bytes / 1024).toFixed(0)} KiB of glyphs in viewer/public/fonts`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
