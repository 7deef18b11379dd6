#!/usr/bin/env node
// Export the conference schedule from pretalx into the static site.
//
//   node tools/export-schedule.js [--event devconf24] [--draft] [--out site/data]
//
// Reads the public schedule (or, with --draft, the WIP schedule using the organiser
// API token from .env) from our pretalx at PRETALX_URL and writes:
//   site/data/schedule.json   trimmed JSON the site templates read
//   site/static/schedule.ics  iCalendar feed
//   site/data/speakers.json   speakers with avatars resized by the site build
// Only GET requests are made. The token goes only to PRETALX_URL.
'use strict';

const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '..');

function loadDotEnv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq === -1) continue;
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[line.slice(0, eq).trim()] = value;
  }
  return out;
}

const { values: opts } = parseArgs({
  options: {
    event: { type: 'string', default: 'devconf24' },
    draft: { type: 'boolean', default: false },
    out: { type: 'string', default: 'site/data' },
    ics: { type: 'string', default: 'site/static/schedule.ics' },
    verbose: { type: 'boolean', short: 'v', default: false },
  },
});

const env = { ...loadDotEnv(path.join(ROOT, '.env')), ...process.env };
const BASE = (env.PRETALX_URL || 'https://pretalx.internal').replace(/\/$/, '');
const TOKEN = env.PRETALX_TOKEN || '';
const debug = (...args) => opts.verbose && console.error('[debug]', ...args);

async function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function get(url, { auth = false } = {}) {
  const headers = { Accept: 'application/json' };
  if (auth) {
    if (!TOKEN) throw new Error('PRETALX_TOKEN missing in .env (needed for --draft)');
    headers.Authorization = `Token ${TOKEN}`;
  }
  let delay = 1000;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch(url, { headers });
    if (res.ok) return res.json();
    if ([429, 502, 503, 504].includes(res.status) && attempt < 5) {
      debug(`HTTP ${res.status} for ${url}, retrying in ${delay}ms`);
      await sleep(delay);
      delay *= 2;
      continue;
    }
    throw new Error(`GET ${url} -> ${res.status} ${res.statusText}`);
  }
  throw new Error('unreachable');
}

async function* paged(url, auth) {
  let next = url;
  while (next) {
    const page = await get(next, { auth });
    yield* page.results;
    next = page.next;
  }
}

function pick(obj, locale = 'en') {
  if (obj == null) return '';
  if (typeof obj === 'string') return obj;
  return obj[locale] || Object.values(obj)[0] || '';
}

function trimTalk(slot) {
  return {
    code: slot.submission?.code ?? slot.code,
    title: pick(slot.submission?.title ?? slot.title),
    abstract: pick(slot.submission?.abstract ?? slot.abstract),
    room: pick(slot.room?.name ?? slot.room),
    start: slot.start,
    end: slot.end,
    track: pick(slot.submission?.track?.name),
    speakers: (slot.submission?.speakers ?? slot.speakers ?? []).map((s) => s.code),
    language: slot.submission?.content_locale ?? 'en',
  };
}

function icsEscape(text) {
  return String(text).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
}

function icsDate(iso) {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

function foldLine(line) {
  // RFC 5545: lines longer than 75 octets are folded with CRLF + space
  const parts = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    parts.push(rest.slice(0, cut));
    rest = ' ' + rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n');
}

function toIcs(event, talks) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${event}//schedule export//EN`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${icsEscape(event)}`,
  ];
  const stamp = icsDate(new Date().toISOString());
  for (const t of talks) {
    if (!t.start || !t.end) continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${t.code}@${event}.pretalx.internal`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsDate(t.start)}`,
      `DTEND:${icsDate(t.end)}`,
      `SUMMARY:${icsEscape(t.title)}`,
      `LOCATION:${icsEscape(t.room)}`,
      `DESCRIPTION:${icsEscape(t.abstract.slice(0, 500))}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

async function writeAtomic(file, content) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fsp.writeFile(tmp, content);
  await fsp.rename(tmp, file);
}

function checkOverlaps(talks) {
  const byRoom = new Map();
  for (const t of talks) {
    if (!t.start) continue;
    if (!byRoom.has(t.room)) byRoom.set(t.room, []);
    byRoom.get(t.room).push(t);
  }
  const problems = [];
  for (const [room, list] of byRoom) {
    list.sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < list.length; i++) {
      if (list[i].start < list[i - 1].end) {
        problems.push(`${room}: ${list[i - 1].code} overlaps ${list[i].code}`);
      }
    }
  }
  return problems;
}

async function main() {
  const eventBase = `${BASE}/api/events/${encodeURIComponent(opts.event)}`;
  const scheduleUrl = opts.draft ? `${eventBase}/schedules/wip/` : `${eventBase}/schedules/latest/`;
  console.error(`reading ${opts.draft ? 'draft' : 'published'} schedule of ${opts.event}`);

  const schedule = await get(scheduleUrl, { auth: opts.draft });
  const slots = [];
  for await (const slot of paged(`${eventBase}/talks/?limit=100`, opts.draft)) slots.push(slot);
  const talks = slots.map(trimTalk).sort((a, b) => (a.start || '').localeCompare(b.start || ''));

  const speakerCodes = new Set(talks.flatMap((t) => t.speakers));
  const speakers = [];
  for await (const sp of paged(`${eventBase}/speakers/?limit=100`, opts.draft)) {
    if (!speakerCodes.has(sp.code)) continue;
    speakers.push({ code: sp.code, name: sp.name, biography: sp.biography || '', avatar: sp.avatar || null });
  }

  const overlaps = checkOverlaps(talks);
  for (const p of overlaps) console.warn(`warning: ${p}`);

  const outDir = path.resolve(ROOT, opts.out);
  await writeAtomic(path.join(outDir, 'schedule.json'), JSON.stringify({
    event: opts.event,
    version: schedule.version ?? 'wip',
    generated: new Date().toISOString(),
    talks,
  }, null, 2));
  await writeAtomic(path.join(outDir, 'speakers.json'), JSON.stringify(speakers, null, 2));
  await writeAtomic(path.resolve(ROOT, opts.ics), toIcs(opts.event, talks));
  console.error(`${talks.length} talks, ${speakers.length} speakers written (version ${schedule.version ?? 'wip'})`);
  if (overlaps.length) process.exitCode = 3;
}

main().catch((err) => {
  console.error(`export failed: ${err.message}`);
  process.exit(1);
});
