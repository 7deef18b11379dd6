#!/usr/bin/env node
// Streaming lint for big GTFS feeds (stop_times.txt with tens of millions of rows).
//
//   node tools/gtfs-lint.js build/gtfs/            # unpacked feed folder
//   node tools/gtfs-lint.js build/gtfs/ --json build/gtfs-lint.json
//
// Reads every table line by line (readline), so memory stays flat. Checks:
//   - header columns required by the spec
//   - dangling references (trip -> route, stop_time -> trip/stop)
//   - stop_times: sequence increasing, times non-decreasing, HH:MM:SS format
//   - shapes: distance traveled non-decreasing
//   - calendar: start_date <= end_date, at least one weekday
// Exit code 1 when errors were found.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const REQUIRED = {
  'agency.txt': ['agency_name', 'agency_url', 'agency_timezone'],
  'stops.txt': ['stop_id'],
  'routes.txt': ['route_id', 'route_type'],
  'trips.txt': ['route_id', 'service_id', 'trip_id'],
  'stop_times.txt': ['trip_id', 'stop_id', 'stop_sequence'],
};
const TIME_RE = /^\d{1,2}:[0-5]\d:[0-5]\d$/;
const MAX_EXAMPLES = 15;

class Report {
  constructor() {
    this.counts = new Map();
    this.examples = new Map();
  }
  add(severity, code, detail) {
    const key = `${severity}:${code}`;
    this.counts.set(key, (this.counts.get(key) || 0) + 1);
    const ex = this.examples.get(key) || [];
    if (ex.length < MAX_EXAMPLES) ex.push(detail);
    this.examples.set(key, ex);
  }
  total(severity) {
    let n = 0;
    for (const [key, count] of this.counts) if (key.startsWith(severity)) n += count;
    return n;
  }
  toJSON() {
    return [...this.counts].map(([key, count]) => ({ key, count, examples: this.examples.get(key) }));
  }
}

function splitCsv(line) {
  // GTFS allows quoted fields with commas; handle the simple RFC 4180 cases.
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === ',') { out.push(cur); cur = ''; }
    else if (ch === '"') quoted = true;
    else cur += ch;
  }
  out.push(cur);
  return out;
}

async function* rows(file) {
  const rl = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let header = null;
  let lineNo = 0;
  for await (let line of rl) {
    lineNo++;
    if (lineNo === 1) line = line.replace(/^\uFEFF/, '');
    if (!line.trim()) continue;
    const cells = splitCsv(line);
    if (!header) { header = cells.map((c) => c.trim()); yield { header }; continue; }
    const row = {};
    header.forEach((h, i) => { row[h] = cells[i] ?? ''; });
    yield { row, lineNo };
  }
}

function seconds(t) {
  const [h, m, s] = t.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

async function collectIds(dir, table, column, report) {
  const ids = new Set();
  const file = path.join(dir, table);
  if (!fs.existsSync(file)) return ids;
  for await (const item of rows(file)) {
    if (item.header) {
      const missing = (REQUIRED[table] || []).filter((c) => !item.header.includes(c));
      for (const c of missing) report.add('ERROR', 'missing_column', `${table}: ${c}`);
      continue;
    }
    const id = item.row[column];
    if (ids.has(id)) report.add('ERROR', 'duplicate_id', `${table}:${item.lineNo} ${id}`);
    ids.add(id);
  }
  return ids;
}

async function checkTrips(dir, routes, report) {
  const trips = new Set();
  for await (const item of rows(path.join(dir, 'trips.txt'))) {
    if (item.header) continue;
    const { row, lineNo } = item;
    if (!routes.has(row.route_id)) report.add('ERROR', 'unknown_route', `trips.txt:${lineNo} ${row.route_id}`);
    trips.add(row.trip_id);
  }
  return trips;
}

async function checkStopTimes(dir, trips, stops, report) {
  let current = null;
  let lastSeq = -1;
  let lastTime = -1;
  let count = 0;
  for await (const item of rows(path.join(dir, 'stop_times.txt'))) {
    if (item.header) continue;
    const { row, lineNo } = item;
    count++;
    if (row.trip_id !== current) { current = row.trip_id; lastSeq = -1; lastTime = -1; }
    if (!trips.has(row.trip_id)) report.add('ERROR', 'unknown_trip', `stop_times.txt:${lineNo} ${row.trip_id}`);
    if (!stops.has(row.stop_id)) report.add('ERROR', 'unknown_stop', `stop_times.txt:${lineNo} ${row.stop_id}`);
    const seq = Number(row.stop_sequence);
    if (!(seq > lastSeq)) report.add('ERROR', 'sequence_not_increasing', `stop_times.txt:${lineNo} ${row.trip_id}`);
    lastSeq = seq;
    for (const col of ['arrival_time', 'departure_time']) {
      const t = row[col];
      if (!t) continue;
      if (!TIME_RE.test(t)) { report.add('ERROR', 'bad_time', `stop_times.txt:${lineNo} ${col}=${t}`); continue; }
      const s = seconds(t);
      if (s < lastTime) report.add('ERROR', 'time_travel', `stop_times.txt:${lineNo} ${row.trip_id}`);
      lastTime = s;
    }
    if (count % 1_000_000 === 0) process.stderr.write(`  ${count / 1_000_000}M stop_times checked\r`);
  }
  return count;
}

async function checkCalendar(dir, report) {
  const file = path.join(dir, 'calendar.txt');
  if (!fs.existsSync(file)) return;
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  for await (const item of rows(file)) {
    if (item.header) continue;
    const { row, lineNo } = item;
    if (row.start_date > row.end_date) report.add('ERROR', 'calendar_range', `calendar.txt:${lineNo} ${row.service_id}`);
    if (!days.some((d) => row[d] === '1')) report.add('WARNING', 'calendar_no_days', `calendar.txt:${lineNo} ${row.service_id}`);
  }
}

async function checkShapes(dir, report) {
  const file = path.join(dir, 'shapes.txt');
  if (!fs.existsSync(file)) return;
  let shape = null;
  let lastDist = -Infinity;
  for await (const item of rows(file)) {
    if (item.header) continue;
    const { row, lineNo } = item;
    if (row.shape_id !== shape) { shape = row.shape_id; lastDist = -Infinity; }
    if (row.shape_dist_traveled === '') continue;
    const d = Number(row.shape_dist_traveled);
    if (d < lastDist) report.add('WARNING', 'shape_distance_decreasing', `shapes.txt:${lineNo} ${shape}`);
    lastDist = d;
  }
}

async function main() {
  const [dirArg, ...rest] = process.argv.slice(2);
  if (!dirArg) {
    console.error('usage: gtfs-lint.js <feed-dir> [--json out.json]');
    process.exit(2);
  }
  const dir = path.resolve(dirArg);
  const jsonOut = rest[0] === '--json' ? path.resolve(rest[1]) : null;
  const report = new Report();
  for (const table of Object.keys(REQUIRED)) {
    if (!fs.existsSync(path.join(dir, table))) report.add('ERROR', 'missing_file', table);
  }
  const stops = await collectIds(dir, 'stops.txt', 'stop_id', report);
  const routes = await collectIds(dir, 'routes.txt', 'route_id', report);
  await collectIds(dir, 'trips.txt', 'trip_id', report);
  const trips = await checkTrips(dir, routes, report);
  const n = await checkStopTimes(dir, trips, stops, report);
  await checkCalendar(dir, report);
  await checkShapes(dir, report);

  console.error(`\n${stops.size} stops, ${routes.size} routes, ${trips.size} trips, ${n} stop_times`);
  for (const entry of report.toJSON()) console.log(`${entry.key.padEnd(40)} ${entry.count}`);
  if (jsonOut) {
    fs.mkdirSync(path.dirname(jsonOut), { recursive: true });
    fs.writeFileSync(jsonOut, JSON.stringify({ feed: dir, results: report.toJSON() }, null, 2));
  }
  const errors = report.total('ERROR');
  console.log(`${errors} error(s), ${report.total('WARNING')} warning(s)`);
  process.exitCode = errors ? 1 : 0;
}

main().catch((err) => {
  console.error(err.stack || err.message);
  process.exit(2);
});
