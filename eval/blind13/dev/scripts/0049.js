#!/usr/bin/env node
// Cache layer for the image-optimizer build step. Results live in
// ~/.cache/pantry-imgopt/<hash>.webp; `--gc` removes entries this tool wrote
// that have not been used for N days (tracked in index.json next to them).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'pantry-imgopt');
const INDEX = path.join(CACHE_DIR, 'index.json');

class ImageCache {
  static #instance = null;

  static get() {
    if (!ImageCache.#instance) ImageCache.#instance = new ImageCache(CACHE_DIR);
    return ImageCache.#instance;
  }

  constructor(dir) {
    this.dir = dir;
    fs.mkdirSync(dir, { recursive: true });
    this.index = fs.existsSync(INDEX) ? JSON.parse(fs.readFileSync(INDEX, 'utf8')) : {};
    this.dirty = false;
  }

  static keyFor(buffer, options) {
    return crypto.createHash('sha256').update(buffer).update(JSON.stringify(options)).digest('hex');
  }

  pathFor(key) {
    return path.join(this.dir, `${key}.webp`);
  }

  lookup(key) {
    const file = this.pathFor(key);
    if (!this.index[key] || !fs.existsSync(file)) return null;
    this.index[key].lastUsed = Date.now();
    this.dirty = true;
    return file;
  }

  store(key, data) {
    const file = this.pathFor(key);
    fs.writeFileSync(file, data);
    this.index[key] = { created: Date.now(), lastUsed: Date.now(), bytes: data.length };
    this.dirty = true;
    return file;
  }

  gc(maxAgeDays) {
    const cutoff = Date.now() - maxAgeDays * 86400000;
    let removed = 0;
    let bytes = 0;
    for (const [key, meta] of Object.entries(this.index)) {
      if (meta.lastUsed >= cutoff) continue;
      const file = this.pathFor(key);
      if (path.dirname(file) !== this.dir) continue;
      fs.rmSync(file, { force: true });
      bytes += meta.bytes || 0;
      removed += 1;
      delete this.index[key];
      this.dirty = true;
    }
    return { removed, bytes };
  }

  flush() {
    if (!this.dirty) return;
    const tmp = `${INDEX}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.index));
    fs.renameSync(tmp, INDEX);
    this.dirty = false;
  }

  get stats() {
    const entries = Object.values(this.index);
    return { entries: entries.length, bytes: entries.reduce((n, e) => n + (e.bytes || 0), 0) };
  }
}

function main(argv) {
  const cache = ImageCache.get();
  const gcIdx = argv.indexOf('--gc');
  if (gcIdx !== -1) {
    const days = Number(argv[gcIdx + 1] || 30);
    const { removed, bytes } = cache.gc(days);
    console.log(`removed ${removed} entr${removed === 1 ? 'y' : 'ies'} (${(bytes / 1048576).toFixed(1)} MiB)`);
  }
  const { entries, bytes } = cache.stats;
  console.log(`${CACHE_DIR}: ${entries} entries, ${(bytes / 1048576).toFixed(1)} MiB`);
  cache.flush();
}

module.exports = { ImageCache };
if (require.main === module) main(process.argv.slice(2));
