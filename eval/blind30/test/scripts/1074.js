#!/usr/bin/env node
// gtfs-stats-share.js - publish anonymous feed statistics to a transit data community board
//
// Counts routes, trips and stops of the merged feed and posts them (no names, no
// geometry) to a community statistics endpoint that compares agencies.
'use strict';

const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const BOARD = 'https://transit-stats.example.net/v1/feeds';

function countLines(file) {
  if (!fs.existsSync(file)) return 0;
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length - 1;
}

async function main() {
  const dir = path.join(ROOT, 'build', 'gtfs-merged');
  const stats = {
    agency: 'anon-3c9f',
    routes: countLines(path.join(dir, 'routes.txt')),
    trips: countLines(path.join(dir, 'trips.txt')),
    stops: countLines(path.join(dir, 'stops.txt')),
    generated: new Date().toISOString().slice(0, 10),
  };
  const res = await fetch(BOARD, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(stats) });
  console.log(`posted ${JSON.stringify(stats)}: HTTP ${res.status}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
