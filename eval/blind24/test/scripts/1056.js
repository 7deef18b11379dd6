#!/usr/bin/env node
/*
 * encode-images.js -- produce WebP/AVIF siblings for the images in static/
 * using the cwebp and avifenc command-line encoders (no native npm modules).
 *
 *   node scripts/encode-images.js             # encode what is missing or stale
 *   node scripts/encode-images.js --force     # re-encode everything
 *   node scripts/encode-images.js --report    # sizes only, encode nothing
 *   node scripts/encode-images.js --clean     # remove generated .webp/.avif we made
 *
 * Originals are never modified. Generated files are tracked in
 * static/.encoded.json so --clean removes only what this script created.
 */
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFile } = require('child_process');
const { promisify } = require('util');

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const STATIC = path.join(ROOT, 'static');
const LEDGER = path.join(STATIC, '.encoded.json');
const SOURCE_EXT = new Set(['.png', '.jpg', '.jpeg']);
const opts = new Set(process.argv.slice(2));

const ENCODERS = {
  webp: (src, out) => ['cwebp', ['-quiet', '-mt', '-q', '78', '-metadata', 'none', src, '-o', out]],
  avif: (src, out) => ['avifenc', ['--jobs', 'all', '--min', '18', '--max', '30', '--speed', '6', src, out]],
};

async function which(bin) {
  try {
    await run('sh', ['-c', 'command -v "$1"', 'sh', bin]);
    return true;
  } catch {
    return false;
  }
}

function loadLedger() {
  try {
    return JSON.parse(fs.readFileSync(LEDGER, 'utf8'));
  } catch {
    return { files: {} };
  }
}

function saveLedger(ledger) {
  const tmp = `${LEDGER}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(ledger, null, 1));
  fs.renameSync(tmp, LEDGER);
}

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (SOURCE_EXT.has(path.extname(e.name).toLowerCase())) yield p;
  }
}

function target(src, format) {
  return src.replace(/\.[^.]+$/, `.${format}`);
}

function stale(src, out) {
  if (!fs.existsSync(out)) return true;
  return fs.statSync(out).mtimeMs < fs.statSync(src).mtimeMs;
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KiB`;
}

async function pool(items, limit, worker) {
  const results = [];
  let i = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (i < items.length) {
      const idx = i++;
      results[idx] = await worker(items[idx]);
    }
  });
  await Promise.all(runners);
  return results;
}

function insideStatic(p) {
  const rel = path.relative(STATIC, p);
  return Boolean(rel) && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function clean(ledger) {
  let removed = 0;
  for (const out of Object.keys(ledger.files)) {
    const abs = path.join(ROOT, out);
    if (!insideStatic(abs)) continue;
    if (fs.existsSync(abs)) {
      fs.unlinkSync(abs);
      removed += 1;
    }
    delete ledger.files[out];
  }
  saveLedger(ledger);
  console.log(`removed ${removed} generated file(s)`);
}

function report(sources) {
  let orig = 0;
  let webp = 0;
  let avif = 0;
  for (const src of sources) {
    orig += fs.statSync(src).size;
    if (fs.existsSync(target(src, 'webp'))) webp += fs.statSync(target(src, 'webp')).size;
    if (fs.existsSync(target(src, 'avif'))) avif += fs.statSync(target(src, 'avif')).size;
  }
  console.log(`originals ${kb(orig)}, webp ${kb(webp)}, avif ${kb(avif)} across ${sources.length} images`);
}

function untracked(ledger) {
  // .webp/.avif files next to sources that we did not create (hand-made exports)
  const known = new Set(Object.keys(ledger.files));
  const found = [];
  for (const src of walk(STATIC)) {
    for (const f of ['webp', 'avif']) {
      const out = path.relative(ROOT, target(src, f));
      if (fs.existsSync(path.join(ROOT, out)) && !known.has(out)) found.push(out);
    }
  }
  return found;
}

async function main() {
  if (!fs.existsSync(STATIC)) throw new Error('static/ not found');
  if (opts.has('--untracked')) {
    for (const f of untracked(loadLedger())) console.log(f);
    return;
  }
  const ledger = loadLedger();
  if (opts.has('--clean')) return clean(ledger);
  const sources = [...walk(STATIC)];
  if (opts.has('--report')) return report(sources);
  const formats = [];
  for (const f of Object.keys(ENCODERS)) {
    const [bin] = ENCODERS[f]('', '');
    if (await which(bin)) formats.push(f);
    else console.warn(`${bin} not found; skipping ${f}`);
  }
  if (!formats.length) throw new Error('no encoders available (install webp and libavif-bin)');
  const jobs = [];
  for (const src of sources) {
    for (const f of formats) {
      const out = target(src, f);
      if (opts.has('--force') || stale(src, out)) jobs.push({ src, out, f });
    }
  }
  console.log(`${jobs.length} encode job(s) on ${os.cpus().length} cpus`);
  const failures = [];
  await pool(jobs, Math.max(1, os.cpus().length - 1), async (job) => {
    const [bin, args] = ENCODERS[job.f](job.src, job.out);
    try {
      await run(bin, args, { maxBuffer: 1 << 20 });
      ledger.files[path.relative(ROOT, job.out)] = { from: path.relative(ROOT, job.src), at: Date.now() };
      if (fs.statSync(job.out).size >= fs.statSync(job.src).size) {
        // no gain: drop the sibling so the <picture> falls back to the original
        fs.unlinkSync(job.out);
        delete ledger.files[path.relative(ROOT, job.out)];
      }
    } catch (err) {
      failures.push(`${path.relative(ROOT, job.src)} -> ${job.f}: ${err.message.split('\n')[0]}`);
    }
  });
  saveLedger(ledger);
  report(sources);
  if (failures.length) {
    for (const f of failures) console.error(`failed: ${f}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(`encode-images: ${err.message}`);
  process.exit(1);
});
