#!/usr/bin/env -S npx tsx
// Summarise the top unresolved Sentry issues for the weekly bug triage.
const SENTRY = 'https://sentry.io/api/0';

interface Issue { id: string; title: string; culprit: string; count: string; userCount: number; permalink: string; lastSeen: string }

class SentryClient {
  constructor(private readonly token: string, private readonly org: string) {}

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${SENTRY}${path}`, { headers: { Authorization: `Bearer ${this.token}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return (await res.json()) as T;
  }

  issues(project: string, limit: number): Promise<Issue[]> {
    const q = new URLSearchParams({ query: 'is:unresolved', sort: 'freq', statsPeriod: '7d', limit: String(limit) });
    return this.get(`/projects/${this.org}/${project}/issues/?${q}`);
  }
}

function table(issues: Issue[]): string {
  const rows = issues.map(
    (i, n) => `| ${n + 1} | [${i.title.replace(/\|/g, '/')}](${i.permalink}) | ${i.count} | ${i.userCount} | ${i.lastSeen.slice(0, 10)} |`,
  );
  return ['| # | Issue | Events | Users | Last seen |', '| - | - | - | - | - |', ...rows].join('\n');
}

async function main(): Promise<void> {
  const token = process.env.SENTRY_AUTH_TOKEN;
  const org = process.env.SENTRY_ORG ?? 'acme';
  const projects = (process.env.SENTRY_PROJECTS ?? 'web,api').split(',');
  if (!token) {
    console.error('SENTRY_AUTH_TOKEN is required');
    process.exit(2);
  }
  const client = new SentryClient(token, org);
  for (const p of projects) {
    const issues = await client.issues(p, 10);
    console.log(`\n## ${p} (${issues.length} issues)\n`);
    console.log(table(issues));
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
