#!/usr/bin/env node
// weatherlink-pull.js - fetch current conditions and the last 24 h of
// archive records from the Davis WeatherLink v2 API for our station and store
// them next to the WeeWX data for cross-checking.
//
//   node tools/weatherlink-pull.js                # current + historic
//   node tools/weatherlink-pull.js --current      # current only
//
// WeatherLink v2 wants the API key as a query parameter and the API secret
// in the X-Api-Secret header; both come from .env (WEATHERLINK_API_KEY,
// WEATHERLINK_API_SECRET) and are only sent to api.weatherlink.com.  The
// station id is in config/station.json.  Read-only.

'use strict';

const fs = require('node:fs');
const path = require('node:path');

const REPO = path.resolve(__dirname, '..');
const API = 'https://api.weatherlink.com/v2';
const OUT = path.join(REPO, 'data', 'weatherlink');

function creds() {
  const vals = { key: process.env.WEATHERLINK_API_KEY, secret: process.env.WEATHERLINK_API_SECRET };
  const envFile = path.join(REPO, '.env');
  if ((!vals.key || !vals.secret) && fs.existsSync(envFile)) {
    const text = fs.readFileSync(envFile, 'utf8');
    vals.key ??= text.match(/^WEATHERLINK_API_KEY=(.+)$/m)?.[1]?.trim();
    vals.secret ??= text.match(/^WEATHERLINK_API_SECRET=(.+)$/m)?.[1]?.trim();
  }
  if (!vals.key || !vals.secret) throw new Error('WEATHERLINK_API_KEY / WEATHERLINK_API_SECRET missing');
  return vals;
}

function stationId() {
  const cfg = JSON.parse(fs.readFileSync(path.join(REPO, 'config', 'station.json'), 'utf8'));
  if (!cfg.weatherlinkStationId) throw new Error('config/station.json lacks weatherlinkStationId');
  return cfg.weatherlinkStationId;
}

async function call(route, params, c) {
  const url = new URL(`${API}${route}`);
  url.searchParams.set('api-key', c.key);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  let delay = 1000;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const res = await fetch(url, { headers: { 'X-Api-Secret': c.secret } });
    if ([429, 500, 502, 503, 504].includes(res.status)) {
      await new Promise((wake) => setTimeout(wake, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res.json();
  }
  throw new Error(`${route}: retries exhausted`);
}

const fToC = (f) => (f === null || f === undefined ? null : Math.round(((f - 32) * 50) / 9) / 10);
const inHgToHpa = (v) => (v === null || v === undefined ? null : Math.round(v * 338.639) / 10);
const mphToMs = (v) => (v === null || v === undefined ? null : Math.round(v * 4.4704) / 10);

function flattenCurrent(body) {
  const out = { ts: body.generated_at };
  for (const sensor of body.sensors ?? []) {
    for (const d of sensor.data ?? []) {
      if ('temp' in d) out.tempC = fToC(d.temp);
      if ('hum' in d) out.humidity = d.hum;
      if ('bar_sea_level' in d) out.pressureHpa = inHgToHpa(d.bar_sea_level);
      if ('wind_speed_avg_last_10_min' in d) out.windMs = mphToMs(d.wind_speed_avg_last_10_min);
      if ('wind_speed_hi_last_10_min' in d) out.gustMs = mphToMs(d.wind_speed_hi_last_10_min);
      if ('rainfall_daily_mm' in d) out.rainTodayMm = d.rainfall_daily_mm;
    }
  }
  return out;
}

function flattenHistoric(body) {
  const rows = [];
  for (const sensor of body.sensors ?? []) {
    for (const d of sensor.data ?? []) {
      if (!('temp_avg' in d)) continue;
      rows.push({
        ts: d.ts,
        tempC: fToC(d.temp_avg),
        humidity: d.hum_last ?? null,
        windMs: mphToMs(d.wind_speed_avg ?? null),
        rainMm: d.rainfall_mm ?? 0,
      });
    }
  }
  return rows.sort((a, b) => a.ts - b.ts);
}

function save(name, data) {
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, name);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(data, null, 2));
  fs.renameSync(`${file}.tmp`, file);
  return path.relative(REPO, file);
}

function csv(rows) {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]);
  return [cols.join(','), ...rows.map((r) => cols.map((c) => r[c] ?? '').join(','))].join('\n') + '\n';
}

function compareWithWeewx(current) {
  const weewxLatest = path.join(REPO, 'build', 'weewx-latest.json');
  if (!fs.existsSync(weewxLatest)) return null;
  const w = JSON.parse(fs.readFileSync(weewxLatest, 'utf8'));
  const diff = (a, b) => (a === null || b === null || a === undefined || b === undefined ? null : Math.round((a - b) * 10) / 10);
  return {
    tempDeltaC: diff(current.tempC, w.outTempC),
    humidityDelta: diff(current.humidity, w.outHumidity),
    pressureDeltaHpa: diff(current.pressureHpa, w.barometerHpa),
  };
}

const HELP = `weatherlink-pull.js [--current]

Fetches from the WeatherLink v2 API for the station in config/station.json:
  /current/{station}    latest conditions of every sensor
  /historic/{station}   archive records of the last 24 hours

Units are converted to metric (°C, hPa, m/s, mm) to match our WeeWX
reports.  When build/weewx-latest.json exists (written by the nightly WeeWX
export), the current values are compared with it so a drifting sensor on
either system shows up.

Files
  data/weatherlink/current.json            latest conditions
  data/weatherlink/historic-<date>.csv     24 h of archive records`;

/** Flag physically implausible values before they end up in the comparison. */
function plausibility(current) {
  const notes = [];
  if (current.tempC !== null && current.tempC !== undefined && (current.tempC < -45 || current.tempC > 55)) {
    notes.push(`temperature ${current.tempC}°C`);
  }
  if (current.humidity !== undefined && (current.humidity < 0 || current.humidity > 100)) {
    notes.push(`humidity ${current.humidity}%`);
  }
  if (current.pressureHpa && (current.pressureHpa < 900 || current.pressureHpa > 1085)) {
    notes.push(`pressure ${current.pressureHpa} hPa`);
  }
  return notes;
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const c = creds();
  const id = stationId();
  console.error(`station ${id}, key ${c.key.slice(0, 4)}…, secret ${c.secret.slice(0, 2)}…`);
  const stamp = new Date().toISOString().slice(0, 10);

  const current = flattenCurrent(await call(`/current/${id}`, {}, c));
  console.log(`now: ${current.tempC ?? '-'}°C ${current.humidity ?? '-'}% ${current.pressureHpa ?? '-'} hPa, wind ${current.windMs ?? '-'}/${current.gustMs ?? '-'} m/s`);
  console.log(`saved ${save('current.json', current)}`);
  for (const n of plausibility(current)) console.log(`implausible: ${n}`);
  const delta = compareWithWeewx(current);
  if (delta) console.log(`vs WeeWX: ${JSON.stringify(delta)}`);

  if (process.argv.includes('--current')) return;
  const end = Math.floor(Date.now() / 1000);
  const start = end - 24 * 3600;
  const rows = flattenHistoric(await call(`/historic/${id}`, { 'start-timestamp': start, 'end-timestamp': end }, c));
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `historic-${stamp}.csv`), csv(rows));
  const rain = rows.reduce((s, r) => s + (r.rainMm ?? 0), 0);
  console.log(`${rows.length} archive record(s) in the last 24 h, rain ${rain.toFixed(1)} mm`);
}

main().catch((err) => {
  console.error(`weatherlink-pull: ${err.message}`);
  process.exitCode = 1;
});
