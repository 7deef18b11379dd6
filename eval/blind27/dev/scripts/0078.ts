#!/usr/bin/env -S npx tsx
// Upload rubric-based grades from grading/<assignment>.csv to Canvas.
//
//   npx tsx tools/push-grades.ts --course 4821 --assignment 99017 [--apply]
//
// The CSV is produced by the TA grading sheet (sis_id, score, comment).
// Without --apply the script only prints a diff between Canvas and the CSV.
// With --apply it submits grades in batches of 50 through the documented
// "update_grades" endpoint and polls the resulting Canvas progress object.
import { readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

interface GradeRow {
  sisId: string;
  score: number;
  comment: string;
}

interface CanvasUser {
  id: number;
  sis_user_id: string | null;
  sortable_name: string;
}

interface Submission {
  user_id: number;
  score: number | null;
  workflow_state: string;
}

interface Progress {
  id: number;
  workflow_state: 'queued' | 'running' | 'completed' | 'failed';
  message: string | null;
  completion: number;
}

class Config {
  readonly base: URL;
  readonly token: string;

  constructor() {
    const env: Record<string, string> = {};
    const file = path.join(ROOT, '.env');
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const i = line.indexOf('=');
        if (i > 0) env[line.slice(0, i).trim()] = line.slice(i + 1).trim();
      }
    }
    this.base = new URL(process.env.CANVAS_URL ?? env.CANVAS_URL ?? 'https://invalid.instructure.com');
    this.token = process.env.CANVAS_TOKEN ?? env.CANVAS_TOKEN ?? '';
    if (!this.base.hostname.endsWith('.instructure.com') || this.base.protocol !== 'https:') {
      throw new Error(`CANVAS_URL must be https://<school>.instructure.com, got ${this.base.href}`);
    }
    if (!this.token) throw new Error('CANVAS_TOKEN missing');
  }
}

class Canvas {
  constructor(private readonly cfg: Config) {}

  private url(p: string): URL {
    return new URL(`/api/v1${p}`, this.cfg.base);
  }

  async request<T>(method: string, p: string | URL, body?: unknown): Promise<{ data: T; next: string | null }> {
    const url = typeof p === 'string' ? this.url(p) : p;
    if (url.hostname !== this.cfg.base.hostname) throw new Error(`refusing to call ${url.hostname}`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${this.cfg.token}`, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 403 && (await res.clone().text()).includes('Rate Limit Exceeded')) {
        await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${url.pathname}: ${res.status}`);
      const link = res.headers.get('link') ?? '';
      const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
      return { data: (await res.json()) as T, next };
    }
    throw new Error('rate limited');
  }

  async all<T>(p: string): Promise<T[]> {
    const out: T[] = [];
    let target: string | URL | null = p + (p.includes('?') ? '&' : '?') + 'per_page=100';
    while (target) {
      const { data, next }: { data: T[]; next: string | null } = await this.request<T[]>('GET', target);
      out.push(...data);
      target = next ? new URL(next) : null;
    }
    return out;
  }
}

function readGrades(file: string, maxPoints: number): GradeRow[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const cols = header.split(',').map((c) => c.trim().toLowerCase());
  const idx = (name: string) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`${file}: missing column ${name}`);
    return i;
  };
  const [iSis, iScore, iComment] = [idx('sis_id'), idx('score'), cols.indexOf('comment')];
  return lines.map((l, n) => {
    const f = l.split(',');
    const score = Number(f[iScore]);
    if (!Number.isFinite(score) || score < 0 || score > maxPoints) {
      throw new Error(`${file}:${n + 2}: score ${f[iScore]} outside 0..${maxPoints}`);
    }
    return { sisId: f[iSis].trim(), score, comment: iComment >= 0 ? (f[iComment] ?? '').trim() : '' };
  });
}

async function waitFor(canvas: Canvas, progressUrl: string): Promise<Progress> {
  for (;;) {
    const { data } = await canvas.request<Progress>('GET', new URL(progressUrl));
    if (data.workflow_state === 'completed' || data.workflow_state === 'failed') return data;
    process.stdout.write(`\r  progress ${data.completion ?? 0}%   `);
    await new Promise((r) => setTimeout(r, 1500));
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const get = (f: string) => argv[argv.indexOf(f) + 1];
  const course = Number(get('--course'));
  const assignment = Number(get('--assignment'));
  const apply = argv.includes('--apply');
  if (!course || !assignment) throw new Error('usage: push-grades.ts --course N --assignment N [--apply]');

  const canvas = new Canvas(new Config());
  const { data: asg } = await canvas.request<{ name: string; points_possible: number }>(
    'GET', `/courses/${course}/assignments/${assignment}`);
  const grades = readGrades(path.join(ROOT, 'grading', `${assignment}.csv`), asg.points_possible);
  const users = await canvas.all<CanvasUser>(`/courses/${course}/users?enrollment_type[]=student`);
  const bySis = new Map(users.filter((u) => u.sis_user_id).map((u) => [u.sis_user_id as string, u]));
  const subs = await canvas.all<Submission>(`/courses/${course}/assignments/${assignment}/submissions`);
  const current = new Map(subs.map((s) => [s.user_id, s.score]));

  const changes: Array<{ user: CanvasUser; from: number | null; row: GradeRow }> = [];
  const unknown: string[] = [];
  for (const row of grades) {
    const user = bySis.get(row.sisId);
    if (!user) {
      unknown.push(row.sisId);
      continue;
    }
    const from = current.get(user.id) ?? null;
    if (from !== row.score) changes.push({ user, from, row });
  }
  console.log(`${asg.name}: ${grades.length} rows, ${changes.length} changes, ${unknown.length} unknown SIS ids`);
  for (const c of changes.slice(0, 25)) console.log(`  ${c.user.sortable_name.padEnd(28)} ${c.from ?? '-'} -> ${c.row.score}`);
  if (unknown.length) console.log(`  unknown: ${unknown.join(', ')}`);

  mkdirSync(path.join(ROOT, 'build'), { recursive: true });
  writeFileSync(path.join(ROOT, 'build', `grade-diff-${assignment}.json`), JSON.stringify(changes, null, 2));
  if (!apply) {
    console.log('dry run; re-run with --apply to submit');
    return;
  }
  for (let i = 0; i < changes.length; i += 50) {
    const grade_data: Record<string, { posted_grade: string; text_comment?: string }> = {};
    for (const c of changes.slice(i, i + 50)) {
      grade_data[String(c.user.id)] = { posted_grade: String(c.row.score), ...(c.row.comment ? { text_comment: c.row.comment } : {}) };
    }
    const { data: progress } = await canvas.request<Progress & { url: string }>(
      'POST', `/courses/${course}/assignments/${assignment}/submissions/update_grades`, { grade_data });
    const done = await waitFor(canvas, progress.url);
    console.log(`\n  batch ${i / 50 + 1}: ${done.workflow_state}${done.message ? ` (${done.message})` : ''}`);
  }
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
