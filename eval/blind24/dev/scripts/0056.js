#!/usr/bin/env node
// optimize-images.js -- resize and re-encode images in src/assets with sharp.
//
//   node scripts/optimize-images.js            # dry run: report savings
//   node scripts/optimize-images.js --apply    # rewrite, originals to .image-backup/
//   node scripts/optimize-images.js --restore  # undo the last --apply
//
// Generates .webp and .avif siblings for responsive <picture> tags. Settings
// come from the "images" key in package.json.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const os = require('node:os');

let sharp;
try {
  sharp = require('sharp');
} catch {
  console.error('optimize-images: npm i -D sharp');
  process.exit(1);
}

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src', 'assets');
const BACKUP_ROOT = path.join(ROOT, '.image-backup');
const EXTS = new Set(['.jpg', '.jpeg', '.png']);
const DEFAULTS = { maxWidth: 1920, jpegQuality: 80, webpQuality: 76, avifQuality: 50, avif: true };

const args = new Set(process.argv.slice(2));
const APPLY = args.has('--apply');

function settings() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return { ...DEFAULTS, ...(pkg.images || {}) };
}

async function* images(dir) {
  for (const e of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* images(full);
    else if (EXTS.has(path.extname(e.name).toLowerCase())) yield full;
  }
}

function fmtBytes(n) {
  if (n > 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  if (n > 1 << 10) return `${(n / (1 << 10)).toFixed(0)} KiB`;
  return `${n} B`;
}

function insideSrc(p) {
  const rel = path.relative(SRC, p);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function optimiseBuffer(file, cfg) {
  const input = await fsp.readFile(file);
  const img = sharp(input, { failOn: 'error' }).rotate();
  const meta = await img.metadata();
  let pipeline = img;
  if (meta.width && meta.width > cfg.maxWidth) {
    pipeline = pipeline.resize({ width: cfg.maxWidth, withoutEnlargement: true });
  }
  const ext = path.extname(file).toLowerCase();
  const main =
    ext === '.png'
      ? await pipeline.clone().png({ compressionLevel: 9, palette: true }).toBuffer()
      : await pipeline.clone().jpeg({ quality: cfg.jpegQuality, mozjpeg: true }).toBuffer();
  const webp = await pipeline.clone().webp({ quality: cfg.webpQuality }).toBuffer();
  const avif = cfg.avif ? await pipeline.clone().avif({ quality: cfg.avifQuality }).toBuffer() : null;
  return { input, main, webp, avif, width: meta.width };
}

async function backup(file, stampDir) {
  const dest = path.join(stampDir, path.relative(ROOT, file));
  await fsp.mkdir(path.dirname(dest), { recursive: true });
  await fsp.copyFile(file, dest);
}

async function restore() {
  if (!fs.existsSync(BACKUP_ROOT)) throw new Error('no backups yet');
  const stamps = (await fsp.readdir(BACKUP_ROOT)).sort();
  const last = stamps[stamps.length - 1];
  if (!last) throw new Error('no backups yet');
  const dir = path.join(BACKUP_ROOT, last);
  let n = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const e of await fsp.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) {
        stack.push(full);
        continue;
      }
      const target = path.join(ROOT, path.relative(dir, full));
      if (!insideSrc(target)) throw new Error(`backup entry escapes src/assets: ${target}`);
      await fsp.copyFile(full, target);
      for (const sib of ['.webp', '.avif']) {
        await fsp.rm(target.replace(/\.[^.]+$/, sib), { force: true });
      }
      n += 1;
    }
  }
  console.log(`restored ${n} files from ${last}`);
}

async function pruneBackups(keep = 3) {
  if (!fs.existsSync(BACKUP_ROOT)) return;
  const stamps = (await fsp.readdir(BACKUP_ROOT)).sort();
  for (const old of stamps.slice(0, Math.max(0, stamps.length - keep))) {
    await fsp.rm(path.join(BACKUP_ROOT, old), { recursive: true, force: true });
    console.log(`pruned backup ${old}`);
  }
}

function writeManifest(entries) {
  // src/assets/images.json lets components pick width/format without probing
  const manifest = {};
  for (const e of entries) {
    manifest[path.relative(SRC, e.file).split(path.sep).join('/')] = {
      width: e.width,
      webp: true,
      avif: e.avif,
    };
  }
  const out = path.join(SRC, 'images.json');
  fs.writeFileSync(out, JSON.stringify(manifest, null, 2) + '\n');
  return out;
}

function gitDirty() {
  try {
    const { execFileSync } = require('node:child_process');
    const out = execFileSync('git', ['status', '--porcelain', '--', 'src/assets'], { cwd: ROOT, encoding: 'utf8' });
    return out.trim().length > 0;
  } catch {
    return false;
  }
}

async function main() {
  if (args.has('--restore')) return restore();
  if (APPLY && gitDirty() && !args.has('--allow-dirty')) {
    throw new Error('src/assets has uncommitted changes; commit first or pass --allow-dirty');
  }
  const cfg = settings();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const stampDir = path.join(BACKUP_ROOT, stamp);
  let before = 0;
  let after = 0;
  let count = 0;
  const done = [];
  const concurrency = Math.max(1, Math.min(4, os.cpus().length));
  const queue = [];
  for await (const file of images(SRC)) queue.push(file);
  async function worker() {
    while (queue.length) {
      const file = queue.shift();
      try {
        const r = await optimiseBuffer(file, cfg);
        const smaller = r.main.length < r.input.length;
        before += r.input.length;
        after += smaller ? r.main.length : r.input.length;
        const rel = path.relative(ROOT, file);
        console.log(`${rel}: ${fmtBytes(r.input.length)} -> ${fmtBytes(smaller ? r.main.length : r.input.length)}`);
        if (!APPLY) continue;
        await backup(file, stampDir);
        if (smaller) await fsp.writeFile(file, r.main);
        await fsp.writeFile(file.replace(/\.[^.]+$/, '.webp'), r.webp);
        if (r.avif) await fsp.writeFile(file.replace(/\.[^.]+$/, '.avif'), r.avif);
        done.push({ file, width: r.width, avif: Boolean(r.avif) });
        count += 1;
      } catch (err) {
        console.error(`skipping ${file}: ${err.message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  console.log(`total ${fmtBytes(before)} -> ${fmtBytes(after)}`);
  if (APPLY) {
    writeManifest(done);
    await pruneBackups();
    console.log(`${count} files rewritten; undo with --restore`);
  } else {
    console.log('dry run; pass --apply to write');
  }
}

main().catch((err) => {
  console.error(`optimize-images: ${err.message}`);
  process.exit(1);
});
