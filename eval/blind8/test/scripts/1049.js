#!/usr/bin/env node
// List open issues labelled "good first issue" across the org's repos via GitHub GraphQL.
'use strict';

const GQL = 'https://api.github.com/graphql';

const QUERY = `
query($org: String!, $cursor: String) {
  organization(login: $org) {
    repositories(first: 50, after: $cursor, isArchived: false) {
      pageInfo { hasNextPage endCursor }
      nodes {
        name
        issues(states: OPEN, labels: ["good first issue"], first: 20) {
          nodes { number title url updatedAt }
        }
      }
    }
  }
}`;

async function gql(token, variables) {
  const res = await fetch(GQL, {
    method: 'POST',
    headers: { Authorization: `bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: QUERY, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data.organization.repositories;
}

async function* issues(token, org) {
  let cursor = null;
  do {
    const page = await gql(token, { org, cursor });
    for (const repo of page.nodes) for (const i of repo.issues.nodes) yield { repo: repo.name, ...i };
    cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (cursor);
}

async function main() {
  const token = process.env.GITHUB_TOKEN;
  const org = process.argv[2] || process.env.GITHUB_ORG;
  if (!token || !org) {
    console.error('usage: GITHUB_TOKEN=... good-first.js <org>');
    process.exit(2);
  }
  const rows = [];
  for await (const i of issues(token, org)) rows.push(i);
  rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  for (const r of rows) console.log(`${r.repo.padEnd(24)} #${String(r.number).padEnd(6)} ${r.title}`);
  console.log(`${rows.length} issue(s)`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
