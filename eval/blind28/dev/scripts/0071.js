#!/usr/bin/env node
// plan-lint.js - lint QGroundControl .plan files and export MAVLink waypoint files.
//
//   node tools/plan-lint.js plans/*.plan                 lint only
//   node tools/plan-lint.js plans/survey_a.plan --wpl    also write build/wpl/survey_a.waypoints
//   node tools/plan-lint.js plans/survey_a.plan --sitl   load the mission into the running SITL
//
// Rules (config/plan-rules.json): max altitude AGL, max distance from home,
// geofence polygon must contain every waypoint, RTL must end the mission.
// --sitl talks to SITL over udp:127.0.0.1:14550 via a mavproxy.py child process
// that this script starts and stops; it never arms anything.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const RULES_FILE = path.join(ROOT, 'config', 'plan-rules.json');
const WPL_DIR = path.join(ROOT, 'build', 'wpl');
const SITL = 'udp:127.0.0.1:14550';
const CMD = { WAYPOINT: 16, LOITER_TIME: 19, RTL: 20, LAND: 21, TAKEOFF: 22, DO_CHANGE_SPEED: 178 };
const NAV_COMMANDS = new Set([CMD.WAYPOINT, CMD.LOITER_TIME, CMD.LAND, CMD.TAKEOFF]);

function rules() {
  const defaults = { maxAltitude: 120, maxDistance: 1500, requireRtl: true };
  if (!fs.existsSync(RULES_FILE)) return defaults;
  return { ...defaults, ...JSON.parse(fs.readFileSync(RULES_FILE, 'utf8')) };
}

function haversine(a, b) {
  const R = 6371000;
  const rad = (d) => (d * Math.PI) / 180;
  const dLat = rad(b[0] - a[0]);
  const dLon = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

function insidePolygon(point, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i];
    const [yj, xj] = polygon[j];
    const hit = (xi > point[1]) !== (xj > point[1]) &&
      point[0] < ((yj - yi) * (point[1] - xi)) / (xj - xi) + yi;
    if (hit) inside = !inside;
  }
  return inside;
}

function flatten(items) {
  const out = [];
  for (const item of items) {
    if (item.type === 'SimpleItem') out.push(item);
    else if (item.type === 'ComplexItem' && item.TransectStyleComplexItem) {
      out.push(...flatten(item.TransectStyleComplexItem.Items || []));
    }
  }
  return out;
}

function lint(file, r) {
  const plan = JSON.parse(fs.readFileSync(file, 'utf8'));
  const problems = [];
  if (plan.fileType !== 'Plan') problems.push('not a QGC plan file');
  const home = plan.mission?.plannedHomePosition;
  if (!home) problems.push('missing plannedHomePosition');
  const items = flatten(plan.mission?.items || []);
  if (!items.length) problems.push('mission has no items');
  const fences = (plan.geoFence?.polygons || []).filter((p) => p.inclusion).map((p) => p.polygon);
  items.forEach((item, idx) => {
    const [, , , , lat, lon, alt] = item.params;
    if (!NAV_COMMANDS.has(item.command)) return;
    if (alt > r.maxAltitude) problems.push(`item ${idx}: altitude ${alt} m > ${r.maxAltitude} m`);
    if (home && lat && lon) {
      const d = haversine(home, [lat, lon]);
      if (d > r.maxDistance) problems.push(`item ${idx}: ${d.toFixed(0)} m from home > ${r.maxDistance} m`);
      if (fences.length && !fences.some((poly) => insidePolygon([lat, lon], poly))) {
        problems.push(`item ${idx}: outside the inclusion geofence`);
      }
    }
  });
  const last = items[items.length - 1];
  if (r.requireRtl && last && ![CMD.RTL, CMD.LAND].includes(last.command)) {
    problems.push('mission does not end with RTL or LAND');
  }
  return { plan, items, home, problems };
}

function toWpl(home, items) {
  const lines = ['QGC WPL 110'];
  lines.push(['0', '1', '0', '16', '0', '0', '0', '0', home[0], home[1], home[2], '1'].join('\t'));
  items.forEach((item, i) => {
    const p = item.params.map((v) => (v === null ? 0 : v));
    lines.push([i + 1, 0, item.frame ?? 3, item.command, ...p, item.autoContinue === false ? 0 : 1].join('\t'));
  });
  return `${lines.join('\n')}\n`;
}

function estimate(home, items, cruiseMs = 8) {
  // rough mission length and flight time for the PR description
  let dist = 0;
  let prev = home;
  let loiter = 0;
  for (const item of items) {
    const [p1, , , , lat, lon] = item.params;
    if (item.command === CMD.LOITER_TIME) loiter += Number(p1) || 0;
    if (!lat || !lon || !NAV_COMMANDS.has(item.command)) continue;
    dist += haversine(prev, [lat, lon]);
    prev = [lat, lon];
  }
  dist += haversine(prev, home); // return leg
  return { meters: dist, seconds: dist / cruiseMs + loiter };
}

function printEstimate(e) {
  const min = Math.floor(e.seconds / 60);
  const sec = Math.round(e.seconds % 60);
  console.log(`    ~${(e.meters / 1000).toFixed(2)} km, ~${min} min ${sec} s at cruise speed`);
}

function loadIntoSitl(wplFile) {
  return new Promise((resolve, reject) => {
    const child = spawn('mavproxy.py', [`--master=${SITL}`, '--non-interactive', `--cmd=wp load ${wplFile}; wp list`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), 30000);
    child.stdout.on('data', (d) => {
      out += d;
      if (/Saved \d+ waypoints|Requesting \d+ waypoints/.test(out)) {
        clearTimeout(timer);
        child.kill('SIGTERM');
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      /waypoints/.test(out) ? resolve(out) : reject(new Error('SITL did not confirm the mission'));
    });
    child.on('error', reject);
  });
}

async function main() {
  const args = process.argv.slice(2);
  const files = args.filter((a) => a.endsWith('.plan'));
  if (!files.length) {
    console.error('usage: plan-lint.js <file.plan>... [--wpl] [--sitl]');
    process.exit(2);
  }
  const r = rules();
  let failed = 0;
  for (const file of files) {
    const { items, home, problems } = lint(file, r);
    if (problems.length) {
      failed++;
      console.log(`✗ ${file}`);
      problems.forEach((p) => console.log(`    ${p}`));
      continue;
    }
    console.log(`✓ ${file} (${items.length} items)`);
    printEstimate(estimate(home, items));
    if (args.includes('--wpl') || args.includes('--sitl')) {
      fs.mkdirSync(WPL_DIR, { recursive: true });
      const out = path.join(WPL_DIR, `${path.basename(file, '.plan')}.waypoints`);
      fs.writeFileSync(out, toWpl(home, items));
      console.log(`    wrote ${path.relative(ROOT, out)}`);
      if (args.includes('--sitl')) {
        await loadIntoSitl(out);
        console.log('    loaded into SITL');
      }
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(`plan-lint: ${err.message}`);
  process.exit(1);
});
