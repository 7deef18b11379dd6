#!/usr/bin/env -S npx tsx
//
// History
//   2024-03  rectangular fields only
//   2024-05  arbitrary polygons, rotation
//   2024-06  geofence buffer
//
//
// Geometry notes
//   * The polygon is projected to a local tangent plane (equirectangular around
//     the first vertex); good to a few centimetres for fields up to a few km.
//   * Lines are generated parallel to the x axis of the rotated frame and
//     clipped with an even-odd scanline intersection, so concave fields work as
//     long as each scanline yields pairs of crossings.
//   * The geofence buffer moves every vertex away from the centroid by
//     --fence metres; for strongly concave polygons draw the fence by hand.
//
// Mission layout
//   1      TAKEOFF to --alt
//   2      DO_CHANGE_SPEED to --speed (m/s)
//   3..n   survey waypoints, boustrophedon order
//   n+1    RTL
//
// Limits: --alt 5..120 m (the club's flight permit), --spacing >= 5 m.
//
// Exit status: 0 written, 1 on errors.
//
// Example:
//   npx tsx tools/survey-grid.ts --area fields/north.geojson --spacing 20 --alt 50 --angle 15
//   python tools/sitl_mission.py plans/survey_20m_15deg.plan
//
// Owner: survey team.
//
// The generated plan is for SITL regression; real flights are planned in
// QGroundControl by the pilot in command, who reviews geofence and altitude.
//
// GeoJSON coordinates are lon/lat (RFC 7946); the plan file uses lat/lon,
// which is why loadPolygon() swaps them.
//
// Flight time estimate ignores turns and acceleration; add ~15 % in practice.
//
// survey-grid.ts - generate a lawn-mower survey mission (.plan) for SITL regression flights.
//
//   npx tsx tools/survey-grid.ts --area fields/north.geojson --spacing 25 --alt 60
//   npx tsx tools/survey-grid.ts --area fields/north.geojson --angle 30 --out plans/north_30.plan
//
// Reads a GeoJSON polygon, rotates a set of parallel lines by --angle, clips
// them to the polygon and joins them boustrophedon-style.  The mission starts
// with TAKEOFF, ends with RTL and carries a geofence equal to the polygon
// buffered by --fence metres.  Output is a QGroundControl plan file written
// into plans/ (the repo); the flight itself happens in SITL via other tools.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const EARTH = 6378137;
const CMD = { WAYPOINT: 16, RTL: 20, TAKEOFF: 22, DO_CHANGE_SPEED: 178 } as const;

type LatLon = [number, number];
type XY = [number, number];

interface Options {
  area: string;
  spacing: number;
  alt: number;
  angle: number;
  speed: number;
  fence: number;
  out?: string;
}

function options(argv: string[]): Options {
  const o: Partial<Options> = { spacing: 25, alt: 60, angle: 0, speed: 8, fence: 30 };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '') as keyof Options;
    const value = argv[++i];
    if (key === 'area' || key === 'out') (o as Record<string, unknown>)[key] = value;
    else (o as Record<string, unknown>)[key] = Number(value);
  }
  if (!o.area) throw new Error('--area <polygon.geojson> is required');
  if (!(o.alt! > 5 && o.alt! <= 120)) throw new Error('--alt must be within 5..120 m');
  if (!(o.spacing! >= 5)) throw new Error('--spacing must be >= 5 m');
  return o as Options;
}

function loadPolygon(file: string): LatLon[] {
  const gj = JSON.parse(readFileSync(file, 'utf8'));
  const geom = gj.type === 'FeatureCollection' ? gj.features[0].geometry : gj.type === 'Feature' ? gj.geometry : gj;
  if (geom.type !== 'Polygon') throw new Error(`${file}: expected a Polygon, got ${geom.type}`);
  return (geom.coordinates[0] as [number, number][]).map(([lon, lat]) => [lat, lon]);
}

function project(origin: LatLon): { to: (p: LatLon) => XY; from: (p: XY) => LatLon } {
  const lat0 = (origin[0] * Math.PI) / 180;
  return {
    to: ([lat, lon]) => [((lon - origin[1]) * Math.PI * EARTH * Math.cos(lat0)) / 180, ((lat - origin[0]) * Math.PI * EARTH) / 180],
    from: ([x, y]) => [origin[0] + (y * 180) / (Math.PI * EARTH), origin[1] + (x * 180) / (Math.PI * EARTH * Math.cos(lat0))],
  };
}

function rotate([x, y]: XY, deg: number): XY {
  const r = (deg * Math.PI) / 180;
  return [x * Math.cos(r) - y * Math.sin(r), x * Math.sin(r) + y * Math.cos(r)];
}

function scanlines(poly: XY[], spacing: number): [XY, XY][] {
  const ys = poly.map((p) => p[1]);
  const lines: [XY, XY][] = [];
  for (let y = Math.min(...ys) + spacing / 2; y < Math.max(...ys); y += spacing) {
    const xs: number[] = [];
    for (let i = 0; i < poly.length - 1; i++) {
      const [a, b] = [poly[i], poly[i + 1]];
      if ((a[1] <= y && b[1] > y) || (b[1] <= y && a[1] > y)) xs.push(a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]));
    }
    xs.sort((p, q) => p - q);
    for (let i = 0; i + 1 < xs.length; i += 2) lines.push([[xs[i], y], [xs[i + 1], y]]);
  }
  return lines;
}

function buffer(poly: XY[], metres: number): XY[] {
  const cx = poly.reduce((s, p) => s + p[0], 0) / poly.length;
  const cy = poly.reduce((s, p) => s + p[1], 0) / poly.length;
  return poly.map(([x, y]) => {
    const d = Math.hypot(x - cx, y - cy) || 1;
    return [x + ((x - cx) / d) * metres, y + ((y - cy) / d) * metres] as XY;
  });
}

function item(seq: number, command: number, params: (number | null)[], frame = 3) {
  return { autoContinue: true, command, doJumpId: seq, frame, params, type: 'SimpleItem' };
}

function main(): void {
  const o = options(process.argv.slice(2));
  const polygon = loadPolygon(o.area);
  const proj = project(polygon[0]);
  const local = polygon.map((p) => rotate(proj.to(p), -o.angle));
  const lines = scanlines(local, o.spacing);
  if (!lines.length) throw new Error('polygon too small for the requested spacing');

  const path: LatLon[] = [];
  lines.forEach(([a, b], i) => {
    const [s, e] = i % 2 === 0 ? [a, b] : [b, a];
    path.push(proj.from(rotate(s, o.angle)), proj.from(rotate(e, o.angle)));
  });

  const home = polygon[0];
  const items = [item(1, CMD.TAKEOFF, [0, 0, 0, null, home[0], home[1], o.alt]), item(2, CMD.DO_CHANGE_SPEED, [1, o.speed, -1, 0, 0, 0, 0], 2)];
  path.forEach(([lat, lon], i) => items.push(item(i + 3, CMD.WAYPOINT, [0, 0, 0, null, lat, lon, o.alt])));
  items.push(item(items.length + 1, CMD.RTL, [0, 0, 0, 0, 0, 0, 0], 2));

  const fence = buffer(polygon.map(proj.to), o.fence).map(proj.from);
  const plan = {
    fileType: 'Plan',
    version: 1,
    groundStation: 'survey-grid.ts',
    mission: { version: 2, firmwareType: 3, vehicleType: 2, cruiseSpeed: o.speed, hoverSpeed: 5, plannedHomePosition: [home[0], home[1], 0], items },
    geoFence: { version: 2, circles: [], polygons: [{ inclusion: true, version: 1, polygon: fence }] },
    rallyPoints: { version: 2, points: [] },
  };
  let length = 0;
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [proj.to(path[i - 1]), proj.to(path[i])];
    length += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  const target = o.out ? join(REPO, o.out) : join(REPO, 'plans', `survey_${o.spacing}m_${o.angle}deg.plan`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, JSON.stringify(plan, null, 2) + '\n');
  console.log(`${lines.length} pass(es), ${path.length} waypoints, ${(length / 1000).toFixed(2)} km, ~${Math.round(length / o.speed / 60)} min`);
  console.log(`plan written to ${relative(REPO, target)}; fly it with tools/sitl_mission.py`);
}

try {
  main();
} catch (err) {
  console.error(`survey-grid: ${(err as Error).message}`);
  process.exit(1);
}
