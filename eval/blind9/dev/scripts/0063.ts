#!/usr/bin/env -S npx tsx
// Report on open merge requests in our GitLab project: age, pipeline status
// and approvals. GITLAB_TOKEN (read_api scope) is only sent to gitlab.com.
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

const GITLAB = 'https://gitlab.com/api/v4';
const PROJECT = encodeURIComponent(process.env.GITLAB_PROJECT ?? 'acme/proj');

interface MergeRequest {
  iid: number;
  title: string;
  author: { username: string };
  created_at: string;
  draft: boolean;
  web_url: string;
  head_pipeline?: { status: string } | null;
}

interface Approvals {
  approved: boolean;
  approvals_left: number;
}

type Row = MergeRequest & { approvals: Approvals; ageDays: number };

class GitLab {
  constructor(private readonly token: string) {}

  private async request<T>(pathname: string, params: Record<string, string> = {}): Promise<{ body: T; next?: string }> {
    const url = new URL(`${GITLAB}${pathname}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { 'PRIVATE-TOKEN': this.token } });
    if (!res.ok) throw new Error(`GET ${url.pathname} -> ${res.status}`);
    return { body: (await res.json()) as T, next: res.headers.get('x-next-page') || undefined };
  }

  async *mergeRequests(): AsyncGenerator<MergeRequest> {
    let page = '1';
    while (page) {
      const { body, next } = await this.request<MergeRequest[]>(`/projects/${PROJECT}/merge_requests`, {
        state: 'opened',
        per_page: '50',
        page,
      });
      yield* body;
      page = next ?? '';
    }
  }

  async detail(iid: number): Promise<MergeRequest> {
    return (await this.request<MergeRequest>(`/projects/${PROJECT}/merge_requests/${iid}`)).body;
  }

  async approvals(iid: number): Promise<Approvals> {
    return (await this.request<Approvals>(`/projects/${PROJECT}/merge_requests/${iid}/approvals`)).body;
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (i < items.length) {
        const idx = i++;
        out[idx] = await fn(items[idx]);
      }
    }),
  );
  return out;
}

const days = (iso: string) => Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);

function icon(status?: string): string {
  return ({ success: '✅', failed: '❌', running: '🔄', pending: '⏳' } as Record<string, string>)[status ?? ''] ?? '—';
}

async function main(): Promise<void> {
  const token = process.env.GITLAB_TOKEN;
  if (!token) throw new Error('GITLAB_TOKEN is required');
  const gl = new GitLab(token);
  const list: MergeRequest[] = [];
  for await (const mr of gl.mergeRequests()) if (!mr.draft) list.push(mr);

  const rows: Row[] = await mapLimit(list, 4, async (mr) => {
    const [full, approvals] = await Promise.all([gl.detail(mr.iid), gl.approvals(mr.iid)]);
    return { ...full, approvals, ageDays: days(mr.created_at) };
  });
  rows.sort((a, b) => b.ageDays - a.ageDays);

  const lines = [
    '| MR | title | author | age | pipeline | approvals left |',
    '|----|-------|--------|----:|:--------:|---------------:|',
    ...rows.map((r) =>
      `| [!${r.iid}](${r.web_url}) | ${r.title.replace(/\|/g, '/')} | @${r.author.username} | ${r.ageDays}d | ${icon(r.head_pipeline?.status)} | ${r.approvals.approvals_left} |`),
  ];
  const out = path.join('reports', 'open-mrs.md');
  await mkdir('reports', { recursive: true });
  await writeFile(out, `${lines.join('\n')}\n`);
  const stale = rows.filter((r) => r.ageDays > 14).length;
  console.log(`${rows.length} open MRs (${stale} older than two weeks) -> ${out}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
