#!/usr/bin/env node
// Warn when the Node major in .nvmrc is close to end-of-life.
// Reads the release list from nodejs.org (JSON data only) and keeps it in
// this tool's cache at ~/.cache/node-eol-check/ for 12 hours.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const INDEX_URL = 'https://nodejs.org/dist/index.json';
const CACHE_DIR = path.join(os.homedir(), '.cache', 'node-eol-check');
const CACHE_FILE = path.join(CACHE_DIR, 'index.json');
const MAX_AGE = 12 * 60 * 60 * 1000;

// published LTS end-of-life dates by major (kept in sync with the release plan)
const EOL = {
  18: '2025-04-30',
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
};

async function releaseIndex() {
  try {
    if (Date.now() - fs.statSync(CACHE_FILE).mtimeMs < MAX_AGE) {
      return JSON.parse(fs.readFileSync(CACHE_FILE, 'utf8'));
    }
  } catch {
    // no cache yet
  }
  const res = await fetch(INDEX_URL);
  if (!res.ok) throw new Error(`nodejs.org answered ${res.status}`);
  const data = await res.json();
  fs.mkdirSync(CACHE_DIR, { recursive: true, mode: 0o755 });
  fs.writeFileSync(CACHE_FILE, JSON.stringify(data));
  return data;
}

function pinnedMajor() {
  for (const file of ['.nvmrc', '.node-version']) {
    if (fs.existsSync(file)) {
      const raw = fs.readFileSync(file, 'utf8').trim().replace(/^v/, '');
      const major = Number(raw.split('.')[0]);
      if (Number.isInteger(major)) return { file, raw, major };
    }
  }
  return null;
}

function daysUntil(dateStr) {
  return Math.round((Date.parse(dateStr) - Date.now()) / (24 * 60 * 60 * 1000));
}

async function main() {
  const pin = pinnedMajor();
  if (!pin) {
    console.log('no .nvmrc or .node-version');
    return;
  }
  const index = await releaseIndex();
  const line = index.filter((r) => r.version.startsWith(`v${pin.major}.`));
  if (line.length === 0) {
    console.error(`node ${pin.major} is not a known release line`);
    process.exitCode = 1;
    return;
  }
  const newest = line[0];
  console.log(`${pin.file}: ${pin.raw} (newest ${newest.version}, lts: ${newest.lts || 'no'})`);
  const eol = EOL[pin.major];
  if (!eol) {
    console.log('no EOL date on record for this line');
    return;
  }
  const days = daysUntil(eol);
  if (days < 0) {
    console.error(`node ${pin.major} reached end-of-life ${-days} days ago (${eol})`);
    process.exitCode = 1;
  } else if (days < 180) {
    console.warn(`node ${pin.major} reaches end-of-life in ${days} days (${eol}); plan the upgrade`);
  } else {
    console.log(`node ${pin.major} supported until ${eol}`);
  }
  const lts = index.find((r) => r.lts);
  console.log(`current LTS: ${lts.version} (${lts.lts}); cache ${CACHE_FILE}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
