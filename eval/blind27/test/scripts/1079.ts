#!/usr/bin/env -S npx tsx
// Peer-review completion report for a Canvas assignment.
//
//   npx tsx tools/peer-review-report.ts --course 4821 --assignment 99120 [--remind-file]
//
// Fetches peer-review assignments and submissions from Canvas
// (*.instructure.com, token from .env in the Authorization header) and writes
// reports/peer-<assignment>.md with completion per reviewer. --remind-file
// writes a list of reviewers with missing reviews for the TA to message from
// Canvas Inbox; the script itself never sends messages.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface PeerReview {
  assessor_id: number;
  user_id: number;
  asset_id: number;
  workflow_state: 'assigned' | 'completed';
}

interface Student {
  id: number;
  sortable_name: string;
  sis_user_id: string | null;
}

interface Assignment {
  id: number;
  name: string;
  peer_reviews: boolean;
  peer_review_count: number;
  peer_reviews_assign_at: string | null;
  due_at: string | null;
}

abstract class ApiClient {
  protected abstract readonly origin: string;
  protected abstract headers(): Record<string, string>;

  protected async request<T>(url: URL): Promise<{ data: T; next: URL | null }> {
    if (url.origin !== this.origin) throw new Error(`refusing request to ${url.origin}`);
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(url, { headers: this.headers() });
      if (res.status === 403 && (await res.clone().text()).includes('Rate Limit')) {
        await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
        continue;
      }
      if (!res.ok) throw new Error(`GET ${url.pathname}: ${res.status}`);
      const link = res.headers.get('link') ?? '';
      const m = /<([^>]+)>;\s*rel="next"/.exec(link);
      return { data: (await res.json()) as T, next: m ? new URL(m[1]) : null };
    }
    throw new Error('rate limited');
  }
}

class Canvas extends ApiClient {
  protected readonly origin: string;

  constructor(private readonly base: URL, private readonly token: string) {
    super();
    if (!base.hostname.endsWith('.instructure.com') || base.protocol !== 'https:') {
      throw new Error('CANVAS_URL must be https://<school>.instructure.com');
    }
    this.origin = base.origin;
  }

  protected headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}`, Accept: 'application/json' };
  }

  async one<T>(p: string): Promise<T> {
    return (await this.request<T>(new URL(`/api/v1${p}`, this.base))).data;
  }

  async all<T>(p: string): Promise<T[]> {
    const out: T[] = [];
    let url: URL | null = new URL(`/api/v1${p}${p.includes('?') ? '&' : '?'}per_page=100`, this.base);
    while (url) {
      const { data, next }: { data: T[]; next: URL | null } = await this.request<T[]>(url);
      out.push(...data);
      url = next;
    }
    return out;
  }
}

function loadEnv(): { url: URL; token: string } {
  const vals: Record<string, string> = {};
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) {
    for (const l of readFileSync(file, 'utf8').split('\n')) {
      const m = /^(CANVAS_URL|CANVAS_TOKEN)=(.*)$/.exec(l.trim());
      if (m) vals[m[1]] = m[2];
    }
  }
  const url = process.env.CANVAS_URL ?? vals.CANVAS_URL;
  const token = process.env.CANVAS_TOKEN ?? vals.CANVAS_TOKEN;
  if (!url || !token) throw new Error('CANVAS_URL and CANVAS_TOKEN required');
  return { url: new URL(url), token };
}

type Row = { reviewer: string; assigned: number; completed: number; missing: number };

function summarise(reviews: PeerReview[], students: Map<number, Student>): Row[] {
  const byReviewer = new Map<number, Row>();
  for (const r of reviews) {
    const s = students.get(r.assessor_id);
    const name = s ? s.sortable_name : `user ${r.assessor_id}`;
    const row = byReviewer.get(r.assessor_id) ?? { reviewer: name, assigned: 0, completed: 0, missing: 0 };
    row.assigned++;
    if (r.workflow_state === 'completed') row.completed++;
    else row.missing++;
    byReviewer.set(r.assessor_id, row);
  }
  return [...byReviewer.values()].sort((a, b) => b.missing - a.missing || a.reviewer.localeCompare(b.reviewer));
}

function markdown(a: Assignment, rows: Row[]): string {
  const done = rows.reduce((n, r) => n + r.completed, 0);
  const total = rows.reduce((n, r) => n + r.assigned, 0);
  return [
    `# Peer reviews: ${a.name}`,
    '',
    `Due ${a.due_at?.slice(0, 10) ?? 'n/a'}; ${a.peer_review_count} review(s) per student.`,
    `Completed ${done} of ${total} (${total ? Math.round((100 * done) / total) : 0}%).`,
    '',
    '| reviewer | assigned | completed | missing |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.reviewer} | ${r.assigned} | ${r.completed} | ${r.missing} |`),
    '',
  ].join('\n');
}

function unreviewedSubmissions(reviews: PeerReview[], students: Map<number, Student>): string[] {
  // submissions (by author) that nobody has completed a review for yet
  const completedFor = new Set(reviews.filter((r) => r.workflow_state === 'completed').map((r) => r.user_id));
  const authors = new Set(reviews.map((r) => r.user_id));
  return [...authors]
    .filter((id) => !completedFor.has(id))
    .map((id) => students.get(id)?.sortable_name ?? `user ${id}`)
    .sort();
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const arg = (k: string) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const course = Number(arg('--course'));
  const assignmentId = Number(arg('--assignment'));
  if (!course || !assignmentId) throw new Error('usage: --course <id> --assignment <id> [--remind-file]');
  const env = loadEnv();
  const canvas = new Canvas(env.url, env.token);

  const assignment = await canvas.one<Assignment>(`/courses/${course}/assignments/${assignmentId}`);
  if (!assignment.peer_reviews) throw new Error(`${assignment.name} has no peer reviews enabled`);
  const [reviews, students] = await Promise.all([
    canvas.all<PeerReview>(`/courses/${course}/assignments/${assignmentId}/peer_reviews`),
    canvas.all<Student>(`/courses/${course}/users?enrollment_type[]=student`),
  ]);
  const rows = summarise(reviews, new Map(students.map((s) => [s.id, s])));
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  const out = path.join(ROOT, 'reports', `peer-${assignmentId}.md`);
  writeFileSync(out, markdown(assignment, rows));
  console.log(`report: ${path.relative(ROOT, out)}`);
  const unreviewed = unreviewedSubmissions(reviews, new Map(students.map((s) => [s.id, s])));
  if (unreviewed.length) console.log(`${unreviewed.length} submission(s) without any completed review yet`);
  if (argv.includes('--remind-file')) {
    const list = rows.filter((r) => r.missing > 0).map((r) => `${r.reviewer}\t${r.missing}`);
    const f = path.join(ROOT, 'reports', `peer-${assignmentId}-remind.tsv`);
    writeFileSync(f, list.join('\n') + '\n');
    console.log(`${list.length} reviewer(s) to remind listed in ${path.relative(ROOT, f)} (send from Canvas Inbox)`);
  }
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
