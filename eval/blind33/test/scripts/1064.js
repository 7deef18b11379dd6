#!/usr/bin/env node
// Download the community GEDCOM sample pack used by the importer benchmarks.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');

const PACK = process.env.GEDCOM_PACK_URL || 'https://gedcom-samples.example.net/packs/benchmark-v3.tar.gz';
const OUT = path.join(__dirname, '..', 'bench', 'data', 'benchmark-v3.tar.gz');

async function main() {
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  const res = await fetch(PACK);
  if (!res.ok || !res.body) throw new Error(`download failed: ${res.status}`);
  await pipeline(Readable.fromWeb(res.body), fs.createWriteStream(OUT));
  const size = fs.statSync(OUT).size;
  console.log(`saved ${path.relative(process.cwd(), OUT)} (${(size / 1048576).toFixed(1)} MiB)`);
  console.log('extract with: tar -xzf bench/data/benchmark-v3.tar.gz -C bench/data');
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
