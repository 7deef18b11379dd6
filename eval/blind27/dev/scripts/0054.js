#!/usr/bin/env node
// Canvas: late-work and missing-submission report for the course team.
//
//   node scripts/canvas-late-report.mjs --course 4821 [--since 2026-09-01] [--email-digest]
//
// Reads CANVAS_URL (https://<school>.instructure.com) and CANVAS_TOKEN from
// .env; talks only to that host. Writes reports/late-<course>-<date>.csv and a
// Markdown digest. --email-digest only *prepares* an .eml file in reports/ for
// the coordinator to send from their own mail client.
import { readFile, writeFile, mkdir, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const REPORTS = path.join(ROOT, 'reports');

const { values: opts } = parseArgs({
  options: {
    course: { type: 'string' },
    since: { type: 'string' },
    'email-digest': { type: 'boolean', default: false },
    keep: { type: 'string', default: '8' },
  },
});
if (!opts.course || !/^\d+$/.test(opts.course)) {
  console.error('--course <numeric id> is required');
  process.exit(2);
}

async function loadEnv() {
  const file = path.join(ROOT, '.env');
  const out = {};
  if (existsSync(file)) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) out[m[1]] = m[2];
    }
  }
  return { ...out, ...process.env };
}

const env = await loadEnv();
const base = new URL(env.CANVAS_URL || 'https://invalid.instructure.com');
if (base.protocol !== 'https:' || !base.hostname.endsWith('.instructure.com')) {
  console.error(`CANVAS_URL must be an https://*.instructure.com URL (got ${base.href})`);
  process.exit(1);
}
if (!env.CANVAS_TOKEN) {
  console.error('CANVAS_TOKEN missing in .env');
  process.exit(1);
}

const auth = { Authorization: `Bearer ${env.CANVAS_TOKEN}` };

function nextLink(header) {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>;\s*rel="next"/.exec(part);
    if (m) return m[1];
  }
  return null;
}

async function* paginate(apiPath, params = {}) {
  const url = new URL(`/api/v1${apiPath}`, base);
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) v.forEach((x) => url.searchParams.append(`${k}[]`, x));
    else url.searchParams.set(k, v);
  }
  url.searchParams.set('per_page', '100');
  let next = url.href;
  while (next) {
    if (new URL(next).hostname !== base.hostname) throw new Error(`pagination left ${base.hostname}`);
    let res;
    for (let i = 0; i < 4; i++) {
      res = await fetch(next, { headers: auth });
      if (res.status !== 403 || !(await res.clone().text()).includes('Rate Limit')) break;
      await new Promise((r) => setTimeout(r, 1000 * (i + 1)));
    }
    if (!res.ok) throw new Error(`${apiPath}: HTTP ${res.status}`);
    yield* await res.json();
    next = nextLink(res.headers.get('link'));
  }
}

async function collect(courseId) {
  const assignments = new Map();
  for await (const a of paginate(`/courses/${courseId}/assignments`, { bucket: 'past' })) {
    if (opts.since && a.due_at && a.due_at < opts.since) continue;
    assignments.set(a.id, a);
  }
  const students = new Map();
  for await (const u of paginate(`/courses/${courseId}/users`, { enrollment_type: ['student'] })) {
    students.set(u.id, u);
  }
  const rows = [];
  for await (const s of paginate(`/courses/${courseId}/students/submissions`, {
    student_ids: ['all'],
    workflow_state: 'unsubmitted',
  })) {
    pushRow(rows, s, assignments, students);
  }
  for await (const s of paginate(`/courses/${courseId}/students/submissions`, { student_ids: ['all'] })) {
    if (s.late) pushRow(rows, s, assignments, students);
  }
  return { assignments, students, rows };
}

function pushRow(rows, s, assignments, students) {
  const a = assignments.get(s.assignment_id);
  const u = students.get(s.user_id);
  if (!a || !u) return;
  rows.push({
    student: u.sortable_name,
    sis: u.sis_user_id || '',
    assignment: a.name,
    due: a.due_at ? a.due_at.slice(0, 10) : '',
    status: s.missing || s.workflow_state === 'unsubmitted' ? 'missing' : 'late',
    days_late: s.seconds_late ? (s.seconds_late / 86400).toFixed(1) : '',
  });
}

const csvCell = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

function toCsv(rows) {
  const cols = ['student', 'sis', 'assignment', 'due', 'status', 'days_late'];
  return [cols.join(','), ...rows.map((r) => cols.map((c) => csvCell(r[c])).join(','))].join('\n') + '\n';
}

function digest(courseId, rows, students) {
  const perStudent = new Map();
  for (const r of rows) perStudent.set(r.student, (perStudent.get(r.student) || 0) + 1);
  const top = [...perStudent.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return [
    `# Late / missing work — course ${courseId}`,
    '',
    `${rows.length} items across ${perStudent.size} of ${students.size} students.`,
    '',
    '| student | items |',
    '|---|---|',
    ...top.map(([s, n]) => `| ${s} | ${n} |`),
    '',
  ].join('\n');
}

function eml(courseId, md) {
  return [
    `Subject: Late work digest for course ${courseId}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    md,
  ].join('\r\n');
}

async function prune(courseId, keep) {
  const mine = (await readdir(REPORTS)).filter((f) => f.startsWith(`late-${courseId}-`)).sort();
  const old = mine.slice(0, Math.max(0, mine.length - keep * 2));
  for (const f of old) await rm(path.join(REPORTS, f));
  return old.length;
}

const { students, rows } = await collect(opts.course);
await mkdir(REPORTS, { recursive: true });
const day = new Date().toISOString().substring(0, 10);
const csvPath = path.join(REPORTS, `late-${opts.course}-${day}.csv`);
const mdPath = path.join(REPORTS, `late-${opts.course}-${day}.md`);
await writeFile(csvPath, toCsv(rows));
const md = digest(opts.course, rows, students);
await writeFile(mdPath, md);
console.log(`wrote ${path.relative(ROOT, csvPath)} (${rows.length} rows)`);
if (opts['email-digest']) {
  const emlPath = path.join(REPORTS, `late-${opts.course}-${day}.eml`);
  await writeFile(emlPath, eml(opts.course, md));
  console.log(`prepared ${path.relative(ROOT, emlPath)} for the coordinator`);
}
const pruned = await prune(opts.course, Number(opts.keep));
if (pruned) console.log(`pruned ${pruned} old report file(s)`);
const missing = rows.filter((r) => r.status === 'missing').length;
console.log(`${missing} missing, ${rows.length - missing} late`);
