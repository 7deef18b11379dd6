#!/usr/bin/env node
// Pre-compress build output: writes .gz and .br siblings for text assets
// in ./dist using stream.pipeline, skipping files that are already fresh.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { pipeline } = require('node:stream/promises');

const DIST = path.resolve('dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for await (const entry of await fs.promises.opendir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

function isFresh(src, dest) {
  try {
    return fs.statSync(dest).mtimeMs >= fs.statSync(src).mtimeMs;
  } catch {
    return false;
  }
}

async function compress(src, kind) {
  const dest = `${src}.${kind}`;
  if (isFresh(src, dest)) return { dest, skipped: true, bytes: fs.statSync(dest).size };
  const encoder =
    kind === 'gz'
      ? zlib.createGzip({ level: 9 })
      : zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        });
  const tmp = `${dest}.tmp`;
  await pipeline(fs.createReadStream(src), encoder, fs.createWriteStream(tmp));
  await fs.promises.rename(tmp, dest);
  return { dest, skipped: false, bytes: fs.statSync(dest).size };
}

async function main() {
  if (!fs.existsSync(DIST)) {
    console.error('dist/ does not exist; build first');
    process.exitCode = 1;
    return;
  }
  let original = 0;
  let gz = 0;
  let br = 0;
  let count = 0;
  let skipped = 0;
  for await (const file of files(DIST)) {
    const size = fs.statSync(file).size;
    if (size < MIN_BYTES) continue;
    const [g, b] = await Promise.all([compress(file, 'gz'), compress(file, 'br')]);
    original += size;
    gz += g.bytes;
    br += b.bytes;
    count += 1;
    if (g.skipped && b.skipped) skipped += 1;
  }
  const pct = (n) => (original ? ((100 * n) / original).toFixed(1) : '0.0');
  console.log(`${count} files (${skipped} already fresh)`);
  console.log(`original ${(original / 1024).toFixed(0)} KiB`);
  console.log(`gzip     ${(gz / 1024).toFixed(0)} KiB (${pct(gz)}%)`);
  console.log(`brotli   ${(br / 1024).toFixed(0)} KiB (${pct(br)}%)`);
  if (count === 0) {
    console.log(`no files above ${MIN_BYTES} bytes matched ${COMPRESSIBLE}`);
  }
}

process.on('unhandledRejection', (err) => {
  console.error(err);
  process.exit(1);
});

main();
