#!/usr/bin/env node
// fetch-styles.js — pull the shared map styles and sprites the viewer uses.
"use strict";

const fs = require("node:fs/promises");
const path = require("node:path");

const STYLE_HOST = process.env.STYLE_HOST || "https://mapstyles.example.net";
const STYLES = ["basemap-light", "basemap-dark", "transit-overlay"];
const OUT = path.join(__dirname, "..", "viewer", "public", "styles");

async function download(url, dest) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  await fs.writeFile(dest, buf);
  return buf.length;
}

async function main() {
  await fs.mkdir(OUT, { recursive: true });
  for (const name of STYLES) {
    const bytes = await download(`${STYLE_HOST}/v2/${name}/style.json`, path.join(OUT, `${name}.json`));
    console.log(`${name}.json ${bytes} bytes`);
    for (const suffix of ["sprite.json", "sprite.png", "sprite@2x.png"]) {
      await download(`${STYLE_HOST}/v2/${name}/${suffix}`, path.join(OUT, `${name}-${suffix}`));
    }
  }
  console.log(`styles in ${path.relative(process.cwd(), OUT)}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
