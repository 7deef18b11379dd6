#!/usr/bin/env node
// Auto-approve and enable auto-merge for low-risk Dependabot PRs.
//
// Criteria: author dependabot[bot], semver patch (or minor for devDependencies),
// all checks green, no "do-not-merge" label. Approval and auto-merge are
// requested through api.github.com (REST + GraphQL) with GITHUB_TOKEN in the
// Authorization header. Dry run unless --apply.
'use strict';

const API = 'https://api.github.com';
const REPO = process.env.GITHUB_REPOSITORY || 'acme/shipping';
const TOKEN = process.env.GITHUB_TOKEN;
const APPLY = process.argv.includes('--apply');

if (!TOKEN) {
  console.error('GITHUB_TOKEN is required');
  process.exit(2);
}

const headers = {
  Authorization: `Bearer ${TOKEN}`,
  Accept: 'application/vnd.github+json',
  'X-GitHub-Api-Version': '2022-11-28',
};

async function rest(method, p, body) {
  const res = await fetch(`${API}${p}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) {
    throw new Error(`${method} ${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  return res.status === 204 ? null : res.json();
}

async function graphql(query, variables) {
  const res = await fetch(`${API}/graphql`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const data = await res.json();
  if (data.errors) {
    throw new Error(data.errors.map((e) => e.message).join('; '));
  }
  return data.data;
}

async function openDependabotPrs() {
  const prs = [];
  for (let page = 1; ; page++) {
    const batch = await rest('GET', `/repos/${REPO}/pulls?state=open&per_page=100&page=${page}`);
    prs.push(...batch.filter((pr) => pr.user.login === 'dependabot[bot]'));
    if (batch.length < 100) {
      return prs;
    }
  }
}

function parseTitle(title) {
  // "Bump okhttp from 4.11.0 to 4.12.0 in /app"
  const m = /^(?:build\(deps(?:-dev)?\): )?[Bb]ump (\S+) from (\S+) to (\S+)/.exec(title);
  if (!m) {
    return null;
  }
  return { dep: m[1], from: m[2], to: m[3], dev: /deps-dev/.test(title) };
}

function semverKind(from, to) {
  const a = from.replace(/^v/, '').split('.').map((x) => parseInt(x, 10));
  const b = to.replace(/^v/, '').split('.').map((x) => parseInt(x, 10));
  if (a[0] !== b[0]) return 'major';
  if (a[1] !== b[1]) return 'minor';
  return 'patch';
}

async function checksGreen(sha) {
  const data = await rest('GET', `/repos/${REPO}/commits/${sha}/check-runs?per_page=100`);
  const runs = data.check_runs;
  if (!runs.length) {
    return false;
  }
  return runs.every((r) => r.status === 'completed' && ['success', 'skipped', 'neutral'].includes(r.conclusion));
}

async function alreadyApproved(number) {
  const reviews = await rest('GET', `/repos/${REPO}/pulls/${number}/reviews`);
  return reviews.some((r) => r.state === 'APPROVED');
}

async function enableAutoMerge(nodeId) {
  await graphql(
    `mutation($id: ID!) { enablePullRequestAutoMerge(input: {pullRequestId: $id, mergeMethod: SQUASH}) { clientMutationId } }`,
    { id: nodeId },
  );
}

function eligible(pr, info) {
  if (!info) return { ok: false, why: 'unrecognised title' };
  if (pr.labels.some((l) => l.name === 'do-not-merge')) return { ok: false, why: 'do-not-merge label' };
  const kind = semverKind(info.from, info.to);
  if (kind === 'patch') return { ok: true, why: 'patch' };
  if (kind === 'minor' && info.dev) return { ok: true, why: 'minor devDependency' };
  return { ok: false, why: `${kind} update` };
}

// Group updates of the same dependency: when Dependabot opened several PRs
// for one package (different directories), handle them together.
function groupByDependency(prs) {
  const groups = new Map();
  for (const pr of prs) {
    const info = parseTitle(pr.title);
    const key = info ? info.dep : `#${pr.number}`;
    if (!groups.has(key)) {
      groups.set(key, []);
    }
    groups.get(key).push(pr);
  }
  return groups;
}

function printGroups(groups) {
  for (const [dep, list] of groups) {
    if (list.length > 1) {
      console.log(`note: ${list.length} PRs update ${dep}: ${list.map((p) => `#${p.number}`).join(', ')}`);
    }
  }
}

// Summary for the job log / step summary.
function summaryMarkdown(rows) {
  const lines = ['| PR | dependency | decision |', '|---|---|---|'];
  for (const r of rows) {
    lines.push(`| #${r.number} | ${r.dep} | ${r.decision} |`);
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const prs = await openDependabotPrs();
  printGroups(groupByDependency(prs));
  console.log(`${prs.length} open Dependabot PR(s) in ${REPO}`);
  let acted = 0;
  for (const pr of prs) {
    const info = parseTitle(pr.title);
    const verdict = eligible(pr, info);
    if (!verdict.ok) {
      console.log(`skip  #${pr.number} ${pr.title} (${verdict.why})`);
      continue;
    }
    if (!(await checksGreen(pr.head.sha))) {
      console.log(`wait  #${pr.number} ${pr.title} (checks not green)`);
      continue;
    }
    console.log(`merge #${pr.number} ${pr.title} (${verdict.why})`);
    if (!APPLY) {
      continue;
    }
    if (!(await alreadyApproved(pr.number))) {
      await rest('POST', `/repos/${REPO}/pulls/${pr.number}/reviews`, {
        event: 'APPROVE',
        body: 'Low-risk dependency update; approved by scripts/dependabot-automerge.js',
      });
    }
    await enableAutoMerge(pr.node_id);
    acted++;
  }
  console.log(APPLY ? `auto-merge enabled on ${acted} PR(s)` : '(dry run; pass --apply)');
  if (process.env.GITHUB_STEP_SUMMARY) {
    const rows = prs.map((pr) => {
      const info = parseTitle(pr.title);
      return { number: pr.number, dep: info ? info.dep : '?', decision: eligible(pr, info).why };
    });
    require('node:fs').appendFileSync(process.env.GITHUB_STEP_SUMMARY, summaryMarkdown(rows));
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
