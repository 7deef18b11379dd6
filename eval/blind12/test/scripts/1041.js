#!/usr/bin/env node
// List the items of a GitHub Projects (v2) board that are assigned to the
// current user and still "In progress", via the GraphQL endpoint at
// api.github.com. Token: GITHUB_TOKEN with read:project scope.
'use strict';

const GRAPHQL = 'https://api.github.com/graphql';

const QUERY = `
  query($org: String!, $number: Int!, $after: String) {
    organization(login: $org) {
      projectV2(number: $number) {
        title
        items(first: 50, after: $after) {
          pageInfo { hasNextPage endCursor }
          nodes {
            fieldValueByName(name: "Status") {
              ... on ProjectV2ItemFieldSingleSelectValue { name }
            }
            content {
              ... on Issue { title url number assignees(first: 5) { nodes { login } } }
              ... on PullRequest { title url number assignees(first: 5) { nodes { login } } }
            }
          }
        }
      }
    }
    viewer { login }
  }`;

function graphql(token, variables) {
  return fetch(GRAPHQL, {
    method: 'POST',
    headers: {
      Authorization: `bearer ${token}`,
      'Content-Type': 'application/json',
      'User-Agent': 'board-mine-script',
    },
    body: JSON.stringify({ query: QUERY, variables }),
  })
    .then((res) => {
      if (!res.ok) throw new Error(`GraphQL HTTP ${res.status}`);
      return res.json();
    })
    .then((body) => {
      if (body.errors && body.errors.length) {
        throw new Error(body.errors.map((e) => e.message).join('; '));
      }
      return body.data;
    });
}

async function collectItems(token, org, number) {
  const items = [];
  let after = null;
  let viewer = null;
  let title = '';
  do {
    const data = await graphql(token, { org, number, after });
    viewer = data.viewer.login;
    const project = data.organization.projectV2;
    title = project.title;
    items.push(...project.items.nodes);
    after = project.items.pageInfo.hasNextPage ? project.items.pageInfo.endCursor : null;
  } while (after);
  return { items, viewer, title };
}

function parseArgs(argv) {
  const args = { org: null, number: null, status: 'In progress' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--status') args.status = argv[++i];
    else if (!args.org) args.org = argv[i];
    else if (args.number === null) args.number = Number(argv[i]);
  }
  if (!args.org || !Number.isInteger(args.number)) {
    throw new Error('usage: board-mine.js <org> <project-number> [--status NAME]');
  }
  return args;
}

async function main() {
  const token = process.env.GITHUB_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN is not set');
  const args = parseArgs(process.argv.slice(2));
  const { items, viewer, title } = await collectItems(token, args.org, args.number);
  const mine = items.filter((it) => {
    const status = it.fieldValueByName && it.fieldValueByName.name;
    const assignees = (it.content && it.content.assignees && it.content.assignees.nodes) || [];
    return status === args.status && assignees.some((a) => a.login === viewer);
  });
  console.log(`${title}: ${mine.length} item(s) "${args.status}" for @${viewer}`);
  for (const it of mine) {
    console.log(`  #${String(it.content.number).padEnd(6)} ${it.content.title}`);
    console.log(`          ${it.content.url}`);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
