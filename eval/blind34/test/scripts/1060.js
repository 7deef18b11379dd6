#!/usr/bin/env node
// predict-passes.js - predict passes of the satellites we track over the
// roof station for the next N hours, using satellite.js and cached TLEs.
//
//   node tools/predict-passes.js --hours 24
//   node tools/predict-passes.js --norad 98765 --min-elevation 20 --json
//
// TLEs are refreshed at most every 6 hours from CelesTrak's GP endpoint into
// the user's cache directory (~/.cache/acme-groundstation/tle); if the
// download fails the cached copy is used.  Output: a table on stdout and
// build/passes.json for the scheduler.

'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const satellite = require('satellite.js');

const REPO = path.resolve(__dirname, '..');
const STATION = JSON.parse(fs.readFileSync(path.join(REPO, 'config', 'station.json'), 'utf8'));
const CACHE_DIR = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'acme-groundstation', 'tle');
const TLE_TTL_MS = 6 * 3600 * 1000;
const STEP_S = 20;

function parseArgs(argv) {
  const o = { hours: 12, minElevation: 10, norad: null, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    switch (argv[i]) {
      case '--hours': o.hours = Number(argv[++i]); break;
      case '--min-elevation': o.minElevation = Number(argv[++i]); break;
      case '--norad': o.norad = Number(argv[++i]); break;
      case '--json': o.json = true; break;
      default: throw new Error(`unrecognised option ${argv[i]}`);
    }
  }
  return o;
}

async function tleFor(norad) {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `${norad}.tle`);
  const fresh = fs.existsSync(file) && Date.now() - fs.statSync(file).mtimeMs < TLE_TTL_MS;
  if (!fresh) {
    try {
      const res = await fetch(`https://celestrak.org/NORAD/elements/gp.php?CATNR=${norad}&FORMAT=TLE`, {
        signal: AbortSignal.timeout(15000),
      });
      const text = (await res.text()).trim();
      if (res.ok && text.split('\n').length >= 3) {
        fs.writeFileSync(`${file}.tmp`, `${text}\n`);
        fs.renameSync(`${file}.tmp`, file);
      }
    } catch (err) {
      console.error(`TLE refresh for ${norad} failed (${err.message}); using cache`);
    }
  }
  if (!fs.existsSync(file)) throw new Error(`no TLE for ${norad}`);
  const [name, l1, l2] = fs.readFileSync(file, 'utf8').trim().split('\n').map((s) => s.trim());
  return { name, satrec: satellite.twoline2satrec(l1, l2) };
}

function lookAngles(satrec, date, observer) {
  const pv = satellite.propagate(satrec, date);
  if (!pv.position) return null;
  const gmst = satellite.gstime(date);
  const ecf = satellite.eciToEcf(pv.position, gmst);
  const look = satellite.ecfToLookAngles(observer, ecf);
  return { el: satellite.radiansToDegrees(look.elevation), az: satellite.radiansToDegrees(look.azimuth) };
}

function passes(sat, observer, start, hours, minEl) {
  const out = [];
  let current = null;
  const end = start.getTime() + hours * 3600 * 1000;
  for (let t = start.getTime(); t <= end; t += STEP_S * 1000) {
    const date = new Date(t);
    const la = lookAngles(sat.satrec, date, observer);
    if (!la) continue;
    if (la.el > 0) {
      if (!current) current = { aos: date, maxEl: la.el, aosAz: la.az, tca: date };
      if (la.el > current.maxEl) {
        current.maxEl = la.el;
        current.tca = date;
      }
      current.los = date;
      current.losAz = la.az;
    } else if (current) {
      if (current.maxEl >= minEl) out.push(current);
      current = null;
    }
  }
  return out;
}

function fmt(d) {
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

const HELP = `predict-passes.js [--hours N] [--min-elevation DEG] [--norad ID] [--json]

Station (config/station.json)
  lat, lon, altM            observer position
  satellites[]              {name, norad, downlinkHz}

TLE cache
  ~/.cache/acme-groundstation/tle/<norad>.tle, refreshed from CelesTrak
  when older than six hours; the cached copy is used when offline.

Output
  table: AOS time (UTC), satellite, max elevation, duration, azimuths
  build/passes.json: the same passes with epoch times for the recording
  scheduler (tools/schedule_passes.py)

Propagation uses SGP4 (satellite.js) in ${STEP_S}-second steps, which is
accurate to a few seconds for AOS/LOS - good enough to start recordings.`;

/** Passes of different satellites that overlap in time cannot both be recorded. */
function conflicts(list) {
  const out = [];
  for (let i = 1; i < list.length; i += 1) {
    const prev = list[i - 1];
    const cur = list[i];
    if (cur.aos_epoch < prev.aos_epoch + prev.duration_s) {
      out.push(`${prev.satellite} and ${cur.satellite} overlap at ${cur.aos}`);
    }
  }
  return out;
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const opts = parseArgs([...process.argv.slice(2)]);
  const observer = {
    latitude: satellite.degreesToRadians(STATION.lat),
    longitude: satellite.degreesToRadians(STATION.lon),
    height: (STATION.altM ?? 0) / 1000,
  };
  const targets = STATION.satellites.filter((s) => !opts.norad || s.norad === opts.norad);
  if (!targets.length) throw new Error('no satellites selected');

  const now = new Date();
  const all = [];
  for (const t of targets) {
    const sat = await tleFor(t.norad);
    for (const p of passes(sat, observer, now, opts.hours, opts.minElevation)) {
      all.push({
        satellite: t.name,
        norad: t.norad,
        freq_hz: t.downlinkHz,
        aos: fmt(p.aos),
        los: fmt(p.los),
        aos_epoch: Math.floor(p.aos.getTime() / 1000),
        duration_s: Math.round((p.los - p.aos) / 1000),
        max_elevation: Math.round(p.maxEl * 10) / 10,
        aos_azimuth: Math.round(p.aosAz),
        los_azimuth: Math.round(p.losAz),
      });
    }
  }
  all.sort((a, b) => a.aos_epoch - b.aos_epoch);
  fs.mkdirSync(path.join(REPO, 'build'), { recursive: true });
  fs.writeFileSync(path.join(REPO, 'build', 'passes.json'), JSON.stringify(all, null, 2));
  if (opts.json) {
    console.log(JSON.stringify(all, null, 2));
    return;
  }
  for (const p of all) {
    console.log(`${p.aos}  ${p.satellite.padEnd(14)} max ${String(p.max_elevation).padStart(5)}°  ${String(p.duration_s).padStart(4)} s  az ${p.aos_azimuth}→${p.los_azimuth}`);
  }
  console.log(`${all.length} pass(es) above ${opts.minElevation}° in the next ${opts.hours} h`);
  for (const c of conflicts(all)) console.log(`conflict: ${c}`);
}

main().catch((err) => {
  console.error(`predict-passes: ${err.message}`);
  process.exitCode = 1;
});
