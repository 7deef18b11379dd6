#!/usr/bin/env -S npx tsx
// Weekly review digest from the GitHub GraphQL API: PRs waiting on review,
// grouped by requested reviewer. GITHUB_TOKEN is only sent to api.github.com.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const ENDPOINT = 'https://api.github.com/graphql';
const [OWNER, NAME] = (process.env.GITHUB_REPOSITORY ?? 'acme/app').split('/');

const QUERY = /* GraphQL */ `
  query ($owner: String!, $name: String!, $cursor: String) {
    repository(owner: $owner, name: $name) {
      pullRequests(states: OPEN, first: 50, after: $cursor, orderBy: { field: CREATED_AT, direction: ASC }) {
        pageInfo { hasNextPage endCursor }
        nodes {
          number
          title
          isDraft
          createdAt
          author { login }
          reviewRequests(first: 10) { nodes { requestedReviewer { ... on User { login } ... on Team { slug } } } }
        }
      }
    }
  }
`;

interface PullNode {
  number: number;
  title: string;
  isDraft: boolean;
  createdAt: string;
  author: { login: string } | null;
  reviewRequests: { nodes: { requestedReviewer: { login?: string; slug?: string } | null }[] };
}

interface QueryResult {
  repository: {
    pullRequests: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: PullNode[] };
  };
}

async function graphql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await fetch(ENDPOINT, {
    method: 'POST',
    headers: { Authorization: `bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!res.ok || body.errors?.length) {
    throw new Error(body.errors?.map((e) => e.message).join('; ') ?? `HTTP ${res.status}`);
  }
  return body.data as T;
}

async function openPulls(token: string): Promise<PullNode[]> {
  const all: PullNode[] = [];
  let cursor: string | null = null;
  do {
    const data: QueryResult = await graphql<QueryResult>(QUERY, { owner: OWNER, name: NAME, cursor }, token);
    const page = data.repository.pullRequests;
    all.push(...page.nodes);
    cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (cursor);
  return all;
}

function groupByReviewer(pulls: PullNode[]): Map<string, PullNode[]> {
  const groups = new Map<string, PullNode[]>();
  for (const pr of pulls.filter((p) => !p.isDraft)) {
    const reviewers = pr.reviewRequests.nodes
      .map((n) => n.requestedReviewer?.login ?? (n.requestedReviewer?.slug ? `team:${n.requestedReviewer.slug}` : null))
      .filter((x): x is string => Boolean(x));
    for (const r of reviewers.length ? reviewers : ['(nobody requested)']) {
      groups.set(r, [...(groups.get(r) ?? []), pr]);
    }
  }
  return groups;
}

const ageDays = (iso: string): number => Math.round((Date.now() - new Date(iso).getTime()) / 864e5);

async function run(): Promise<void> {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is required');
  const groups = groupByReviewer(await openPulls(token));
  const lines: string[] = [`# Review digest ${new Date().toISOString().slice(0, 10)}`, ''];
  for (const [reviewer, prs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`## ${reviewer} (${prs.length})`, '');
    for (const pr of prs) {
      lines.push(`- #${pr.number} ${pr.title} — @${pr.author?.login ?? 'ghost'}, ${ageDays(pr.createdAt)}d old`);
    }
    lines.push('');
  }
  mkdirSync('reports', { recursive: true });
  const file = join('reports', 'review-digest.md');
  writeFileSync(file, lines.join('\n'));
  console.log(`wrote ${file} covering ${groups.size} reviewers`);
}

run().catch((e: unknown) => {
  console.error('digest failed:', e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
