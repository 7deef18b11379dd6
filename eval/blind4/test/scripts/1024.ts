// scripts/release-notes.ts
// Build release notes from merged PRs since the previous tag using the GitHub
// GraphQL API. Token from GITHUB_TOKEN; talks only to api.github.com.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const GRAPHQL = 'https://api.github.com/graphql';

interface PR {
  number: number;
  title: string;
  author: { login: string } | null;
  labels: { nodes: { name: string }[] };
  mergedAt: string;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function repoSlug(): [string, string] {
  const url = git('config', '--get', 'remote.origin.url');
  const m = url.match(/github\.com[:/]([^/]+)\/(.+?)(\.git)?$/);
  if (!m) throw new Error(`cannot parse GitHub remote: ${url}`);
  return [m[1], m[2]];
}

async function mergedSince(owner: string, name: string, since: string, token: string): Promise<PR[]> {
  const query = `query($q: String!) {
    search(query: $q, type: ISSUE, first: 100) {
      nodes { ... on PullRequest { number title mergedAt author { login } labels(first: 10) { nodes { name } } } }
    }
  }`;
  const q = `repo:${owner}/${name} is:pr is:merged merged:>=${since}`;
  const res = await fetch(GRAPHQL, {
    method: 'POST',
    headers: { Authorization: `bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables: { q } }),
  });
  if (!res.ok) throw new Error(`GraphQL ${res.status}`);
  const body = (await res.json()) as { data: { search: { nodes: PR[] } } };
  return body.data.search.nodes;
}

function section(prs: PR[], label: string | null, title: string): string {
  const pick = prs.filter((p) =>
    label ? p.labels.nodes.some((l) => l.name === label) : !p.labels.nodes.some((l) => ['bug', 'feature'].includes(l.name)),
  );
  if (!pick.length) return '';
  return `### ${title}\n\n${pick.map((p) => `- ${p.title} (#${p.number}, @${p.author?.login ?? 'ghost'})`).join('\n')}\n\n`;
}

async function main(): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is required');
  const [owner, name] = repoSlug();
  const prevTag = git('describe', '--tags', '--abbrev=0');
  const since = git('log', '-1', '--format=%cI', prevTag).slice(0, 10);
  const prs = await mergedSince(owner, name, since, token);
  const notes = `## Changes since ${prevTag}\n\n` +
    section(prs, 'feature', 'Features') + section(prs, 'bug', 'Fixes') + section(prs, null, 'Other');
  writeFileSync('RELEASE_NOTES.md', notes);
  console.log(`RELEASE_NOTES.md: ${prs.length} PR(s) since ${prevTag}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
