#!/usr/bin/env node
// Export the "Room Bookings" Airtable base to CSV + ICS files for the front desk.
//
//   node tools/bookings-export.mjs [--from 2026-12-01] [--days 14] [--room "Lab 2"]
//
// AIRTABLE_TOKEN and AIRTABLE_BOOKINGS_BASE come from .env; requests go only to
// api.airtable.com. Output: exports/bookings/<date>.csv and one .ics per room.
// The export folder is regenerated each run (files older than 30 days removed).
import { readFile, writeFile, mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'exports', 'bookings');
const TABLE = 'Bookings';
const MAX_AGE_DAYS = 30;

async function dotenv() {
  const file = path.join(ROOT, '.env');
  const env = {};
  if (existsSync(file)) {
    for (const raw of (await readFile(file, 'utf8')).split(/\r?\n/)) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const i = line.indexOf('=');
      if (i > 0) env[line.slice(0, i)] = line.slice(i + 1).replace(/^"(.*)"$/, '$1');
    }
  }
  return { ...env, ...process.env };
}

function parseArgs(argv) {
  const today = new Date().toISOString().slice(0, 10);
  const opts = { from: today, days: 14, room: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--from') opts.from = argv[++i];
    else if (argv[i] === '--days') opts.days = Number(argv[++i]);
    else if (argv[i] === '--room') opts.room = argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.from)) throw new Error('--from must be YYYY-MM-DD');
  if (!(opts.days > 0 && opts.days <= 120)) throw new Error('--days must be 1..120');
  return opts;
}

class Airtable {
  constructor(token, base) {
    if (!/^app\w{14}$/.test(base)) throw new Error('AIRTABLE_BOOKINGS_BASE looks wrong');
    this.base = base;
    this.headers = { Authorization: `Bearer ${token}` };
  }

  async *records(formula) {
    let offset;
    do {
      const url = new URL(`https://api.airtable.com/v0/${this.base}/${encodeURIComponent(TABLE)}`);
      url.searchParams.set('filterByFormula', formula);
      url.searchParams.set('pageSize', '100');
      url.searchParams.append('sort[0][field]', 'Start');
      if (offset) url.searchParams.set('offset', offset);
      let res;
      for (let attempt = 0; attempt < 5; attempt++) {
        res = await fetch(url, { headers: this.headers });
        if (res.status !== 429) break;
        await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
      }
      if (!res.ok) throw new Error(`Airtable ${res.status}: ${await res.text()}`);
      const page = await res.json();
      yield* page.records;
      offset = page.offset;
    } while (offset);
  }
}

function formulaFor(opts) {
  const end = new Date(Date.parse(opts.from) + opts.days * 86400000).toISOString().slice(0, 10);
  const parts = [`IS_AFTER({Start}, '${opts.from}')`, `IS_BEFORE({Start}, '${end}')`, `{Status} != 'Cancelled'`];
  if (opts.room) parts.push(`{Room} = '${opts.room.replace(/'/g, "\\'")}'`);
  return `AND(${parts.join(', ')})`;
}

const csvCell = (v) => {
  const s = v == null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function icsDate(iso) {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

function ics(room, bookings) {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//lab//bookings ${room}//EN`];
  for (const b of bookings) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${b.id}@bookings.lab.internal`,
      `DTSTAMP:${icsDate(new Date().toISOString())}`,
      `DTSTART:${icsDate(new Date(b.start).toISOString())}`,
      `DTEND:${icsDate(new Date(b.end).toISOString())}`,
      `SUMMARY:${(b.title || 'Booking').replace(/[,;]/g, ' ')}`,
      `LOCATION:${room}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

async function pruneOld() {
  if (!existsSync(OUT)) return 0;
  let n = 0;
  for (const name of await readdir(OUT)) {
    const p = path.join(OUT, name);
    const s = await stat(p);
    if (s.isFile() && Date.now() - s.mtimeMs > MAX_AGE_DAYS * 86400000) {
      await unlink(p);
      n++;
    }
  }
  return n;
}

function conflicts(bookings) {
  const byRoom = new Map();
  for (const b of bookings) {
    if (!byRoom.has(b.room)) byRoom.set(b.room, []);
    byRoom.get(b.room).push(b);
  }
  const out = [];
  for (const [room, list] of byRoom) {
    list.sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < list.length; i++) {
      if (list[i].start < list[i - 1].end) out.push(`${room}: ${list[i - 1].title} overlaps ${list[i].title}`);
    }
  }
  return out;
}

function utilisation(bookings, days) {
  // booked hours per room over the window, assuming 10 bookable hours per day
  const hours = new Map();
  for (const b of bookings) {
    const h = (Date.parse(b.end) - Date.parse(b.start)) / 3600000;
    hours.set(b.room, (hours.get(b.room) ?? 0) + Math.max(0, h));
  }
  return [...hours].map(([room, h]) => `${room}: ${((100 * h) / (days * 10)).toFixed(0)}%`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2)); // --from/--days/--room
  const env = await dotenv();
  if (!env.AIRTABLE_TOKEN || !env.AIRTABLE_BOOKINGS_BASE) throw new Error('AIRTABLE_TOKEN / AIRTABLE_BOOKINGS_BASE missing');
  const at = new Airtable(env.AIRTABLE_TOKEN, env.AIRTABLE_BOOKINGS_BASE);
  const bookings = [];
  for await (const r of at.records(formulaFor(opts))) {
    bookings.push({
      id: r.id,
      room: r.fields.Room ?? 'unknown',
      title: r.fields.Title ?? '',
      who: r.fields['Booked by']?.name ?? r.fields['Booked by'] ?? '',
      start: r.fields.Start,
      end: r.fields.End ?? r.fields.Start,
    });
  }
  await mkdir(OUT, { recursive: true });
  const pruned = await pruneOld();
  const csv = ['room,start,end,title,booked_by', ...bookings.map((b) => [b.room, b.start, b.end, b.title, b.who].map(csvCell).join(','))];
  await writeFile(path.join(OUT, `${opts.from}.csv`), csv.join('\n') + '\n');
  const rooms = [...new Set(bookings.map((b) => b.room))];
  for (const room of rooms) {
    const safe = room.replace(/[^\w-]+/g, '_');
    await writeFile(path.join(OUT, `${safe}.ics`), ics(room, bookings.filter((b) => b.room === room)));
  }
  console.log(`${bookings.length} booking(s) in ${rooms.length} room(s); pruned ${pruned} old file(s)`);
  for (const c of conflicts(bookings)) console.warn(`conflict: ${c}`);
  console.log(`utilisation: ${utilisation(bookings, opts.days).join(', ')}`);
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
