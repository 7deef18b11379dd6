#!/usr/bin/env node
/**
 * scripts/images.js — generate responsive images for the docs site.
 *
 * For every image in content/images/ this writes AVIF + WebP + JPEG variants at
 * the widths in SIZES into public/img/<name>-<width>.<ext>, plus a manifest the
 * <Picture> component reads. ImageMagick (`magick`) is invoked with execFile and
 * argv arrays built from the SIZES/FORMATS tables — no shell. A content-hash
 * cache in ~/.cache/docs-images/ skips unchanged sources between runs.
 */
'use strict';

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const crypto = require('node:crypto');
const fs = require('node:fs/promises');
const fsSync = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'content', 'images');
const OUT = path.join(ROOT, 'public', 'img');
const MANIFEST = path.join(ROOT, 'src', 'generated', 'images.json');
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'docs-images');
const CACHE_FILE = path.join(CACHE_DIR, 'hashes.json');

const SIZES = [320, 640, 960, 1280, 1920];
const FORMATS = {
  avif: ['-quality', '50', '-define', 'heic:speed=6'],
  webp: ['-quality', '78', '-define', 'webp:method=5'],
  jpg: ['-quality', '82', '-interlace', 'Plane', '-sampling-factor', '4:2:0'],
};
const INPUT_EXT = new Set(['.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp']);
const CONCURRENCY = Math.max(1, Math.min(4, os.cpus().length - 1));

async function hashFile(file) {
  const h = crypto.createHash('sha1');
  h.update(await fs.readFile(file));
  h.update(JSON.stringify({ SIZES, FORMATS }));
  return h.digest('hex');
}

async function loadCache() {
  try {
    return JSON.parse(await fs.readFile(CACHE_FILE, 'utf8'));
  } catch {
    return {};
  }
}

async function saveCache(cache) {
  await fs.mkdir(CACHE_DIR, { recursive: true });
  await fs.writeFile(CACHE_FILE, JSON.stringify(cache, null, 2));
}

async function identify(file) {
  const { stdout } = await execFileP('magick', ['identify', '-format', '%w %h', `${file}[0]`]);
  const [w, h] = stdout.trim().split(/\s+/).map(Number);
  return { width: w, height: h };
}

function variantArgs(src, dest, width, fmt) {
  return [
    src,
    '-auto-orient',
    '-strip',
    '-resize', `${width}x>`,
    ...FORMATS[fmt],
    dest,
  ];
}

async function processImage(file, cache, force) {
  const name = path.basename(file, path.extname(file)).toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const hash = await hashFile(file);
  const { width, height } = await identify(file);
  const widths = SIZES.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);
  const entry = { name, width, height, ratio: +(width / height).toFixed(4), variants: {} };
  const upToDate = !force && cache[file] === hash && widths.every((w) =>
    Object.keys(FORMATS).every((fmt) => fsSync.existsSync(path.join(OUT, `${name}-${w}.${fmt}`))));
  for (const fmt of Object.keys(FORMATS)) {
    entry.variants[fmt] = widths.map((w) => ({ width: w, src: `/img/${name}-${w}.${fmt}` }));
  }
  if (upToDate) return { entry, skipped: true };
  for (const w of widths) {
    for (const fmt of Object.keys(FORMATS)) {
      const dest = path.join(OUT, `${name}-${w}.${fmt}`);
      await execFileP('magick', variantArgs(file, dest, w, fmt));
    }
  }
  // tiny blurred placeholder inlined as base64 in the manifest
  const { stdout } = await execFileP('magick', [file, '-resize', '16x', '-blur', '0x2', '-quality', '40', 'webp:-'], {
    encoding: 'buffer',
    maxBuffer: 1 << 20,
  });
  entry.placeholder = `data:image/webp;base64,${stdout.toString('base64')}`;
  cache[file] = hash;
  return { entry, skipped: false };
}

async function pool(items, limit, worker) {
  const results = new Array(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const i = next++;
      results[i] = await worker(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

async function removeOrphans(keepNames) {
  const files = await fs.readdir(OUT).catch(() => []);
  let removed = 0;
  for (const f of files) {
    const base = f.replace(/-\d+\.(avif|webp|jpg)$/, '');
    if (base !== f && !keepNames.has(base)) {
      await fs.unlink(path.join(OUT, f));
      removed++;
    }
  }
  return removed;
}

function report(manifest) {
  // warn about very large sources that slow down every build
  const big = Object.values(manifest).filter((e) => e.width > 4000 || e.height > 4000);
  for (const e of big) {
    console.warn(`warning: ${e.name} is ${e.width}x${e.height}; consider downscaling the source`);
  }
  const variants = Object.values(manifest).reduce(
    (n, e) => n + Object.values(e.variants).reduce((m, v) => m + v.length, 0),
    0,
  );
  console.log(`${Object.keys(manifest).length} image(s), ${variants} variant(s)`);
}

async function main() {
  const force = process.argv.includes('--force');
  const prune = process.argv.includes('--prune');
  if (process.argv.includes('--clear-cache')) {
    await fs.rm(CACHE_DIR, { recursive: true, force: true });
    console.log(`cleared ${CACHE_DIR}`);
  }
  try {
    await execFileP('magick', ['-version']);
  } catch {
    console.error('ImageMagick 7 (`magick`) is required');
    process.exit(1);
  }
  await fs.mkdir(OUT, { recursive: true });
  await fs.mkdir(path.dirname(MANIFEST), { recursive: true });
  const sources = (await fs.readdir(SRC))
    .filter((f) => INPUT_EXT.has(path.extname(f).toLowerCase()))
    .map((f) => path.join(SRC, f))
    .sort();
  const cache = await loadCache();
  const started = Date.now();
  const results = await pool(sources, CONCURRENCY, async (file) => {
    const r = await processImage(file, cache, force);
    console.log(`${r.skipped ? 'skip' : 'done'} ${path.relative(ROOT, file)}`);
    return r;
  });
  const manifest = Object.fromEntries(results.map((r) => [r.entry.name, r.entry]));
  await fs.writeFile(MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
  await saveCache(cache);
  report(manifest);
  if (prune) {
    const n = await removeOrphans(new Set(Object.keys(manifest)));
    console.log(`pruned ${n} orphaned variant(s)`);
  }
  const built = results.filter((r) => !r.skipped).length;
  console.log(`${built} built, ${results.length - built} cached, ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

main().catch((err) => {
  console.error(err.stderr?.toString() || err.message);
  process.exit(1);
});
