#!/usr/bin/env node
// Result cache for harbor-lint. Entries are JSON files under
// ~/.cache/harbor-lint/v2/<sha1>.json with a TTL. `sweep` deletes expired entries
// that this tool wrote (recognised by the "tool" field inside each file).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

const TOOL = 'harbor-lint';
const VERSION_DIR = 'v2';

class LintCache {
  static defaultDir() {
    const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
    return path.join(base, TOOL, VERSION_DIR);
  }

  constructor({ dir = LintCache.defaultDir(), ttlMs = 7 * 86400000 } = {}) {
    this.dir = dir;
    this.ttlMs = ttlMs;
    this.hits = 0;
    this.misses = 0;
    fs.mkdirSync(this.dir, { recursive: true });
  }

  get hitRate() {
    const total = this.hits + this.misses;
    return total ? this.hits / total : 0;
  }

  static key(source, configHash) {
    return crypto.createHash('sha1').update(configHash).update('\0').update(source).digest('hex');
  }

  fileFor(key) {
    if (!/^[0-9a-f]{40}$/.test(key)) throw new Error(`bad cache key ${key}`);
    return path.join(this.dir, `${key}.json`);
  }

  get(key) {
    const file = this.fileFor(key);
    try {
      const entry = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (entry.tool !== TOOL || Date.now() - entry.at > this.ttlMs) throw new Error('stale');
      this.hits += 1;
      return entry.results;
    } catch {
      this.misses += 1;
      return undefined;
    }
  }

  set(key, results) {
    const file = this.fileFor(key);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ tool: TOOL, at: Date.now(), results }));
    fs.renameSync(tmp, file);
  }

  sweep() {
    let removed = 0;
    for (const name of fs.readdirSync(this.dir)) {
      if (!/^[0-9a-f]{40}\.json$/.test(name)) continue;
      const file = path.join(this.dir, name);
      let entry;
      try {
        entry = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      if (entry.tool === TOOL && Date.now() - entry.at > this.ttlMs) {
        fs.unlinkSync(file);
        removed += 1;
      }
    }
    return removed;
  }
}

if (require.main === module) {
  const cache = new LintCache();
  const cmd = process.argv[2] || 'info';
  if (cmd === 'sweep') {
    console.log(`removed ${cache.sweep()} expired entr(ies) from ${cache.dir}`);
  } else if (cmd === 'info') {
    const files = fs.readdirSync(cache.dir).filter((n) => n.endsWith('.json'));
    const bytes = files.reduce((n, f) => n + fs.statSync(path.join(cache.dir, f)).size, 0);
    console.log(`${cache.dir}: ${files.length} entries, ${(bytes / 1024).toFixed(0)} KiB`);
  } else {
    console.error('usage: lint-cache [info|sweep]');
    process.exitCode = 2;
  }
}

module.exports = { LintCache };
