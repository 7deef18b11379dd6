#!/usr/bin/env node
/*
 * csv2influx.js - convert the lab's CSV data logger files to InfluxDB line
 * protocol and (optionally) write them into the local InfluxDB.
 *
 *   node tools/csv2influx.js data/logger/*.csv                 # -> build/lp/*.lp
 *   node tools/csv2influx.js data/logger/*.csv --write         # also POST to localhost:8086
 *
 * Column mapping comes from config/csv2influx.json:
 *   { "measurement": "lab_env", "time": "Timestamp", "timeFormat": "DD.MM.YYYY HH:mm:ss",
 *     "tags": {"Sensor": "sensor"}, "fields": {"Temp [C]": "temp_c", "RH [%]": "rh"} }
 *
 * The write uses INFLUX_TOKEN from .env and only targets localhost.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, 'config', 'csv2influx.json'), 'utf8'));
const OUT = path.join(ROOT, 'build', 'lp');
const WRITE_URL = 'http://localhost:8086/api/v2/write';
const BATCH_LINES = 5000;

function env(name) {
  if (process.env[name] !== undefined) return process.env[name];
  const file = path.join(ROOT, '.env');
  if (!fs.existsSync(file)) return undefined;
  const m = fs.readFileSync(file, 'utf8').match(new RegExp(`^${name}=(.*)$`, 'm'));
  return m ? m[1].trim().replace(/^"|"$/g, '') : undefined;
}

function splitCsvLine(line, sep) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else {
        quoted = !quoted;
      }
    } else if (ch === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}

function parseTime(value, format) {
  if (format === 'iso') return Date.parse(value);
  const m = value.match(/^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/);
  if (!m || format !== 'DD.MM.YYYY HH:mm:ss') return NaN;
  const [, dd, mm, yyyy, hh, mi, ss] = m.map(Number);
  // logger clocks run on UTC (documented in docs/lab/logger.md)
  return Date.UTC(yyyy, mm - 1, dd, hh, mi, ss);
}

const escTag = (s) => String(s).replace(/([,= ])/g, '\\$1');
const escMeasurement = (s) => String(s).replace(/([, ])/g, '\\$1');

function fieldValue(raw) {
  const normalised = raw.trim().replace(',', '.');
  if (normalised === '') return null;
  const n = Number(normalised);
  if (Number.isFinite(n)) return String(n);
  return `"${raw.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

async function* convert(file) {
  const sep = CONFIG.separator || ';';
  const input = fs.createReadStream(file);
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let header = null;
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    if (!line.trim()) continue;
    const cols = splitCsvLine(line, sep);
    if (!header) {
      header = cols.map((c) => c.trim());
      continue;
    }
    const row = Object.fromEntries(header.map((h, i) => [h, cols[i] ?? '']));
    const ms = parseTime(row[CONFIG.time], CONFIG.timeFormat);
    if (Number.isNaN(ms)) {
      console.warn(`${path.basename(file)}:${lineNo}: bad timestamp ${row[CONFIG.time]}`);
      continue;
    }
    const tags = Object.entries(CONFIG.tags || {})
      .filter(([col]) => row[col])
      .map(([col, key]) => `,${escTag(key)}=${escTag(row[col].trim())}`)
      .join('');
    const fields = Object.entries(CONFIG.fields)
      .map(([col, key]) => [key, fieldValue(row[col] ?? '')])
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${escTag(k)}=${v}`)
      .join(',');
    if (!fields) continue;
    yield `${escMeasurement(CONFIG.measurement)}${tags} ${fields} ${ms}`;
  }
}

async function post(lines, token, bucket, org) {
  const body = zlib.gzipSync(lines.join('\n'));
  const url = `${WRITE_URL}?org=${encodeURIComponent(org)}&bucket=${encodeURIComponent(bucket)}&precision=ms`;
  for (let attempt = 0; attempt <= 4; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Token ${token}`, 'Content-Encoding': 'gzip', 'Content-Type': 'text/plain' },
      body,
    });
    if (res.status === 204) return;
    if (res.status === 429 || res.status === 503) {
      await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
      continue;
    }
    throw new Error(`write failed ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
  throw new Error('write throttled too long');
}

// Quick plausibility check of converted values against the ranges the lab
// sensors can physically report; out-of-range values usually mean a wrong
// column mapping in config/csv2influx.json.
const RANGES = { temp_c: [-40, 85], rh: [0, 100] };

function checkRanges(line, problems) {
  const fieldsPart = line.split(' ')[1] || '';
  for (const kv of fieldsPart.split(',')) {
    const [k, v] = kv.split('=');
    const range = RANGES[k];
    if (!range) continue;
    const n = Number(v);
    if (Number.isFinite(n) && (n < range[0] || n > range[1])) {
      problems.set(k, (problems.get(k) || 0) + 1);
    }
  }
}

async function main() {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const problems = new Map();
  const files = args.filter((a) => !a.startsWith('--'));
  if (!files.length) throw new Error('usage: csv2influx.js FILE.csv... [--write]');
  const token = env('INFLUX_TOKEN');
  if (write && !token) throw new Error('INFLUX_TOKEN missing (.env)');
  fs.mkdirSync(OUT, { recursive: true });
  let total = 0;
  for (const file of files) {
    const target = path.join(OUT, `${path.basename(file, '.csv')}.lp`);
    const out = fs.createWriteStream(target);
    let batch = [];
    let count = 0;
    for await (const line of convert(file)) {
      out.write(line + '\n');
      checkRanges(line, problems);
      count++;
      if (write) {
        batch.push(line);
        if (batch.length >= BATCH_LINES) {
          await post(batch, token, env('INFLUX_BUCKET') || 'lab-dev', env('INFLUX_ORG') || 'dev');
          batch = [];
        }
      }
    }
    if (write && batch.length) await post(batch, token, env('INFLUX_BUCKET') || 'lab-dev', env('INFLUX_ORG') || 'dev');
    await new Promise((r) => out.end(r));
    total += count;
    console.log(`${path.basename(file)}: ${count} points -> ${path.relative(ROOT, target)}${write ? ' (written)' : ''}`);
  }
  console.log(`${total} points total`);
  for (const [field, n] of problems) console.warn(`warning: ${n} value(s) of ${field} outside the sensor range`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
